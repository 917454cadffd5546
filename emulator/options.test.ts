import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFaults } from './faults';
import { defaultOptions, optionsFromFlags } from './options';

describe('--faults', () => {
  it('reads probabilities, a latency range and keeps unknown names', () => {
    expect(parseFaults('upload503=0.2, latency=50-300,drop=0.01,documents500=0.1,reportFail=0.5,slowPdf=yes')).toEqual({
      upload503: 0.2,
      latency: { min: 50, max: 300 },
      drop: 0.01,
      documents500: 0.1,
      reportFail: 0.5,
      extra: { slowPdf: 'yes' },
    });
    expect(parseFaults('latency=20').latency).toEqual({ min: 20, max: 20 });
    expect(parseFaults('')).toMatchObject({ upload503: 0, latency: null, drop: 0 });
  });

  it.each([
    ['upload503', /pairs|name=value/],
    ['upload503=', /name=value/],
    ['=0.2', /name=value/],
    ['upload503=1.5', /upload503 must be a probability between 0 and 1/],
    ['drop=abc', /drop must be a probability/],
    ['latency=300-50', /maximum below its minimum/],
    ['latency=fast', /latency must be milliseconds or a range/],
    ['9lives=1', /not a valid fault name/],
  ])('refuses %s with a clear message', (spec, message) => {
    expect(() => parseFaults(spec)).toThrow(message);
  });
});

describe('command-line flags', () => {
  it('defaults to sandbox on ports 8701.. with a one-day token', () => {
    expect(optionsFromFlags({})).toEqual(defaultOptions);
    expect(defaultOptions).toMatchObject({ port: 8701, host: '127.0.0.1', environment: 'sandbox', tokenTtlSeconds: 86_400 });
  });

  it('converts every flag', () => {
    expect(
      optionsFromFlags({
        port: '0',
        host: '0.0.0.0',
        'data-dir': 'relative/dir',
        seed: '42',
        documents: '1000',
        'token-ttl': '60',
        'processing-delay': '5',
        faults: 'upload503=1',
        environment: 'production',
      }),
    ).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: resolve('relative/dir'),
      seed: 42,
      documents: 1000,
      tokenTtlSeconds: 60,
      processingDelayMs: 5,
      faults: { upload503: 1 },
      environment: 'production',
    });
  });

  it.each([
    [{ port: 'eighty' }, /--port must be a whole number/],
    [{ port: '70000' }, /--port must be at most/],
    [{ 'token-ttl': '0' }, /--token-ttl must be at least 1/],
    [{ environment: 'staging' }, /--environment must be sandbox or production/],
    [{ faults: 'drop=2' }, /drop must be a probability/],
    [{ documents: '-1' }, /--documents must be a whole number/],
  ])('refuses %o', (flags, message) => {
    expect(() => optionsFromFlags(flags)).toThrow(message);
  });
});
