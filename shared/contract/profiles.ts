import { z } from 'zod';
import { channel, event, noInput } from './define';
import { environmentSchema } from './session';
import type { ErrorReason } from './error-reasons';

const httpUrl = z
  .string()
  .trim()
  .url('Enter a full address, e.g. https://api.example.com')
  .refine((u) => /^https?:\/\//i.test(u), 'The address must start with http:// or https://');

export const profileUrlsSchema = z.object({
  authUrl: httpUrl,
  documentsUrl: httpUrl,
  transferUrl: httpUrl,
  fiscalUrl: httpUrl,
  fiscalMtlsUrl: httpUrl,
});
export type ProfileUrls = z.infer<typeof profileUrlsSchema>;

/** 127.0.0.0/8, ::1 and localhost: addresses that never leave this computer. */
export const isLoopbackHost = (hostname: string): boolean => {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
};

/**
 * Why a profile address may not carry credentials, or null when it may: `https://`, or plain
 * `http://` to this computer only (the local emulator, tests). Remembered passwords and tokens
 * must never cross the network in clear text.
 */
export const insecureServiceUrlProblem = (url: string): string | null => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url.slice(0, 200)}" is not a full address.`;
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  return `${parsed.origin} is not secure: use an https:// address (plain http:// is only allowed for this computer, e.g. http://127.0.0.1).`;
};

const serviceUrl = httpUrl.superRefine((url, ctx) => {
  if (!/^https?:\/\//i.test(url)) return; // already said by httpUrl
  const problem = insecureServiceUrlProblem(url);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

/** The addresses a user may save: https, or http for loopback only. Saved profiles are read with the laxer `profileUrlsSchema` so none is lost. */
export const serviceUrlsSchema = z.object({
  authUrl: serviceUrl,
  documentsUrl: serviceUrl,
  transferUrl: serviceUrl,
  fiscalUrl: serviceUrl,
  fiscalMtlsUrl: serviceUrl,
});

export const profileIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lowercase letters, digits and dashes.');

export const profileSchema = z.object({
  id: profileIdSchema,
  name: z.string().trim().min(1, 'Give the profile a name.').max(80),
  kind: z.enum(['emulator', 'remote']),
  environment: environmentSchema,
  /** Remote profiles only; the emulator profile gets its URLs when the emulator starts. */
  urls: profileUrlsSchema.optional(),
  /** Extra CA in PEM, appended to the system's roots (for proxies or a private test service). */
  extraCaPem: z
    .string()
    .max(200_000)
    .refine(
      (pem) => pem.trim() === '' || pem.includes('-----BEGIN CERTIFICATE-----'),
      'Paste the CA certificate in PEM format (it starts with -----BEGIN CERTIFICATE-----).',
    )
    .optional(),
  builtIn: z.boolean().default(false),
  /** Built-in Production: its addresses are a best guess until the user checks and saves them. */
  urlsNeedReview: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `profiles.save`: a new profile may leave `id` out (the core derives one from the name).
 * `builtIn` and `urlsNeedReview` are decided by the core, whatever is sent.
 */
export const profileSaveInputSchema = profileSchema.extend({ id: profileIdSchema.optional(), urls: serviceUrlsSchema.optional() });
export type ProfileSaveInput = z.input<typeof profileSaveInputSchema>;

export interface ProfilesState {
  profiles: Profile[];
  activeId: string;
  /** Set when the saved profiles could not be read and defaults (or part of them) are used. */
  warning?: string;
}

export interface EmulatorStatus {
  state: 'stopped' | 'starting' | 'running' | 'failed';
  urls?: ProfileUrls;
  /** English, for logs; `userMessage` is what the UI shows. */
  message?: string;
  userMessage?: ErrorReason;
}

export const profileChannels = {
  'profiles.list': channel<ProfilesState>()(noInput),
  'profiles.save': channel<ProfilesState>()(profileSaveInputSchema),
  'profiles.delete': channel<ProfilesState>()(z.object({ id: z.string().min(1) })),
  'profiles.activate': channel<ProfilesState>()(z.object({ id: z.string().min(1) })),
  'emulator.status': channel<EmulatorStatus>()(noInput),
  /** Starts the local emulator again after it failed or was stopped (Local emulator profile only). */
  'emulator.restart': channel<EmulatorStatus>()(noInput),
};

export const profileEvents = {
  'profiles.changed': event<ProfilesState>(),
  'emulator.changed': event<EmulatorStatus>(),
};
