import forge from 'node-forge';

/**
 * Signed files (`.p7m`, CAdES/PKCS#7 SignedData as used for FatturaPA) are opened to read the
 * document inside: DER, or the same in base64 text as some signing tools save it. The signature
 * itself is not verified (the emulator has no trust list); a file that is not SignedData, or whose
 * signature does not enclose the document (a detached signature), is refused.
 */
const SIGNED_DATA_OID = '1.2.840.113549.1.7.2';

export type P7mOpening = { ok: true; content: Uint8Array } | { ok: false; error: string };

export function openP7m(bytes: Uint8Array, fileName: string): P7mOpening {
  const der = toDer(bytes);
  let root: forge.asn1.Asn1;
  try {
    root = forge.asn1.fromDer(Buffer.from(der).toString('latin1'), false);
  } catch {
    return notSigned(fileName);
  }
  const [contentType, explicitContent] = children(root);
  if (!contentType || oidOf(contentType) !== SIGNED_DATA_OID || !explicitContent) return notSigned(fileName);
  const signedData = children(explicitContent)[0];
  if (!signedData) return notSigned(fileName);
  const parts = children(signedData);
  const encapsulated = parts[2];
  const signerInfos = parts[parts.length - 1];
  if (!encapsulated || !signerInfos || children(signerInfos).length === 0) {
    return { ok: false, error: `${fileName} holds no signature. Sign the file again and send the signed .p7m.` };
  }
  const eContent = children(encapsulated)[1];
  if (!eContent) {
    return {
      ok: false,
      error: `${fileName} is a detached signature: the document is not inside it. Sign the file with the document enclosed (CAdES "attached") and send it again.`,
    };
  }
  return { ok: true, content: Buffer.from(octets(eContent), 'latin1') };
}

function toDer(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x30) return bytes;
  const text = Buffer.from(bytes).toString('latin1');
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (body.length > 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(body)) return Buffer.from(body, 'base64');
  return bytes;
}

function children(node: forge.asn1.Asn1): forge.asn1.Asn1[] {
  return Array.isArray(node.value) ? node.value : [];
}

function oidOf(node: forge.asn1.Asn1): string | null {
  if (node.type !== forge.asn1.Type.OID || typeof node.value !== 'string') return null;
  return forge.asn1.derToOid(node.value);
}

/** The bytes of an (explicitly tagged, possibly constructed) OCTET STRING, as a binary string. */
function octets(node: forge.asn1.Asn1): string {
  if (typeof node.value === 'string') return node.value;
  return node.value.map(octets).join('');
}

function notSigned(fileName: string): P7mOpening {
  return {
    ok: false,
    error: `${fileName} is not a valid signed file (.p7m, PKCS#7 SignedData). Sign the document again, or send it unsigned without the .p7m extension.`,
  };
}
