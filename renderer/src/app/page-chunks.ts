import type * as DocumentsPageExports from '../features/documents/DocumentsPage';

type DocumentsPageModule = typeof DocumentsPageExports;

let documentsPage: Promise<DocumentsPageModule> | null = null;

/**
 * The Documents page's chunk, loaded once: the route's `lazy()` and the warm start share the
 * promise, so a load started before the first render is not started again. A failed load is
 * forgotten so that a retry fetches again.
 */
export function loadDocumentsPage(): Promise<DocumentsPageModule> {
  documentsPage ??= import('../features/documents/DocumentsPage').catch((error: unknown) => {
    documentsPage = null;
    throw error;
  });
  return documentsPage;
}
