import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountOf, contentDisposition, contentTypeFor, sendNotFound } from './http';
import { toTransferDocumentView, toUploadView } from './model';
import type { TransferStore } from './store';

const idParams = z.object({ id: z.string() });
const e2eQuery = z.object({ e2e_id: z.union([z.string(), z.array(z.string())]).optional() });

/** The tracking side of the transfer interface; every read is limited to the caller's account. */
export function registerReadRoutes(scope: FastifyInstance, store: TransferStore): void {
  const ownUpload = (uid: string, id: string) => {
    const upload = store.getUpload(id);
    return upload && upload.ownerUid === uid ? upload : undefined;
  };

  scope.get('/uploads/:id', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const upload = ownUpload(accountOf(request).uid, id);
    if (!upload) return sendNotFound(reply, `The upload "${id}"`);
    return toUploadView(upload);
  });

  scope.get('/uploads', async (request, reply) => {
    const query = e2eQuery.safeParse(request.query);
    const e2eId = query.success ? query.data.e2e_id : undefined;
    if (typeof e2eId !== 'string' || e2eId === '') {
      const message = Array.isArray(e2eId)
        ? 'Give one e2e_id only: GET /uploads?e2e_id=<End-to-end ID>.'
        : 'Give the End-to-end ID to look for: GET /uploads?e2e_id=<End-to-end ID>.';
      return reply.code(400).send({ errors: { e2eId: message } });
    }
    return store.findByE2eId(accountOf(request).uid, e2eId).map(toUploadView);
  });

  scope.get('/uploads/:id/transfer-documents', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const upload = ownUpload(accountOf(request).uid, id);
    if (!upload) return sendNotFound(reply, `The upload "${id}"`);
    return store.documentsOf(upload.id).map(toTransferDocumentView);
  });

  scope.get('/transfer-documents/:id/download', async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const document = store.getDocument(id);
    if (!document || document.ownerUid !== accountOf(request).uid) return sendNotFound(reply, `The transfer document "${id}"`);
    return reply
      .header('content-type', contentTypeFor(document.file_name))
      .header('content-disposition', contentDisposition(document.file_name))
      .send(store.readDocumentFile(document.id));
  });
}
