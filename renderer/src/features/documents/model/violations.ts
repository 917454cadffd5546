/** The rule violations a refused `documents.send` carries in `details.violations` (checked, never trusted blindly). */
import { z } from 'zod';
import type { Violation } from '../../../../../shared/contract/documents';
import { AppError } from '../../../../../shared/contract/errors';

const violationsSchema = z.object({
  violations: z.array(
    z.object({
      rule: z.string().catch(''),
      location: z.string().catch(''),
      message: z.string().catch(''),
    }),
  ),
});

export function violationsOf(error: unknown): Violation[] {
  if (!(error instanceof AppError) || error.code !== 'validation') return [];
  const parsed = violationsSchema.safeParse(error.details);
  return parsed.success ? parsed.data.violations : [];
}
