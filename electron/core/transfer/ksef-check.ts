/**
 * An upload to Poland, before it is journaled: KSeF's acceptance pre-checks (shared/ksef/prechecks.ts)
 * for the active profile's environment. What KSeF would refuse is refused here with its reason (a
 * production profile refuses FA (2), KSeF TEST takes it); what it may refuse is the entry's warning.
 * Only XML files are looked at (ZIP, CSV and JSON are turned into KSeF documents by the service).
 */
import fs from 'node:fs/promises';
import { type Environment, type ErrorReason, type ErrorReasonKey } from '../../../shared/contract';
import { checkForKsef, warsawDay, type KsefFinding } from '../../../shared/ksef';

export interface KsefUploadCheck {
  refusal?: { message: string; why: ErrorReason };
  warning?: { message: string; why: ErrorReason };
}

/** The finding's own sentence (`ksef.<code>`); the uploads list shows the file's name beside it. */
export const ksefReason = (finding: KsefFinding): ErrorReason => {
  const key: ErrorReasonKey = `ksef.${finding.code}`;
  return { key, params: finding.params };
};

const worded = (fileName: string, finding: KsefFinding): { message: string; why: ErrorReason } => ({ message: `${fileName}: ${finding.message}`, why: ksefReason(finding) });

export async function ksefCheckOfUpload(fileName: string, content: Uint8Array | { path: string }, environment: Environment | undefined, now: Date): Promise<KsefUploadCheck> {
  if (!/\.xml$/i.test(fileName)) return {};
  let bytes: Uint8Array;
  try {
    bytes = content instanceof Uint8Array ? content : await fs.readFile(content.path);
  } catch {
    return {}; // The read at its turn to be sent says what went wrong with the file.
  }
  const { findings } = checkForKsef(bytes, { today: warsawDay(now), toKsef: true, ...(environment ? { environment } : {}) });
  const refusal = findings.find((finding) => finding.refuses);
  if (refusal) return { refusal: worded(fileName, refusal) };
  const warning = findings[0];
  return warning ? { warning: worded(fileName, warning) } : {};
}
