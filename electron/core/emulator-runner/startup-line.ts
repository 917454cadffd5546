/** The one JSON line the emulator prints on stdout when it is ready (DESIGN §5.1). */
import { z } from 'zod';
import { environmentSchema } from '../../../shared/contract';

const url = z.string().url();

export const emulatorAccountSchema = z.object({
  name: z.string().min(1),
  email: z.string().min(1),
  password: z.string().min(1),
  environment: environmentSchema,
  description: z.string(),
});

export const emulatorClientCertificateSchema = z.looseObject({
  serialNumber: z.string().min(1),
  p12Path: z.string().min(1),
  passphrase: z.string(),
});

export const emulatorStartupLineSchema = z.looseObject({
  authUrl: url,
  documentsUrl: url,
  transferUrl: url,
  fiscalUrl: url,
  fiscalMtlsUrl: url,
  caCertPath: z.string().min(1),
  accounts: z.array(emulatorAccountSchema),
  clientCertificates: z.array(emulatorClientCertificateSchema),
});

export type EmulatorStartupLine = z.infer<typeof emulatorStartupLineSchema>;
export type EmulatorAccount = z.infer<typeof emulatorAccountSchema>;
