/** `documents.*` and `validationRules.list` channels. */
import { resolveDestination, resolveFileRef } from '../files/file-ref';
import type { HandlerFactory } from '../handlers';
import { createDocumentsService } from './service';

export const createDocumentHandlers: HandlerFactory = (services) => {
  const documents = createDocumentsService({
    http: services.http,
    baseUrl: () => services.endpoints().urls.documentsUrl,
    token: () => services.session.getToken(),
    events: services.events,
    logger: services.logger,
    userDataDir: services.ports.userDataDir,
  });
  services.onDispose(() => documents.dispose());
  const { bulk } = documents;
  return {
    'documents.list': (input) => documents.list(input.type, input.filters, input.page, input.itemsPerPage),
    'documents.get': (input) => documents.get(input.type, input.uuid),
    'documents.source': (input) => documents.source(input.type, input.uuid),
    'documents.print': (input) => documents.print(input.type, input.uuid),
    'documents.attachment': (input) => documents.attachment(input.type, input.uuid, input.index),
    'documents.markDownloaded': (input) => documents.markDownloaded(input.type, input.uuids, input.downloaded),
    'documents.send': async (input, context) => documents.send(input.type, await resolveFileRef(input.file, services.files, context), input.validationRule),
    'validationRules.list': () => documents.validationRules(),
    'documents.bulkDownload': async (input, context) => bulk.start({ ...input, folder: await resolveDestination(input.folder, services, context) }),
    'documents.bulkDownloadCancel': (input) => bulk.cancel(input.jobId),
    'documents.bulkDownloadJobs': () => bulk.jobs(),
    'documents.bulkDownloadResume': (input) => bulk.resume(input.jobId),
  };
};
