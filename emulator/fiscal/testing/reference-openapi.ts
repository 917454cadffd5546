/**
 * The provider's reference OpenAPI (`../shared/reference/ereceipts-it-openapi-2025.json`) as the
 * emulator serves it: the spec's October 2026 changes applied in ONE place (`SPEC_CHANGES` below),
 * and an ajv validator (JSON Schema 2020-12, as OpenAPI 3.1 uses) for the responses of every
 * operation. Tests only: it reads the file beside the repository.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

export const referencePath = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'reference', 'ereceipts-it-openapi-2025.json');

type Json = Record<string, unknown>;
type Schema = Json;

interface ResponseSpec {
  content?: Record<string, { schema?: Schema }>;
}
interface OperationSpec {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, ResponseSpec>;
}

export interface ReferenceOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The reference's path, e.g. `/mf1/point-of-sales/{serial_number}/close`. */
  referencePath: string;
  /** The path the emulator serves, with the spec's changes, e.g. `/v1/mf1/pems/{serial_number}/close`. */
  path: string;
  operationId: string;
  spec: OperationSpec;
}

/**
 * The spec's changes (service-interfaces.md, "Versioning", October 2026) applied to the reference.
 * Each entry names the change; `applySpecChanges` is the only code that implements them.
 */
export const SPEC_CHANGES = [
  'Paths carry the prefix /v1 (the fiscal interfaces are versioned).',
  'PEM paths: `point-of-sales` is renamed `pems` (MF1 and MF2).',
  'VAT rates: only 4.00, 5.00, 10.00, 22.00 remain (VatRateEnum and emergency-report entries).',
  'Emergency-report entries: ateco_code is exactly 6 uppercase alphanumeric characters.',
  'MF2 errors: `status` is an integer (the reference types it as a number).',
  'MF2 collections: pagination links (view.first, view.last, view.previous, view.next) may be null.',
  'PEM status includes `discarded` (MF2 writes PEM statuses in lowercase).',
] as const;

const REMOVED_VAT_RATES = new Set(['2.00', '6.40', '7.00', '7.30', '7.50', '7.65', '7.95', '8.30', '8.50', '8.80', '9.50', '12.30']);

