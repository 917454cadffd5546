import { parseArgs, type ParseArgsConfig } from 'node:util';

/** String flags of a bench script; a typo exits 2 with the usage instead of a stack trace. */
export function stringFlags<Name extends string>(names: readonly Name[], usage: string): Partial<Record<Name, string>> {
  const options: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
  try {
    return parseArgs({ options, strict: true, allowPositionals: false }).values as Partial<Record<Name, string>>;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}\n`);
    process.exit(2);
  }
}

/** A whole-number flag within bounds, or exit 2 saying what was wrong. */
export function wholeNumberFlag(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  process.stderr.write(`--${name} must be a whole number from ${min} to ${max}, not "${text}".\n`);
  process.exit(2);
}
