/** Picked or dropped certificate files travel to main as bytes (`FileRef` kind "bytes"). */
import type { FileRef } from '../../../../../shared/contract';

/** Certificate and key files are a few KiB; anything this large is not one. */
export const MAX_CERTIFICATE_FILE_BYTES = 1024 * 1024;

const CHUNK = 3 * 8 * 1024;

export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(offset, offset + CHUNK))));
  }
  return parts.join('');
}

export async function fileToRef(file: File): Promise<FileRef> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { kind: 'bytes', name: file.name, base64: bytesToBase64(bytes) };
}

/** The error reasons main gives for a refused certificate (`details.reason`). */
export const certificateReasons = [
  'not_pkcs12',
  'wrong_passphrase',
  'unsupported',
  'no_key',
  'no_certificate',
  'key_mismatch',
  'not_certificate',
  'not_key',
  'key_passphrase_required',
  'expired',
  'not_yet_valid',
  'other_issuer',
  'missing',
] as const;
export type CertificateReason = (typeof certificateReasons)[number];

export function certificateReasonOf(error: unknown): CertificateReason | null {
  if (typeof error !== 'object' || error === null) return null;
  if ((error as { code?: unknown }).code !== 'certificate') return null;
  const details = (error as { details?: unknown }).details;
  const reason = typeof details === 'object' && details !== null ? (details as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && (certificateReasons as readonly string[]).includes(reason) ? (reason as CertificateReason) : null;
}
