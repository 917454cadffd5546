import forge from 'node-forge';
import { asn1Children, asn1Octets, asn1Oid, SIGNED_DATA_OID, signedDataDer } from '../../../shared/asn1/signed-data';

/**
 * Signed files (`.p7m`, CAdES/PKCS#7 SignedData as used for FatturaPA) are opened to read the
 * document inside: DER, or the same in base64 text as some signing tools save it. The signature
 * itself is not verified (the emulator has no trust list); a file that is not SignedData, or whose
 * signature does not enclose the document (a detached signature), is refused.
 */

export type P7mOpening = { ok: true; content: Uint8Array } | { ok: false; error: string };

export function openP7m(bytes: Uint8Array, fileName: string): P7mOpening {
  const der = signedDataDer(bytes);
  let root: forge.asn1.Asn1;
  try {
    root = forge.asn1.fromDer(Buffer.from(der).toString('latin1'), false);
  } catch {
    return notSigned(fileName);
  }
  const [contentType, explicitContent] = asn1Children(root);
  if (!contentType || asn1Oid(contentType) !== SIGNED_DATA_OID || !explicitContent) return notSigned(fileName);
  const signedData = asn1Children(explicitContent)[0];
  if (!signedData) return notSigned(fileName);
  const parts = asn1Children(signedData);
  const encapsulated = parts[2];
  const signerInfos = parts[parts.length - 1];
  if (!encapsulated || !signerInfos || asn1Children(signerInfos).length === 0) {
    return { ok: false, error: `${fileName} holds no signature. Sign the file again and send the signed .p7m.` };
  }
  const eContent = asn1Children(encapsulated)[1];
  if (!eContent) {
    return {
      ok: false,
      error: `${fileName} is a detached signature: the document is not inside it. Sign the file with the document enclosed (CAdES "attached") and send it again.`,
    };
  }
  return { ok: true, content: Buffer.from(asn1Octets(eContent), 'latin1') };
}

function notSigned(fileName: string): P7mOpening {
  return {
    ok: false,
    error: `${fileName} is not a valid signed file (.p7m, PKCS#7 SignedData). Sign the document again, or send it unsigned without the .p7m extension.`,
  };
}
