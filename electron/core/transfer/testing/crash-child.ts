/**
 * A process that adds one file to the uploads service and dies (SIGKILL, no cleanup) at a chosen
 * point of the send: the crash tests then start a new service on the same folder.
 * Usage: node --import tsx crash-child.ts '<json config>'
 */
import { z } from 'zod';
import { localFileRefSchema } from '../../files/file-ref';
import { createTestUploads } from './harness';

const configSchema = z.object({
  transferUrl: z.string().url(),
  token: z.string().min(1),
  user: z.object({ uid: z.string(), email: z.string() }),
  userDataDir: z.string().min(1),
  file: localFileRefSchema,
  /** `beforePost`: `sending` is on disk, the POST never leaves. `afterPostAnswer`: the service answered, nothing journaled yet. */
  killAt: z.enum(['beforePost', 'afterPostAnswer']),
});

const config = configSchema.parse(JSON.parse(process.argv[2] ?? '{}'));
const die = (): never => {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
};

const uploads = createTestUploads({
  transferUrl: config.transferUrl,
  token: config.token,
  user: config.user,
  userDataDir: config.userDataDir,
  hooks: {
    beforePost: () => {
      if (config.killAt === 'beforePost') die();
    },
    afterPostAnswer: () => {
      if (config.killAt === 'afterPostAnswer') die();
    },
  },
});

await uploads.service.start();
await uploads.service.add({ country: 'IT', files: [{ file: config.file }] });
