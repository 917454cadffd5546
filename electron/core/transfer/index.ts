/** The transfer area: uploads with a crash-safe journal (DESIGN §6) and the transfer interface client. */
export { createUploadHandlers } from './handlers';
export { createUploadsService, type UploadsService, type UploadsServiceDeps, type UploadsHooks, type UploadsTuning } from './service';
export { createTransferApi, type TransferApi, type PostOutcome } from './api/client';
