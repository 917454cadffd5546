/**
 * Reading PKCS#7 / CAdES SignedData envelopes (`.p7m`) with node-forge's ASN.1 reader: the DER form
 * (also when saved as base64 or PEM text) and the small tree helpers both the emulator and the
 * viewer need. No Node APIs: runs in the browser too.
 */
import forge from 'node-forge';

export const SIGNED_DATA_OID = '1.2.840.113549.1.7.2';

/** DER bytes: as given when they start with a SEQUENCE, else decoded from base64/PEM text. */
export function signedDataDer(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0x30) return bytes;
  let text = '';
  for (let index = 0; index < bytes.length; index += 0x8000) text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 ]+-----/g, '').replace(/\s+/g, '');
  if (body.length > 0 && body.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
    const binary = atob(body);
    const decoded = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) decoded[index] = binary.charCodeAt(index);
    return decoded;
  }
  return bytes;
}

export function asn1Children(node: forge.asn1.Asn1): forge.asn1.Asn1[] {
  return Array.isArray(node.value) ? node.value : [];
}

export function asn1Oid(node: forge.asn1.Asn1): string | null {
  if (node.type !== forge.asn1.Type.OID || typeof node.value !== 'string') return null;
  return forge.asn1.derToOid(node.value);
}

/** The bytes of an (explicitly tagged, possibly constructed) OCTET STRING, as a binary string. */
export function asn1Octets(node: forge.asn1.Asn1): string {
  if (typeof node.value === 'string') return node.value;
  return node.value.map(asn1Octets).join('');
}
