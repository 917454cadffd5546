/**
 * Names of the temporary files of atomic writes, shared by the main thread and the writer threads
 * (no dependency beyond Node's, so the threads' bundles stay small).
 */
import crypto from 'node:crypto';

const TEMP_PATTERN = /^\.(.+)\.[0-9a-f]{12}\.tmp$/;

// Unique per process: a random prefix drawn once and a counter (a random draw per file costs a system call).
const tempPrefix = crypto.randomBytes(3).toString('hex');
let tempCounter = 0;

/** `.invoice.xml.3f2a09000c1b.tmp`: hidden, next to the target, recognisable for cleanup after a crash. */
export function tempNameFor(fileName: string): string {
  tempCounter = (tempCounter + 1) % 0x1000000;
  return `.${fileName}.${tempPrefix}${tempCounter.toString(16).padStart(6, '0')}.tmp`;
}

/** The target name a temp file of `tempNameFor` belongs to, or undefined for any other name. */
export function targetOfTempName(name: string): string | undefined {
  return TEMP_PATTERN.exec(name)?.[1];
}
