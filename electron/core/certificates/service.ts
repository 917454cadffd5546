/**
 * The cash register certificate of each profile (DESIGN §4 Certificates): import (validated before
 * saving: passphrase, key matches, dates, issuer), show, remove, warn before expiry, and hand the
 * credentials to the fiscal mTLS Agent. The private key never leaves main.
 */
import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { AppError, because, reason, type CertificateInfo, type ChannelParsedInput } from '../../../shared/contract';
import type { CoreEvents } from '../events';
import { readFileRef, type LocalFileRef } from '../files/file-ref';
import type { ClientCredentials } from '../http/agents';
import type { NoticeBoard } from '../i18n/notices';
import type { Clock, Logger } from '../ports';
import { certificateFacts, chainsToCa, day, validityAt } from './describe';
import { readPemPair, readPkcs12, type CertificateMaterial } from './parse';
import type { CertificateStore, SecretPart, StoredCertificate } from './store';

/** Certificate files are small; anything bigger is not one. */
const MAX_CERTIFICATE_FILE_BYTES = 1024 * 1024;

export const IMPORT_HINT = "Import the cash register's certificate in Settings → Certificates.";

export interface CertificatesDeps {
  store: CertificateStore;
  clock: Clock;
  events: CoreEvents;
  notifier: NoticeBoard;
  logger: Logger;
  activeProfile: () => { id: string; name: string };
  /** The CAs the active profile trusts (its extra CA, the local emulator's CA). */
  caPems: () => string[];
}

export interface MtlsIdentity {
  credentials: ClientCredentials;
  fingerprint256: string;
  pemSerialNumber: string | null;
}

type ChannelImport = ChannelParsedInput<'certificates.import'>;
/** The channel's input with its files resolved (handles → paths) by the handler. */
export type ImportInput =
  | (Omit<Extract<ChannelImport, { kind: 'p12' }>, 'file'> & { file: LocalFileRef })
  | (Omit<Extract<ChannelImport, { kind: 'pem' }>, 'cert' | 'key'> & { cert: LocalFileRef; key: LocalFileRef });

export interface CertificatesService {
  import(input: ImportInput): Promise<CertificateInfo>;
  /**
   * Saves a certificate and key the service has just issued (a new cash register), checked like an
   * imported file; neither leaves main.
   */
  importIssued(pems: { certPem: string; keyPem: string }): Promise<CertificateInfo>;
  /** The active profile's certificate, or null. */
  get(): CertificateInfo | null;
  remove(): Promise<{ removed: boolean }>;
  /** What the mTLS Agent needs; a `certificate` error when none is imported or it expired. */
  identity(): Promise<MtlsIdentity>;
  /** Emits `certificates.changed` and, when due, `certificates.expiring` + a notification. */
  announce(): void;
}

const pemOf = (material: CertificateMaterial): { certPem: string; chainPems: string[] } => ({
  certPem: material.leaf.toString(),
  chainPems: material.chain.map((certificate) => certificate.toString()),
});

/** Node (OpenSSL) must be able to use the PKCS#12 as is; legacy ciphers it cannot read are kept as PEM. */
function opensslReadsPfx(pfx: Buffer, passphrase: string): boolean {
  try {
    tls.createSecureContext({ pfx, passphrase });
    return true;
  } catch {
    return false;
  }
}

