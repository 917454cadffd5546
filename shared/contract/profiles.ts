import { z } from 'zod';
import { channel, event, noInput } from './define';
import { environmentSchema } from './session';

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

export const profileSchema = z.object({
  id: z.string().trim().min(1).max(64).regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lowercase letters, digits and dashes.'),
  name: z.string().trim().min(1, 'Give the profile a name.').max(80),
  kind: z.enum(['emulator', 'remote']),
  environment: environmentSchema,
  /** Remote profiles only; the emulator profile gets its URLs when the emulator starts. */
  urls: profileUrlsSchema.optional(),
  /** Extra CA in PEM, appended to the system's roots (for proxies or a private test service). */
  extraCaPem: z.string().max(200_000).optional(),
  builtIn: z.boolean().default(false),
});
export type Profile = z.infer<typeof profileSchema>;

export interface ProfilesState {
  profiles: Profile[];
  activeId: string;
}

export interface EmulatorStatus {
  state: 'stopped' | 'starting' | 'running' | 'failed';
  urls?: ProfileUrls;
  message?: string;
}

export const profileChannels = {
  'profiles.list': channel<ProfilesState>()(noInput),
  'profiles.save': channel<ProfilesState>()(profileSchema),
  'profiles.delete': channel<ProfilesState>()(z.object({ id: z.string().min(1) })),
  'profiles.activate': channel<ProfilesState>()(z.object({ id: z.string().min(1) })),
  'emulator.status': channel<EmulatorStatus>()(noInput),
};

export const profileEvents = {
  'profiles.changed': event<ProfilesState>(),
  'emulator.changed': event<EmulatorStatus>(),
};
