/**
 * Where a profile's cash register certificate lives: the secret part (PKCS#12 bytes + passphrase,
 * or the private key) encrypted in the SecretVault; the public part (certificate, chain, when it
 * was imported) in the settings, so the UI can show it without touching the vault.
 */
import { z } from 'zod';
import type { Logger, SecretVault, SettingsStore } from '../ports';

export const CERTIFICATES_SETTINGS_KEY = 'fiscal.certificates';
export const secretKeyFor = (profileId: string): string => `certificate:${profileId}`;

const publicPartSchema = z.object({
  kind: z.enum(['p12', 'pem']),
  certPem: z.string().min(1),
  chainPems: z.array(z.string()),
  importedAt: z.string(),
});
export type StoredCertificate = z.infer<typeof publicPartSchema>;

const settingsSchema = z.object({ version: z.literal(1), profiles: z.record(z.string(), publicPartSchema) });
type CertificateSettings = z.infer<typeof settingsSchema>;

/** What the mTLS Agent is built from. PKCS#12 that OpenSSL cannot read is kept as PEM instead. */
export const secretPartSchema = z.discriminatedUnion('form', [
  z.object({ form: z.literal('pfx'), pfxBase64: z.string().min(1), passphrase: z.string() }),
  z.object({ form: z.literal('pem'), certPem: z.string().min(1), keyPem: z.string().min(1) }),
]);
export type SecretPart = z.infer<typeof secretPartSchema>;

export interface CertificateStore {
  publicPart(profileId: string): StoredCertificate | null;
  secretPart(profileId: string): Promise<SecretPart | null>;
  save(profileId: string, publicPart: StoredCertificate, secretPart: SecretPart): Promise<void>;
  remove(profileId: string): Promise<boolean>;
}

export function createCertificateStore(deps: { settings: SettingsStore; secrets: SecretVault; logger: Logger }): CertificateStore {
  const read = (): CertificateSettings => {
    const parsed = settingsSchema.safeParse(deps.settings.get<unknown>(CERTIFICATES_SETTINGS_KEY));
    if (parsed.success) return parsed.data;
    if (deps.settings.get<unknown>(CERTIFICATES_SETTINGS_KEY) !== undefined) {
      deps.logger.warn('The saved certificate settings are unreadable; they are ignored');
    }
    return { version: 1, profiles: {} };
  };
  const write = (value: CertificateSettings): void => deps.settings.set(CERTIFICATES_SETTINGS_KEY, value);

  return {
    publicPart: (profileId) => read().profiles[profileId] ?? null,
    async secretPart(profileId) {
      const text = await deps.secrets.get(secretKeyFor(profileId));
      if (text === undefined) return null;
      try {
        return secretPartSchema.parse(JSON.parse(text));
      } catch {
        deps.logger.warn('The saved certificate key cannot be read; import the certificate again', { profileId });
        return null;
      }
    },
    async save(profileId, publicPart, secretPart) {
      // The secret first: a certificate shown as imported must be usable.
      await deps.secrets.set(secretKeyFor(profileId), JSON.stringify(secretPart));
      const settings = read();
      write({ ...settings, profiles: { ...settings.profiles, [profileId]: publicPart } });
    },
    async remove(profileId) {
      const settings = read();
      const existed = profileId in settings.profiles;
      const { [profileId]: _removed, ...rest } = settings.profiles;
      write({ ...settings, profiles: rest });
      await deps.secrets.delete(secretKeyFor(profileId));
      return existed;
    },
  };
}
