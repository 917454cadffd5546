import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUbl } from '../../shared/ubl';
import { startTestEmulator, type TestEmulator } from '../testing';
import { client, hydraCollectionSchema, type Client } from './test-support/client';

describe('100 000 documents', () => {
  let emulator: TestEmulator;
  let api: Client;

  beforeAll(async () => {
    emulator = await startTestEmulator({ documents: 100_000, seed: 11 });
    api = client(emulator.urls.documentsUrl, await emulator.login());
  }, 120_000);

  afterAll(async () => {
    await emulator?.close();
  });

  it('start, count every document and answer filtered, sorted lists', async () => {
    const totals = await Promise.all(
      ['invoices', 'credit-notes', 'orders', 'order-responses', 'despatch-advices'].map(async (path) => {
        const response = await api.get(`/${path}?itemsPerPage=1`);
        return hydraCollectionSchema.parse(await response.json())['hydra:totalItems'];
      }),
    );
    expect(totals.reduce((sum, total) => sum + total, 0)).toBe(100_000);

    const filtered = await api.get('/invoices?senderName=fjord&direction=incoming&documentDate[after]=2025-06-01&sortBy[documentDate]=desc&page=3');
    expect(filtered.status).toBe(200);
    const body = hydraCollectionSchema.parse(await filtered.json());
    expect(body['hydra:totalItems']).toBeGreaterThan(100);
    expect(body['hydra:member']).toHaveLength(30);
    for (const member of body['hydra:member']) {
      expect(member.sender.name).toBe('Fjordkraft Handel AS');
      expect(member.date >= '2025-06-01').toBe(true);
    }

    const last = body['hydra:view']['hydra:last'] as string;
    const lastPage = hydraCollectionSchema.parse(await (await api.get(last)).json());
    expect(lastPage['hydra:member'].length).toBeGreaterThan(0);

    const member = body['hydra:member'][0];
    const source = await api.get(`/invoices/${member?.uuid}/source`);
    expect(parseUbl(await source.text()).id).toBe(member?.number);
  });
});
