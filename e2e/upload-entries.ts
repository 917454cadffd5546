import type { Page } from '@playwright/test';
import type { PageGlobals } from './page-globals';

/** What a spec reads of an upload entry. */
export interface ListedUpload {
  fileName: string;
  e2eId: string;
  origin: string;
  state: string;
}

/** The upload journal's entries through the page's own bridge, as the renderer asks for them (works in both shells). */
export async function listUploadEntries(page: Page): Promise<ListedUpload[]> {
  const envelope = await page.evaluate(async () => {
    const { acube } = globalThis as unknown as PageGlobals;
    if (!acube) throw new Error('window.acube is missing');
    return acube.invoke('uploads.list', {});
  });
  if (!envelope.ok) throw new Error(`uploads.list failed: ${envelope.error.message}`);
  return envelope.value as ListedUpload[];
}
