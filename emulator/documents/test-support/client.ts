/** Small HTTP helpers and response schemas for the document interface tests. */
import { z } from 'zod';

export const partySchema = z.object({ name: z.string(), identifier: z.string() }).strict();

export const recordSchema = z
  .object({
    uuid: z.string().min(1),
    direction: z.enum(['incoming', 'outgoing']),
    format: z.literal('UBL 2.1 XML'),
    number: z.string(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    sender: partySchema,
    recipient: partySchema,
    createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/),
    downloaded: z.boolean(),
  })
  .strict();

export const linkedRecordSchema = recordSchema.extend({ '@id': z.string(), '@type': z.string() }).strict();

export type TestRecord = z.infer<typeof recordSchema>;

export const hydraCollectionSchema = z.object({
  '@context': z.string(),
  '@id': z.string(),
  '@type': z.literal('hydra:Collection'),
  'hydra:totalItems': z.number().int().min(0),
  'hydra:member': z.array(linkedRecordSchema),
  'hydra:view': z
    .object({
      '@id': z.string(),
      '@type': z.literal('hydra:PartialCollectionView'),
      'hydra:first': z.string().optional(),
      'hydra:last': z.string().optional(),
      'hydra:previous': z.string().optional(),
      'hydra:next': z.string().optional(),
    })
    .strict(),
  'hydra:search': z.object({
    '@type': z.literal('hydra:IriTemplate'),
    'hydra:template': z.string(),
    'hydra:variableRepresentation': z.literal('BasicRepresentation'),
    'hydra:mapping': z.array(z.object({ '@type': z.string(), variable: z.string(), property: z.string().nullable(), required: z.boolean() }).strict()),
  }),
});

export const hydraErrorSchema = z
  .object({
    '@context': z.string(),
    '@id': z.string(),
    '@type': z.literal('hydra:Error'),
    title: z.string(),
    detail: z.string(),
    status: z.number().int(),
    type: z.string(),
    'hydra:title': z.string(),
    'hydra:description': z.string(),
  })
  .strict();

export const problemSchema = z.object({ type: z.string(), title: z.string(), status: z.number().int(), detail: z.string() }).strict();

export const violationListSchema = z.object({
  '@type': z.literal('ConstraintViolationList'),
  title: z.literal('An error occurred'),
  status: z.literal(422),
  detail: z.string(),
  violations: z.array(z.object({ propertyPath: z.string(), message: z.string(), code: z.string() }).strict()).min(1),
});

export interface Client {
  get(path: string, options?: { accept?: string; token?: string | null }): Promise<Response>;
  post(path: string, body: string | Uint8Array, options?: { contentType?: string; accept?: string; token?: string | null; headers?: Record<string, string> }): Promise<Response>;
}

export function client(baseUrl: string, defaultToken: string): Client {
  const headers = (token: string | null | undefined, extra: Record<string, string | undefined>) => {
    const result: Record<string, string> = {};
    const bearer = token === undefined ? defaultToken : token;
    if (bearer) result.authorization = `Bearer ${bearer}`;
    for (const [name, value] of Object.entries(extra)) if (value !== undefined) result[name] = value;
    return result;
  };
  return {
    get: (path, options = {}) => fetch(`${baseUrl}${path}`, { headers: headers(options.token, { accept: options.accept }), redirect: 'manual' }),
    post: (path, body, options = {}) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: headers(options.token, { 'content-type': options.contentType, accept: options.accept, ...options.headers }),
        body,
        redirect: 'manual',
      }),
  };
}

/** Every record of a list, page by page (plain JSON pages of 30). */
export async function allRecords(api: Client, path: string, query = ''): Promise<TestRecord[]> {
  const records: TestRecord[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api.get(`${path}?${query}${query ? '&' : ''}page=${page}`, { accept: 'application/json' });
    if (response.status !== 200) throw new Error(`${path} page ${page}: ${response.status} ${await response.text()}`);
    const batch = z.array(recordSchema).parse(await response.json());
    records.push(...batch);
    if (batch.length < 30) return records;
  }
}
