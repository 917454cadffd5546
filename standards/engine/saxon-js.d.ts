/** The parts of SaxonJS (saxon-js, no published types) the engine uses. */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal?: unknown;
    sourceNode?: unknown;
    sourceText?: string;
    destination?: 'document' | 'serialized' | 'raw' | 'application';
    /** A mode to start in, e.g. `M26` (one Schematron pattern of the compiled rules). */
    initialMode?: string;
    stylesheetParams?: Record<string, unknown>;
    documentPool?: Record<string, unknown>;
    collationPool?: Record<string, unknown>;
  }
  interface TransformResult {
    principalResult: unknown;
  }
  interface SaxonJSStatic {
    transform(options: TransformOptions, mode: 'sync'): TransformResult;
    XPath: { evaluate(xpath: string, context: unknown, options?: { params?: Record<string, unknown> }): unknown };
    getProcessorInfo(): { productName: string; productVersion: string };
  }
  const SaxonJS: SaxonJSStatic;
  export default SaxonJS;
}
