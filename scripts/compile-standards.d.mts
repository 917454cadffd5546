export interface CompileTarget {
  xsl: string;
  imports?: string[];
  catalog?: string;
}
export interface ManifestEntry {
  sef: string;
  inputHash: string;
  sha256: string;
  contentHash: string;
}
export declare const artefactsDir: string;
export declare const sefDir: string;
export declare const compileTargets: CompileTarget[];
export declare const sefPathFor: (xsl: string) => string;
export declare const sefContentHash: (sefText: string) => string;
export declare const readManifest: () => Record<string, ManifestEntry>;
export declare const staleTargets: (manifest?: Record<string, ManifestEntry>, version?: string) => CompileTarget[];
export declare const staleMessage: (stale: CompileTarget[]) => string;
export declare const exportSef: (target: CompileTarget, tempRoot: string) => Promise<string>;
export declare const compileStandards: (options?: { force?: boolean; quiet?: boolean }) => Promise<{ compiled: number; cached: number; seconds: number }>;
