/** Validation of invoices and credit notes before they are accepted for sending. */
import type { XmlElement } from '../../../shared/ubl';
import { Located } from './located';
import type { RuleSet } from './rule-sets';
import type { BillingDocumentKind, RuleContext, Violation } from './types';

export { listValidationRules, findRuleSet, autodetectRuleSet, type ValidationRule, type RuleSet } from './rule-sets';
export type { Violation, BillingDocumentKind } from './types';

/** Runs every check of the rule set; an empty list means the document is valid. */
export function validateBillingDocument(root: XmlElement, kind: BillingDocumentKind, ruleSet: RuleSet): Violation[] {
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const located = Located.root(root);
  const context: RuleContext = {
    root: located,
    kind,
    lineName: kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine',
    quantityName: kind === 'invoice' ? 'InvoicedQuantity' : 'CreditedQuantity',
    typeCodeName: kind === 'invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode',
    currency: located.one('DocumentCurrencyCode').text,
    report(code, at, message) {
      const key = `${code} ${at.path}`;
      if (seen.has(key)) return;
      seen.add(key);
      violations.push({ code, propertyPath: at.path, message });
    },
  };
  for (const check of ruleSet.checks) check(context);
  return violations;
}
