/** The standards engine: official XSD and Schematron validation, shared by the app core and the emulator. */
export { createStandardsEngine, type StandardsEngine, type StandardsEngineOptions, type ValidateOptions } from './engine';
export { listRuleSets, findRuleSet, ruleSetFor, type RuleSetInfo } from './rule-sets';
export * from './types';
export { noticeText, SEMPLIFICATA_RF20_EXPLANATION } from './fatturapa-notes';
export { KSEF_DESTINATION, PEF_CUSTOMIZATION_MARK } from './detect';
