/**
 * What a bench started (browsers, shells, servers, temp folders), closed in reverse order however
 * the bench ends: normally, on its deadline, or when the process is told to stop (SIGINT/SIGTERM,
 * e.g. by bench/run.ts on its own timeout). Shells run in their own process group and would
 * otherwise outlive a bench that dies.
 */
export class Resources {
  private readonly closers: (() => Promise<void>)[] = [];

  constructor() {
    live.add(this);
    installSignalHandlers();
  }

  /** Registers `close` and returns `value`, for `const x = resources.keep(await start(), () => x.close())`. */
  keep<T>(value: T, close: (value: T) => Promise<unknown>): T {
    this.closers.push(async () => {
      await close(value);
    });
    return value;
  }

  async closeAll(): Promise<void> {
    for (let close = this.closers.pop(); close !== undefined; close = this.closers.pop()) {
      await close().catch((error: unknown) => log(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
    }
    live.delete(this);
  }
}

const live = new Set<Resources>();
let handlersInstalled = false;
let stopping = false;

/** True once SIGINT/SIGTERM arrived: errors from steps whose browser was closed under them are expected then. */
export const isStopping = (): boolean => stopping;

function installSignalHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      log(`${signal}: stopping what the bench started…`);
      void Promise.all([...live].map((resources) => resources.closeAll())).finally(() => process.exit(130));
    });
  }
}

/** Progress for people (stderr): stdout carries only a bench's JSON line. */
export const log = (line: string): void => {
  process.stderr.write(`[bench] ${line}\n`);
};
