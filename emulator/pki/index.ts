export { ensurePki, type IssuedClientCertificate, type PkiMaterial, type PkiRequest } from './store';
export { identifyClientCertificate, registerClientCertificates } from './identify';
