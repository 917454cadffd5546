export { ensurePki, type PkiMaterial, type PkiRequest } from './store';
export { identifyClientCertificate, registerClientCertificates } from './identify';
