export declare const newestMtime: (path: string) => number;
export declare const isUpToDate: (output: string, sources: readonly string[]) => boolean;