function applySpecChanges(document: Json): Json {
  const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
  const vat = schemas['E-Receipt_IT_API_VatRateEnum'] as { enum: string[] };
  vat.enum = vat.enum.filter((rate) => !REMOVED_VAT_RATES.has(rate));
  const entry = schemas['A-Cube_GOV-IT_PEL_Platform_DailyReportEntry'] as { properties: Record<string, Schema> };
  const entryVat = entry.properties.vat_rate_code as { anyOf: { enum?: string[] }[] };
  for (const option of entryVat.anyOf) if (option.enum) option.enum = option.enum.filter((rate) => !REMOVED_VAT_RATES.has(rate));
  entry.properties.ateco_code = { type: ['string', 'null'], pattern: '^[A-Z0-9]{6}$' };
  for (const name of ['A-Cube_GOV-IT_PEL_Platform_Error', 'A-Cube_GOV-IT_PEL_Platform_Error.jsonld']) {
    const error = schemas[name] as Schema;
    const properties = ((error.properties as Json | undefined) ?? ((error.allOf as Json[])[1]?.properties as Json)) as Record<string, Schema>;
    properties.status = { type: 'integer' };
  }
  const view = ((schemas['A-Cube_GOV-IT_PEL_Platform_HydraCollectionBaseSchema'] as { allOf: Json[] }).allOf[1] as { properties: { view: { properties: Record<string, Schema> } } }).properties.view;
  for (const link of ['first', 'last', 'previous', 'next']) view.properties[link] = { type: ['string', 'null'], format: 'iri-reference' };
  const pemStatus = schemas['E-Receipt_IT_API_PEMStatus'] as { enum: string[] };
  if (!pemStatus.enum.includes('DISCARDED')) pemStatus.enum.push('DISCARDED');

  const paths = document.paths as Record<string, unknown>;
  document.paths = Object.fromEntries(Object.entries(paths).map(([path, item]) => [`/v1${path.replaceAll('/point-of-sales', '/pems')}`, item]));
  return document;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function loadReference(): { document: Json; operations: ReferenceOperation[] } {
  const original = JSON.parse(readFileSync(referencePath, 'utf8')) as Json;
  const referencePaths = Object.keys(original.paths as Json);
  const document = applySpecChanges(structuredClone(original));
  const operations: ReferenceOperation[] = [];
  for (const [index, [path, item]] of Object.entries(document.paths as Record<string, Record<string, OperationSpec>>).entries()) {
    for (const method of METHODS) {
      const spec = item[method];
      if (spec) operations.push({ method: method.toUpperCase() as ReferenceOperation['method'], referencePath: referencePaths[index] ?? path, path, operationId: spec.operationId, spec });
    }
  }
  return { document, operations };
}

/** Validates responses against the (changed) reference's schemas. */
export function referenceValidator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // used by the Hydra schemas; ajv-formats has no IRI formats
  ajv.addFormat('iri-reference', { type: 'string', validate: (value: string) => URL.canParse(value, 'http://iri.invalid/') });
  ajv.addSchema({ ...document, $id: 'reference' });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const validatorFor = (schema: Schema) => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...rebase(schema) });
      compiled.set(key, validate);
    }
    return validate;
  };
  return {
    /**
     * Problems of a response (empty when it conforms): a status the operation does not document,
     * or a JSON body that does not match the schema of that status and media type.
     */
    check(operation: ReferenceOperation, status: number, contentType: string | null, body: unknown): string[] {
      const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
      const response = operation.spec.responses[String(status)] ?? undocumentedAnswer(operation, status);
      if (!response) return [`${operation.method} ${operation.path}: status ${status} is not documented (documented: ${Object.keys(operation.spec.responses).join(', ')})`];
      const content = response.content ?? {};
      const entry = content[mediaType] ?? (mediaType === 'application/problem+json' ? content['application/json'] : undefined);
      if (status === 204) return [];
      if (!entry && Object.keys(content).length > 0) return [`${operation.method} ${operation.path} ${status}: media type "${mediaType}" is not documented (${Object.keys(content).join(', ')})`];
      if (!entry?.schema || Object.keys(entry.schema).length === 0) return [];
      const validate = validatorFor(entry.schema);
      if (validate(body)) return [];
      return (validate.errors ?? []).map((error) => `${operation.method} ${operation.path} ${status} ${mediaType}: ${error.instancePath || '(root)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    },
  };
}

/**
 * Answers the emulator gives where the reference documents none, each for a stated reason (listed
 * in docs/emulator.md); their bodies are checked against the flavour's error schema.
 */
export const UNDOCUMENTED_ANSWERS: readonly { status: number; operations: 'all' | readonly string[]; reason: string }[] = [
  { status: 401, operations: 'all', reason: 'every fiscal call needs the bearer token (spec: the login token is used by all interfaces); MF2 documents no 401 at all' },
  {
    status: 404,
    operations: [
      'DELETE /v1/mf1/cashiers/{cashier_id}',
      'GET /v1/mf1/receipts/{receipt_uuid}',
      'GET /v1/mf1/receipts/{receipt_uuid}/returnable-items',
      'GET /v1/mf1/pems/{serial_number}/receipts',
      'POST /v1/mf1/pems/{serial_number}/communicate-offline',
      'GET /v1/mf2/pems/{serial_number}/emergency-reports',
      'POST /v1/mf2/pems/{serial_number}/upload-emergency-report',
      'GET /v1/mf2/merchants/{merchant_uuid}/pems',
    ],
    reason: 'an unknown id in the path is a 404 Not Found, as on the operations that document it',
  },
];

function undocumentedAnswer(operation: ReferenceOperation, status: number): ResponseSpec | undefined {
  const key = `${operation.method} ${operation.path}`;
  const allowed = UNDOCUMENTED_ANSWERS.some((answer) => answer.status === status && (answer.operations === 'all' || answer.operations.includes(key)));
  if (!allowed) return undefined;
  if (operation.path.startsWith('/v1/mf1/')) {
    const name = status === 401 ? 'E-Receipt_IT_API_ErrorModel401Unauthorized' : 'E-Receipt_IT_API_ErrorModel404NotFound';
    return { content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
  }
  return {
    content: {
      'application/ld+json': { schema: { $ref: '#/components/schemas/A-Cube_GOV-IT_PEL_Platform_Error.jsonld' } },
      'application/problem+json': { schema: { $ref: '#/components/schemas/A-Cube_GOV-IT_PEL_Platform_Error' } },
    },
  };
}

/** Rewrites local `#/components/…` references to point into the registered reference document. */
function rebase(schema: unknown): Schema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', '"$ref":"reference#/')) as Schema;
}
