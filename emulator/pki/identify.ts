import type { TLSSocket } from 'node:tls';
import type { FastifyRequest } from 'fastify';
import type { ClientCertificateInfo } from '../context';

/** Every client certificate issued by the emulators running in this process, by SHA-256 fingerprint. */
const knownCertificates = new Map<string, ClientCertificateInfo>();
/** Emulators in one process may share a PKI (tests): forget a certificate when its last user closes. */
const registrations = new Map<string, number>();

/** Called by the server at start; the returned function forgets them again on close. */
export function registerClientCertificates(certificates: readonly ClientCertificateInfo[]): () => void {
  for (const certificate of certificates) {
    knownCertificates.set(certificate.fingerprint256, certificate);
    registrations.set(certificate.fingerprint256, (registrations.get(certificate.fingerprint256) ?? 0) + 1);
  }
  let registered = true;
  return () => {
    if (!registered) return;
    registered = false;
    for (const certificate of certificates) {
      const remaining = (registrations.get(certificate.fingerprint256) ?? 1) - 1;
      if (remaining > 0) {
        registrations.set(certificate.fingerprint256, remaining);
      } else {
        registrations.delete(certificate.fingerprint256);
        knownCertificates.delete(certificate.fingerprint256);
      }
    }
  };
}

function isTlsSocket(socket: unknown): socket is TLSSocket {
  return typeof socket === 'object' && socket !== null && 'getPeerCertificate' in socket && 'authorized' in socket;
}

/**
 * The cash-register certificate the caller presented on the mTLS listener, or null when there is
 * none, it does not chain to the emulator's CA, or it is not one the emulator issued.
 */
export function identifyClientCertificate<T extends { fingerprint256: string } = ClientCertificateInfo>(
  request: FastifyRequest,
  certificates: ReadonlyMap<string, T> | readonly T[] = knownCertificates as unknown as ReadonlyMap<string, T>,
): T | null {
  const socket: unknown = request.raw.socket;
  if (!isTlsSocket(socket) || !socket.authorized) return null;
  const peer = socket.getPeerCertificate();
  if (!peer || typeof peer.fingerprint256 !== 'string') return null;
  const fingerprint = peer.fingerprint256.replaceAll(':', '').toLowerCase();
  if (Array.isArray(certificates)) return certificates.find((c) => c.fingerprint256 === fingerprint) ?? null;
  return (certificates as ReadonlyMap<string, T>).get(fingerprint) ?? null;
}
