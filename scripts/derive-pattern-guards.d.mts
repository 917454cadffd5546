/** Types of scripts/derive-pattern-guards.mjs (the pattern guards derived from the compiled rules). */
export interface SefNode {
  N: string;
  C?: SefNode[];
  [attribute: string]: unknown;
}
export interface PatternGuards {
  version: 1;
  layers: Record<string, { sefSha256: string; patterns: Record<string, string | null> }>;
}
export function readSef(path: string): { bytes: Buffer; tree: SefNode };
export function expression(node: SefNode): string;
export function contextFree(node: SefNode): boolean;
export function patternExpression(pattern: SefNode): string;
export function ruleGuard(pattern: SefNode): string;
export function deriveLayerGuards(tree: SefNode): Record<string, string | null>;
export function derivePatternGuards(options?: { sefDir?: string; quiet?: boolean }): PatternGuards;
