export interface CompileTarget {
  xsl: string;
  imports?: string[];
  catalog?: string;
}
export declare const artefactsDir: string;
export declare const sefDir: string;
export declare const compileTargets: CompileTarget[];
export declare const sefPathFor: (xsl: string) => string;
export declare const compileStandards: (options?: { force?: boolean; quiet?: boolean }) => Promise<{ compiled: number; cached: number; seconds: number }>;
/** A long-lived xslt3 process; compile(xsl, out) exports one SEF with the build's options. */
export declare const startCompiler: () => { compile(xsl: string, out: string): Promise<void>; stop(): void };
