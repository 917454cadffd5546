import type { FastifyInstance } from 'fastify';
import type { Faults, SeededRandom } from './context';

export const noFaults: Faults = { upload503: 0, latency: null, drop: 0, documents500: 0, reportFail: 0, extra: {} };

const probabilityNames = ['upload503', 'drop', 'documents500', 'reportFail'] as const;
type ProbabilityName = (typeof probabilityNames)[number];

export class FaultSpecError extends Error {
  override name = 'FaultSpecError';
}

function parseProbability(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
    throw new FaultSpecError(`--faults: ${name} must be a probability between 0 and 1 (e.g. ${name}=0.2); got "${value}".`);
  }
  return number;
}

function parseLatency(value: string): { min: number; max: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  if (!match) {
    throw new FaultSpecError(`--faults: latency must be milliseconds or a range MIN-MAX (e.g. latency=50-300); got "${value}".`);
  }
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new FaultSpecError(`--faults: latency range ${value} has its maximum below its minimum.`);
  if (max > 60_000) throw new FaultSpecError(`--faults: latency above 60000 ms is not supported; got "${value}".`);
  return { min, max };
}

/** Parses `upload503=0.2,latency=50-300,drop=0.01`; unknown names are kept in `extra`. */
export function parseFaults(spec: string): Faults {
  const faults: Faults = { ...noFaults, extra: {} };
  const trimmed = spec.trim();
  if (trimmed === '') return faults;
  for (const part of trimmed.split(',')) {
    const item = part.trim();
    const equals = item.indexOf('=');
    if (equals <= 0 || equals === item.length - 1) {
      throw new FaultSpecError(`--faults: each fault is name=value, separated by commas (e.g. upload503=0.2,latency=50-300); got "${item}".`);
    }
    const name = item.slice(0, equals).trim();
    const value = item.slice(equals + 1).trim();
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) {
      throw new FaultSpecError(`--faults: "${name}" is not a valid fault name.`);
    }
    if ((probabilityNames as readonly string[]).includes(name)) {
      faults[name as ProbabilityName] = parseProbability(name, value);
    } else if (name === 'latency') {
      faults.latency = parseLatency(value);
    } else {
      faults.extra[name] = value;
    }
  }
  return faults;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Latency and dropped connections apply to every listener; the other faults are the areas' own. */
export function installGlobalFaults(app: FastifyInstance, faults: Faults, random: SeededRandom): void {
  if (faults.latency === null && faults.drop === 0) return;
  const { latency, drop } = faults;
  app.addHook('onRequest', async (request, reply) => {
    if (drop > 0 && random.next() < drop) {
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    }
    if (latency !== null) await sleep(random.int(latency.min, latency.max));
    return undefined;
  });
}
