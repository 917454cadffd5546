/**
 * Opens a CAdES / PKCS#7 SignedData envelope (`.p7m`, as FatturaPA files are signed): the document
 * inside, and who signed it and when (from the signer's certificate and the `signingTime` signed
 * attribute). The signature is NOT verified: no trust list is consulted, and the viewer says so.
 * Read with node-forge's ASN.1 reader only, so any key type (RSA, EC) and any digest can be shown.
 */
import forge from 'node-forge';
import { asn1Children, asn1Octets, asn1Oid, signedDataDer } from '../../../shared/asn1/signed-data';
import { reason, type ErrorReason, type ViewerSignature } from '../../../shared/contract';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  givenName: '2.5.4.42',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
};

export type P7mOpening = { ok: true; content: Uint8Array; signature: ViewerSignature } | { ok: false; error: string; why: ErrorReason };

/** Whether the bytes look like a DER SEQUENCE or a base64/PEM-wrapped one. */
export function looksLikeP7m(bytes: Uint8Array, fileName: string): boolean {
  return /\.p7m$/i.test(fileName) || (bytes[0] === 0x30 && (bytes[1] === 0x80 || (bytes[1] ?? 0) >= 0x80));
}

export function openP7m(bytes: Uint8Array, fileName: string): P7mOpening {
  const der = signedDataDer(bytes);
  let root: forge.asn1.Asn1;
  try {
    root = forge.asn1.fromDer(Buffer.from(der).toString('binary'), false);
  } catch {
    return notSigned(fileName);
  }
  const [contentType, explicitContent] = asn1Children(root);
  if (!contentType || asn1Oid(contentType) !== OID.signedData || !explicitContent) return notSigned(fileName);
  const signedData = asn1Children(explicitContent)[0];
  if (!signedData) return notSigned(fileName);
  const parts = asn1Children(signedData);
  const encapsulated = parts[2];
  const signerInfos = parts[parts.length - 1];
  if (!encapsulated || !signerInfos || signerInfos.tagClass !== forge.asn1.Class.UNIVERSAL || asn1Children(signerInfos).length === 0) {
    return { ok: false, error: `${fileName} holds no signature, so it is not a signed document.`, why: reason('viewer.p7mNoSignature', { name: fileName }) };
  }
  const eContent = asn1Children(encapsulated)[1];
  if (!eContent) {
    return { ok: false, error: `${fileName} is a detached signature: the document is not inside it. Open the document file itself.`, why: reason('viewer.p7mDetached', { name: fileName }) };
  }
  const certificates = parts.find((part) => part.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && part.type === 0);
  const signers = asn1Children(signerInfos).map((info) => describeSigner(info, certificates ? asn1Children(certificates) : []));
  return { ok: true, content: Buffer.from(asn1Octets(eContent), 'binary'), signature: { signers, verified: false } };
}

type Signer = ViewerSignature['signers'][number];

function describeSigner(info: forge.asn1.Asn1, certificates: forge.asn1.Asn1[]): Signer {
  const fields = asn1Children(info);
  const signer: Signer = {};
  // sid: issuerAndSerialNumber (SEQUENCE { issuer, serial }) or [0] subjectKeyIdentifier.
  const sid = fields[1];
  const serial = sid && sid.tagClass === forge.asn1.Class.UNIVERSAL ? asn1Children(sid)[1] : undefined;
  const certificate = certificates.find((candidate) => {
    const tbs = asn1Children(candidate)[0];
    const tbsFields = tbs ? asn1Children(tbs) : [];
    const serialField = tbsFields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? tbsFields[1] : tbsFields[0];
    return serial !== undefined && serialField !== undefined && serialField.value === serial.value;
  }) ?? (certificates.length === 1 ? certificates[0] : undefined);
  if (certificate) Object.assign(signer, subjectOf(certificate));
  const signedAttributes = fields.find((field) => field.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && field.type === 0);
  for (const attribute of signedAttributes ? asn1Children(signedAttributes) : []) {
    const [type, values] = asn1Children(attribute);
    if (!type || asn1Oid(type) !== OID.signingTime) continue;
    const time = values ? asn1Children(values)[0] : undefined;
    if (time && typeof time.value === 'string') {
      const date = time.type === forge.asn1.Type.UTCTIME ? forge.asn1.utcTimeToDate(time.value) : forge.asn1.generalizedTimeToDate(time.value);
      if (!Number.isNaN(date.getTime())) signer.signingTime = date.toISOString();
    }
  }
  return signer;
}

function subjectOf(certificate: forge.asn1.Asn1): Omit<Signer, 'signingTime'> {
  const tbs = asn1Children(certificate)[0];
  const tbsFields = tbs ? asn1Children(tbs) : [];
  const offset = tbsFields[0]?.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const subject = tbsFields[offset + 4];
  const names = new Map<string, string>();
  for (const set of subject ? asn1Children(subject) : []) {
    for (const pair of asn1Children(set)) {
      const [type, value] = asn1Children(pair);
      const oid = type ? asn1Oid(type) : null;
      if (oid && value && typeof value.value === 'string' && !names.has(oid)) names.set(oid, decodeString(value));
    }
  }
  const personal = [names.get(OID.givenName), names.get(OID.surname)].filter(Boolean).join(' ');
  const result: Omit<Signer, 'signingTime'> = {};
  const name = names.get(OID.commonName) ?? (personal || undefined);
  if (name) result.name = name;
  const organization = names.get(OID.organization);
  if (organization) result.organization = organization;
  const serialNumber = names.get(OID.serialNumber);
  if (serialNumber) result.serialNumber = serialNumber;
  return result;
}

function decodeString(node: forge.asn1.Asn1): string {
  const raw = node.value as string;
  if (node.type === forge.asn1.Type.BMPSTRING) {
    let text = '';
    for (let index = 0; index + 1 < raw.length; index += 2) text += String.fromCharCode((raw.charCodeAt(index) << 8) | raw.charCodeAt(index + 1));
    return text;
  }
  try {
    return forge.util.decodeUtf8(raw);
  } catch {
    return raw;
  }
}

function notSigned(fileName: string): P7mOpening {
  return { ok: false, error: `${fileName} is not a readable signed file (.p7m, PKCS#7 SignedData): it may be damaged or incomplete.`, why: reason('viewer.p7mUnreadable', { name: fileName }) };
}
