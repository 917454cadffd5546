export * from './printable-ascii';
export * from './file-name';
export * from './e2e-id';
export * from './base64';
export * from './country';
export * from './upload-limits';
export * from './upload-request';
