import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Dialogs } from '../ports';

/** Hosts without native dialogs (the browser shell, tests): the renderer asks in its own UI instead. */
export function createNoDialogs(): Dialogs {
  return {
    chooseFolder: () => Promise.resolve(null),
    chooseFiles: () => Promise.resolve([]),
    chooseSavePath: () => Promise.resolve(null),
  };
}

const absolute = z.string().refine((value) => path.isAbsolute(value), 'must be an absolute path');

/** The answers file: what each dialog "chooses" (null or absent: the user cancelled). */
export const scriptedAnswersSchema = z
  .object({
    chooseFolder: absolute.nullable().optional(),
    chooseFiles: z.array(absolute).optional(),
    chooseSavePath: absolute.nullable().optional(),
  })
  .strict();
export type ScriptedAnswers = z.infer<typeof scriptedAnswersSchema>;

/**
 * Dialogs that answer from a JSON file instead of asking a person: the browser shell's stand-in for
 * Electron's native dialogs, switched on only by `LEDGERDESK_SCRIPTED_DIALOGS=<file>` (end-to-end
 * tests and benches drive the route Electron takes: a folder chosen in a dialog, granted as a handle).
 * The file is read at each dialog, so a test can change its answers between two choices. A missing
 * or malformed file is an error (a test must not silently get a cancelled dialog).
 */
export function createScriptedDialogs(answersFile: string): Dialogs {
  const answers = async (): Promise<ScriptedAnswers> => {
    const text = await fs.readFile(answersFile, 'utf8');
    const parsed = scriptedAnswersSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`The scripted dialogs' answers (${answersFile}) are malformed: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    return parsed.data;
  };
  return {
    scripted: true,
    chooseFolder: async () => (await answers()).chooseFolder ?? null,
    chooseFiles: async () => (await answers()).chooseFiles ?? [],
    chooseSavePath: async () => (await answers()).chooseSavePath ?? null,
  };
}

/** The environment variable that switches the browser shell's scripted dialogs on. */
export const SCRIPTED_DIALOGS_ENV = 'LEDGERDESK_SCRIPTED_DIALOGS';
