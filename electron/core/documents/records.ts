/**
 * Zod schemas for what the document interface answers: the record of DESIGN §5.2, the Hydra
 * collection envelope, validation rules and the 422 constraint-violation list.
 */
import { z } from 'zod';
import type { DocumentPage, DocumentRecord, DocumentType, ValidationRule, Violation } from '../../../shared/contract';

/** Text the server may leave out or send as null; the client shows it as empty. */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

const partySchema = z
  .object({ name: text, identifier: text })
  .nullish()
  .transform((party) => party ?? { name: '', identifier: '' });

export const recordSchema = z.object({
  uuid: z.string().min(1),
  // Records of orders and the other non-billing types are not shown by the spec: be lenient there.
  direction: z.enum(['incoming', 'outgoing']).nullish(),
  format: text,
  number: text,
  date: text,
  sender: partySchema,
  recipient: partySchema,
  createdAt: text,
  downloaded: z.boolean().nullish(),
});
export type WireRecord = z.output<typeof recordSchema>;

export function toDocumentRecord(type: DocumentType, wire: WireRecord): DocumentRecord {
  return {
    uuid: wire.uuid,
    type,
    direction: wire.direction ?? 'incoming',
    format: wire.format || 'UBL 2.1 XML',
    number: wire.number,
    date: wire.date,
    sender: wire.sender,
    recipient: wire.recipient,
    createdAt: wire.createdAt,
    downloaded: wire.downloaded ?? false,
  };
}

/** `application/ld+json` collection (spec: "Collection envelope"). */
export const hydraCollectionSchema = z.object({
  'hydra:member': z.array(recordSchema),
  'hydra:totalItems': z.number().int().min(0).optional(),
});

export function toDocumentPage(
  type: DocumentType,
  envelope: z.output<typeof hydraCollectionSchema>,
  page: number,
  itemsPerPage: number,
): DocumentPage {
  const items = envelope['hydra:member'].map((wire) => toDocumentRecord(type, wire));
  // Without a total (partial pagination) the best the client knows is what it has seen so far.
  const totalItems = envelope['hydra:totalItems'] ?? (page - 1) * itemsPerPage + items.length;
  return { items, totalItems, page, itemsPerPage };
}

const validationRuleSchema = z.object({
  code: z.string().min(1),
  name: text,
  documentTypes: z.array(z.string()).nullish().transform((types) => types ?? []),
  latest: z.boolean().nullish().transform((latest) => latest ?? false),
});

/** `GET /validation-rules`: a plain array (DESIGN §5.2), or a Hydra collection of the same items. */
export const validationRulesSchema = z
  .union([z.array(validationRuleSchema), z.object({ 'hydra:member': z.array(validationRuleSchema) })])
  .transform((value): ValidationRule[] => (Array.isArray(value) ? value : value['hydra:member']));

/** API Platform ConstraintViolationList (DESIGN §5.2): `violations: [{propertyPath, message, code}]`. */
export const constraintViolationsSchema = z.object({
  violations: z.array(
    z.object({
      propertyPath: text,
      message: text,
      code: text,
    }),
  ),
});

export function toViolations(body: z.output<typeof constraintViolationsSchema>): Violation[] {
  return body.violations.map((violation) => ({ rule: violation.code, location: violation.propertyPath, message: violation.message }));
}

/** The print answer's body (DESIGN §5.2: `{"url": …}`). */
export const printBodySchema = z.object({ url: z.string().min(1) });