export function createCertificatesService(deps: CertificatesDeps): CertificatesService {
  const { store, clock, events, logger } = deps;

  function infoOf(profileId: string, stored: StoredCertificate): CertificateInfo {
    const material = { leaf: new X509Certificate(stored.certPem), chain: stored.chainPems.map((pem) => new X509Certificate(pem)) };
    const facts = certificateFacts(material.leaf);
    const validity = validityAt(facts, clock.now());
    return {
      profileId,
      kind: stored.kind,
      subject: facts.subject,
      issuer: facts.issuer,
      serialNumber: facts.serialNumber,
      validFrom: facts.validFrom,
      validTo: facts.validTo,
      daysLeft: validity.daysLeft,
      expiresSoon: validity.expiresSoon,
      expired: validity.expired,
      fingerprint256: facts.fingerprint256,
      pemSerialNumber: facts.commonName,
      trustedByProfileCa: chainsToCa(material.leaf, material.chain, deps.caPems()),
      importedAt: stored.importedAt,
    };
  }

  const read = async (file: LocalFileRef) => (await readFileRef(file, { maxBytes: MAX_CERTIFICATE_FILE_BYTES, what: 'certificate file' })).bytes;

  function checkUsable(material: CertificateMaterial, allowOtherIssuer: boolean): void {
    const facts = certificateFacts(material.leaf);
    const validity = validityAt(facts, clock.now());
    if (validity.expired) {
      throw new AppError('certificate', `This certificate expired on ${day(facts.validTo)}: ask the service for a new cash register certificate.`, {
        details: because(reason('certificates.expiredOn', { validToDay: day(facts.validTo) }), { reason: 'expired', validTo: facts.validTo }),
      });
    }
    if (validity.notYetValid) {
      throw new AppError('certificate', `This certificate is valid only from ${day(facts.validFrom)}: import it from that day, or check the computer's date.`, {
        details: because(reason('certificates.notYetValid', { validFromDay: day(facts.validFrom) }), { reason: 'not_yet_valid', validFrom: facts.validFrom }),
      });
    }
    const trusted = chainsToCa(material.leaf, material.chain, deps.caPems());
    if (trusted === false && !allowOtherIssuer) {
      const profile = deps.activeProfile();
      throw new AppError(
        'certificate',
        `This certificate was issued by "${facts.issuer}", not by the certificate authority the profile "${profile.name}" trusts, so the fiscal service would refuse it. Import the certificate the service issued for this cash register.`,
        { details: because(reason('certificates.otherIssuer', { issuer: facts.issuer, profile: profile.name }), { reason: 'other_issuer', issuer: facts.issuer }) },
      );
    }
  }

  async function materialAndSecret(input: ImportInput): Promise<{ material: CertificateMaterial; secret: SecretPart }> {
    if (input.kind === 'p12') {
      const bytes = await read(input.file);
      const material = readPkcs12(bytes, input.passphrase);
      const pfx = Buffer.from(bytes);
      const secret: SecretPart = opensslReadsPfx(pfx, input.passphrase)
        ? { form: 'pfx', pfxBase64: pfx.toString('base64'), passphrase: input.passphrase }
        : { form: 'pem', ...pemSecret(material) };
      return { material, secret };
    }
    const [certBytes, keyBytes] = await Promise.all([read(input.cert), read(input.key)]);
    const material = readPemPair(certBytes, keyBytes, input.keyPassphrase);
    return { material, secret: { form: 'pem', ...pemSecret(material) } };
  }

  function pemSecret(material: CertificateMaterial): { certPem: string; keyPem: string } {
    const { certPem, chainPems } = pemOf(material);
    // Kept decrypted inside the (encrypted) vault: OpenSSL then needs no passphrase at connect time.
    const keyPem = material.key.export({ type: 'pkcs8', format: 'pem' }).toString();
    return { certPem: [certPem, ...chainPems].join('\n'), keyPem };
  }

  const emitChanged = (profileId: string, certificate: CertificateInfo | null): void => {
    events.emit('certificates.changed', { profileId, certificate });
  };

  function current(): { profileId: string; stored: StoredCertificate } | null {
    const profileId = deps.activeProfile().id;
    const stored = store.publicPart(profileId);
    return stored ? { profileId, stored } : null;
  }

  function safeInfo(profileId: string, stored: StoredCertificate): CertificateInfo | null {
    try {
      return infoOf(profileId, stored);
    } catch (error) {
      logger.warn('The saved certificate cannot be read; it is ignored', { profileId, message: (error as Error).message });
      return null;
    }
  }

  async function save(kind: StoredCertificate['kind'], material: CertificateMaterial, secret: SecretPart): Promise<CertificateInfo> {
    const profileId = deps.activeProfile().id;
    const stored: StoredCertificate = { kind, ...pemOf(material), importedAt: new Date(clock.now()).toISOString() };
    await store.save(profileId, stored, secret);
    const info = infoOf(profileId, stored);
    logger.info('Cash register certificate imported', { profileId, fingerprint256: info.fingerprint256, pemSerialNumber: info.pemSerialNumber });
    emitChanged(profileId, info);
    return info;
  }

  return {
    async import(input) {
      const { material, secret } = await materialAndSecret(input);
      checkUsable(material, input.allowOtherIssuer);
      return save(input.kind, material, secret);
    },
    async importIssued({ certPem, keyPem }) {
      const material = readPemPair(Buffer.from(certPem), Buffer.from(keyPem), undefined);
      // Issued by the service this profile talks to: the issuer check applies as for a file.
      checkUsable(material, false);
      return save('pem', material, { form: 'pem', ...pemSecret(material) });
    },
    get() {
      const found = current();
      return found ? safeInfo(found.profileId, found.stored) : null;
    },
    async remove() {
      const profileId = deps.activeProfile().id;
      const removed = await store.remove(profileId);
      if (removed) emitChanged(profileId, null);
      return { removed };
    },
    async identity() {
      const found = current();
      const secret = found ? await store.secretPart(found.profileId) : null;
      const info = found ? safeInfo(found.profileId, found.stored) : null;
      if (!found || !secret || !info) {
        throw new AppError('certificate', `No cash register certificate is imported for this profile. ${IMPORT_HINT}`, { details: because(reason('certificates.missing'), { reason: 'missing' }) });
      }
      if (info.expired) {
        throw new AppError('certificate', `The cash register certificate expired on ${day(info.validTo)}. Import the new one in Settings → Certificates.`, {
          details: because(reason('certificates.importedExpired', { validToDay: day(info.validTo) }), { reason: 'expired', validTo: info.validTo }),
        });
      }
      const credentials: ClientCredentials =
        secret.form === 'pfx' ? { pfx: Buffer.from(secret.pfxBase64, 'base64'), passphrase: secret.passphrase } : { cert: secret.certPem, key: secret.keyPem };
      return { credentials, fingerprint256: info.fingerprint256, pemSerialNumber: info.pemSerialNumber };
    },
    announce() {
      const found = current();
      const profileId = deps.activeProfile().id;
      const info = found ? safeInfo(found.profileId, found.stored) : null;
      emitChanged(profileId, info);
      if (!info || !(info.expired || info.expiresSoon)) return;
      events.emit('certificates.expiring', { profileId, certificate: info });
      const pem = info.pemSerialNumber ?? null;
      deps.notifier.notify(
        info.expired
          ? { kind: 'certificateExpired', pem, validTo: info.validTo }
          : { kind: 'certificateExpiring', pem, validTo: info.validTo, daysLeft: info.daysLeft },
      );
    },
  };
}
