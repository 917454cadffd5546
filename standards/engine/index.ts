/** The standards engine: official XSD and Schematron validation, shared by the app core and the emulator. */
export { createStandardsEngine, type StandardsEngine, type StandardsEngineOptions, type ValidateOptions } from './engine';
export { listRuleSets, findRuleSet, ruleSetFor, type RuleSetInfo } from './rule-sets';
export * from './types';
export { KSEF_DESTINATION, PEF_CUSTOMIZATION_MARK } from './detect';
