export declare const coreThreadNames: readonly string[];
/** Bundles the core's worker threads into `<outdir>/<name>.cjs` (esbuild is imported when not given). */
export declare function bundleCoreThreads(outdir: string, esbuild?: unknown): Promise<void>;
