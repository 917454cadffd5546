/**
 * Field messages of the onboarding forms, in the UI language: the contract's own schema decides
 * what is wrong before sending (one rule set for the form and main), and the service's refusals
 * come back from main placed at their field (`details.fieldReasons`).
 */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { onboardingFieldReasons, type OnboardingFieldReason } from '../../../../../shared/contract/fiscal-onboarding';
import type { onboardingEn } from '../i18n/onboarding/en';

export type InvalidKey = keyof typeof onboardingEn.invalid;

/** Contract path → why it is invalid, for the first problem of each field the form shows. */
export function schemaProblems(schema: z.ZodType, draft: unknown, keyOf: (path: string, code: string) => InvalidKey | null): Record<string, InvalidKey> {
  const parsed = schema.safeParse(draft);
  if (parsed.success) return {};
  const out: Record<string, InvalidKey> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    const key = keyOf(path, issue.code);
    if (key && !(path in out)) out[path] = key;
  }
  return out;
}

const isReason = (value: unknown): value is OnboardingFieldReason => typeof value === 'string' && (onboardingFieldReasons as readonly string[]).includes(value);

/** The service's field refusals of a failed call (contract path → message in the UI language). */
export function serverFieldMessages(error: unknown, t: TFunction): Record<string, string> {
  const details = (error as { details?: { fields?: unknown; fieldReasons?: unknown } } | null)?.details;
  if (!details || typeof details.fields !== 'object' || details.fields === null) return {};
  const fields = details.fields as Record<string, unknown>;
  const reasons = (typeof details.fieldReasons === 'object' && details.fieldReasons !== null ? details.fieldReasons : {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [path, said] of Object.entries(fields)) {
    if (typeof said !== 'string') continue;
    const why = reasons[path];
    out[path] = isReason(why) ? t(`fiscal.onboarding.fieldReasons.${why}`, { said }) : t('fiscal.onboarding.fieldReasons.refusedValue', { said });
  }
  return out;
}

/** A refusal main placed at one of the form's fields (the form shows it there, not as a banner). */
export function isPlacedAtField(error: unknown, paths: readonly string[]): boolean {
  const fields = (error as { details?: { fields?: unknown } } | null)?.details?.fields;
  return typeof fields === 'object' && fields !== null && Object.keys(fields).some((path) => paths.includes(path));
}
