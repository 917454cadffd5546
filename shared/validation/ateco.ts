import { z } from 'zod';

/** ATECO activity codes since the October 2026 release: exactly 6 uppercase letters or digits, no dots. */
export const ATECO_CODE_PATTERN = /^[A-Z0-9]{6}$/;

export type AtecoCodeErrorCode = 'not_a_string' | 'empty' | 'lowercase' | 'separators' | 'old_format' | 'length' | 'characters';
export type AtecoCodeCheck = { ok: true; code: string } | { ok: false; code: AtecoCodeErrorCode; message: string };

/** Strips the dots and spaces people type ("47.11.10" → "471110") and uppercases. */
export function normalizeAtecoCode(input: string): string {
  return input.replace(/[.\s-]/g, '').toUpperCase();
}

/** Checks an ATECO code as the service does; the message says how to fix it. */
export function validateAtecoCode(value: unknown): AtecoCodeCheck {
  if (typeof value !== 'string') {
    return { ok: false, code: 'not_a_string', message: 'The ATECO code must be text of exactly 6 uppercase letters or digits, e.g. "471110".' };
  }
  if (value.trim() === '') {
    return { ok: false, code: 'empty', message: 'The ATECO code is empty: write its 6 characters, e.g. "471110".' };
  }
  if (ATECO_CODE_PATTERN.test(value)) return { ok: true, code: value };
  const normalized = normalizeAtecoCode(value);
  if (/[.\s-]/.test(value) && ATECO_CODE_PATTERN.test(normalized)) {
    return { ok: false, code: 'separators', message: `Write the ATECO code "${value}" without dots or spaces: "${normalized}".` };
  }
  if (value !== value.toUpperCase() && ATECO_CODE_PATTERN.test(value.toUpperCase())) {
    return { ok: false, code: 'lowercase', message: `The ATECO code must be uppercase: "${value.toUpperCase()}" (got "${value}").` };
  }
  if (/^\d{5}$/.test(normalized)) {
    return {
      ok: false,
      code: 'old_format',
      message: `"${value}" has 5 digits, the format before October 2026; ATECO codes now have exactly 6 characters (e.g. "${normalized}0" if that is your activity).`,
    };
  }
  if (!/^[A-Za-z0-9]*$/.test(normalized)) {
    return { ok: false, code: 'characters', message: `The ATECO code "${value}" may contain only letters A-Z and digits 0-9 (6 of them).` };
  }
  return {
    ok: false,
    code: 'length',
    message: `The ATECO code "${value}" has ${normalized.length} characters; it needs exactly 6 uppercase letters or digits, e.g. "471110".`,
  };
}

/** Zod schema of an ATECO code string with the messages above. */
export const atecoCodeSchema = z.string().superRefine((value, context) => {
  const check = validateAtecoCode(value);
  if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
});
