/** The file-opening thread's own limits: a file past its time or heap limit is refused with that reason, and the next file opens in a new thread. */
import { describe, expect, it } from 'vitest';
import { AppError, reasonOf } from '../../../shared/contract';
import { createThreadFileOpener } from './file-opener';
import { csvOutputBudget } from './open';
import { fixtureBytes } from '../../../standards/test-support/fixtures';
import { largeFatturaPa } from './test-support/bombs';

const csv = new TextEncoder().encode('document_number,total\nA-1,10\n');

const refusal = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('the file-opening thread', () => {
  it('opens files one after another in the same thread', async () => {
    const opener = createThreadFileOpener();
    try {
      const [first, second] = await Promise.all([opener.open('a.csv', csv), opener.open('b.csv', csv)]);
      expect(first.documents[0]?.summary.number).toBe('A-1');
      expect(second.fileName).toBe('b.csv');
    } finally {
      await opener.close();
    }
  });

  it('stops a file past its time limit and says so', async () => {
    const opener = createThreadFileOpener({ timeoutMs: 1 });
    try {
      const error = await refusal(opener.open('slow.xml', largeFatturaPa(2)));
      expect(error.code).toBe('timeout');
      expect(reasonOf(error.details)).toMatchObject({ key: 'viewer.openTimeout', params: { name: 'slow.xml' } });
    } finally {
      await opener.close();
    }
  }, 60_000);

  it('refuses a file that needs more than the heap limit, and the next file still opens', async () => {
    const opener = createThreadFileOpener({ heapMb: 16 });
    try {
      const error = await refusal(opener.open('large.xml', largeFatturaPa(8)));
      expect(reasonOf(error.details)).toMatchObject({ key: 'viewer.openFailed', params: { name: 'large.xml' } });
      await expect(opener.open('a.csv', csv)).resolves.toMatchObject({ fileName: 'a.csv' });
    } finally {
      await opener.close();
    }
  }, 60_000);

  it("reads the inbox's sources in the thread: pretty form and parse, a source nested 13 000 deep given back as written", async () => {
    const opener = createThreadFileOpener();
    try {
      const order: string[] = [];
      const deep = `${'<a>'.repeat(13_000)}x${'</a>'.repeat(13_000)}`;
      const reading = opener.readSource('deep', deep, 'xml', { pretty: true, parse: true }).then((answer) => {
        order.push('source');
        return answer;
      });
      await new Promise((resolve) => setImmediate(resolve));
      order.push('other');
      const answer = await reading;
      expect(order).toEqual(['other', 'source']);
      expect(answer.pretty).toBe(deep);
      expect(answer.parsed?.document).toBeNull();
      const invoice = new TextDecoder().decode(fixtureBytes('peppol-bis-invoice-3/base-example.xml'));
      const parsed = await opener.readSource('invoice', invoice, 'xml', { parse: true });
      expect(parsed.parsed?.document?.id).toBe('Snippet1');
      expect(parsed.pretty).toBeUndefined();
    } finally {
      await opener.close();
    }
  });
});

describe("a CSV's documents", () => {
  it('are refused once their text passes the limit, with the limit in the reason', () => {
    const spend = csvOutputBudget('big.csv', 2 * 1024 * 1024);
    spend(1024 * 1024);
    spend(1024 * 1024);
    let refused: unknown;
    try {
      spend(1);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(reasonOf((refused as AppError).details)).toEqual({ key: 'viewer.csvTooBig', params: { name: 'big.csv', limit: '2 MB' } });
  });
});
