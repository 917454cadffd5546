/** A plain Node logger for non-Electron hosts: one line per entry on stderr and/or in a file, redacted. */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../ports';
import { redactingLogger } from '../logging/redact';

export interface NodeLoggerOptions {
  /** Append lines to this file (created 0600, folders made as needed). */
  filePath?: string;
  /** Also write to stderr (default true). */
  console?: boolean;
  /** Prefix for each line, e.g. `core`. */
  name?: string;
}

export interface ClosableLogger extends Logger {
  close(): Promise<void>;
}

function formatLine(level: string, name: string, message: string, fields?: Record<string, unknown>): string {
  const extra = fields && Object.keys(fields).length > 0 ? ` ${safeJson(fields)}` : '';
  return `${new Date().toISOString()} ${level.toUpperCase()} [${name}] ${message}${extra}\n`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '"[unserialisable fields]"';
  }
}

export function createNodeLogger(options: NodeLoggerOptions = {}): ClosableLogger {
  const name = options.name ?? 'core';
  const toConsole = options.console ?? true;
  let stream: fs.WriteStream | undefined;
  if (options.filePath) {
    fs.mkdirSync(path.dirname(options.filePath), { recursive: true, mode: 0o700 });
    stream = fs.createWriteStream(options.filePath, { flags: 'a', mode: 0o600 });
    stream.on('error', (error) => {
      process.stderr.write(`Logging to ${options.filePath} failed: ${error.message}\n`);
      stream = undefined;
    });
  }
  const write =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields?: Record<string, unknown>): void => {
      const line = formatLine(level, name, message, fields);
      if (toConsole) process.stderr.write(line);
      stream?.write(line);
    };
  const redacted = redactingLogger({ info: write('info'), warn: write('warn'), error: write('error') });
  return {
    ...redacted,
    close: () =>
      new Promise<void>((resolve) => {
        if (!stream) return resolve();
        stream.end(() => resolve());
        stream = undefined;
      }),
  };
}
