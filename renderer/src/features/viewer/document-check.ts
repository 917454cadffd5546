/**
 * The official rules' check (`standards.validate`, offline, in the core's workers) of the document
 * the viewer shows. Each run names a validation id: the engine's `standards.progress` for it says
 * which artefact runs (schema, then each Schematron layer) beside the elapsed time, and a cancel
 * stops it in the core (`standards.cancel`) as well as discarding any late answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileRef, ViewedDocument } from '../../../../shared/contract';
import type { LocalValidation, StandardsProgress } from '../../../../shared/contract/standards';
import { bridge } from '../../bridge';

export type CheckState =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number; progress?: StandardsProgress }
  | { status: 'done'; result: LocalValidation }
  | { status: 'failed'; error: unknown }
  | { status: 'cancelled' };

/** Formats the official rules know; CSV, JSON and plain text are not checked. */
export const isCheckable = (document: ViewedDocument): boolean => ['ubl', 'fatturapa', 'ksef', 'xml'].includes(document.family) && document.source.contentType === 'application/xml';

/** UTF-8 bytes of a document's decoded text, its XML declaration saying so (it may have named another encoding). */
export function utf8Document(text: string): Uint8Array {
  const declared = text.replace(/^(\uFEFF?<\?xml[^>]*?\bencoding\s*=\s*)(["'])[^"']*\2/, '$1$2UTF-8$2');
  return new TextEncoder().encode(declared);
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/**
 * What to validate: the file as it came (when it is this one document) or, for a document out of a
 * container (ZIP, .p7m, CSV), the document's own text. Returns null when there is nothing whole to check.
 */
export function checkInput(document: ViewedDocument, original: FileRef | null): FileRef | null {
  if (original) return original;
  if (document.source.truncated) return null;
  return { kind: 'bytes', name: document.name, base64: base64Of(utf8Document(document.source.text)) };
}

export function useDocumentCheck(file: FileRef | null, { auto, ruleSet }: { auto: boolean; ruleSet?: string }) {
  const [state, setState] = useState<CheckState>(() => (auto && file ? { status: 'running', startedAt: Date.now() } : { status: 'idle' }));
  const run = useRef(0);

  const validationId = useRef<string | null>(null);

  /** Asks the core; only the latest run may set the result (a newer run or a cancel discards it). */
  const launch = useCallback(
    (current: number) => {
      if (!file) return;
      const id = `view-${current}-${Math.random().toString(36).slice(2)}`;
      validationId.current = id;
      bridge
        .invoke('standards.validate', { file, validationId: id, ...(ruleSet ? { ruleSet } : {}) })
        .then((result) => {
          if (current === run.current) setState({ status: 'done', result });
        })
        .catch((error: unknown) => {
          if (current === run.current) setState({ status: 'failed', error });
        });
    },
    [file, ruleSet],
  );

  useEffect(
    () =>
      bridge.on('standards.progress', (progress) => {
        if (progress.validationId !== validationId.current || progress.phase === 'done') return;
        setState((current) => (current.status === 'running' ? { ...current, progress } : current));
      }),
    [],
  );

  /** Stops the core's run too; its answer (an error `cancelled`) is dropped like any late one. */
  const stopInCore = useCallback(() => {
    const id = validationId.current;
    validationId.current = null;
    if (id) bridge.invoke('standards.cancel', { validationId: id }).catch(() => undefined);
  }, []);

  const start = useCallback(() => {
    if (!file) return;
    const current = ++run.current;
    setState({ status: 'running', startedAt: Date.now() });
    launch(current);
  }, [file, launch]);

  const cancel = useCallback(() => {
    run.current += 1;
    stopInCore();
    setState({ status: 'cancelled' });
  }, [stopInCore]);

  useEffect(() => {
    if (!auto || !file) return;
    // The state starts as running (see useState above); this asks the core.
    launch(++run.current);
    return () => {
      // Closing the document stops its check; a result that still arrives is dropped.
      run.current += 1;
      stopInCore();
    };
  }, [auto, file, launch, stopInCore]);

  return { state, start, cancel };
}

/** Seconds since `startedAt`, ticking once a second while shown. */
export function useElapsedSeconds(startedAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [startedAt]);
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / 1000));
}
