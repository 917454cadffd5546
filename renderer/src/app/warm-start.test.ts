import { describe, expect, it } from 'vitest';
import { installBridge } from '../bridge';
import { createFakeCore } from '../test/fake-core';
import { listKey } from '../features/documents/inbox/list-cache';
import { readInboxView } from '../features/documents/model/url-state';
import { createQueryClient } from './query-client';
import { opensDocuments, routeOfHash, warmStart } from './warm-start';

function setUp(signedIn: boolean) {
  const core = createFakeCore({ signedIn });
  core.handlers['documents.list'] = () => ({ ok: true, value: { items: [], totalItems: 0, page: 1, itemsPerPage: 30 } });
  installBridge(core.acube);
  return { core, queryClient: createQueryClient() };
}

describe('warm start', () => {
  it('reads the HashRouter route from the hash', () => {
    expect(routeOfHash('')).toEqual({ path: '/', search: '' });
    expect(routeOfHash('#/documents?type=order&senderName=acme')).toEqual({ path: '/documents', search: '?type=order&senderName=acme' });
    expect(opensDocuments('/')).toBe(true);
    expect(opensDocuments('/documents/anything')).toBe(true);
    expect(opensDocuments('/documentsx')).toBe(false);
    expect(opensDocuments('/fiscal')).toBe(false);
  });

  it('asks for page 1 of the inbox in the URL under the key the inbox reads, once signed in', async () => {
    const { core, queryClient } = setUp(true);
    const search = '?type=credit-note&senderName=acme&sort=documentDate:asc';
    await warmStart(queryClient, `#/documents${search}`);
    expect(core.callsOf('session.status')).toHaveLength(1);
    const { type, filters } = readInboxView(new URLSearchParams(search));
    expect(core.callsOf('documents.list').map((call) => call.payload)).toEqual([{ type, filters, page: 1, itemsPerPage: 30 }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(listKey(type, filters, 1))).toEqual({ items: [], totalItems: 0, page: 1, itemsPerPage: 30 });
  });

  it('asks for no documents when signed out or on another page', async () => {
    const signedOut = setUp(false);
    await warmStart(signedOut.queryClient, '#/documents');
    expect(signedOut.core.callsOf('documents.list')).toHaveLength(0);

    const elsewhere = setUp(true);
    await warmStart(elsewhere.queryClient, '#/fiscal');
    expect(elsewhere.core.callsOf('session.status')).toHaveLength(1);
    expect(elsewhere.core.callsOf('documents.list')).toHaveLength(0);
  });
});
