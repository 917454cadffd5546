/** Messages between the engine and its worker threads. */
import type { PartialResult, ValidationJob } from './validate';
import type { ValidationFailureCode, ValidationProgress } from './types';

export type WorkerRequest =
  | { id: number; type: 'validate'; job: ValidationJob }
  | { id: number; type: 'warm'; ruleSet: string; share: { index: number; of: number } };

export type WorkerResponse =
  | { id: number; type: 'progress'; progress: ValidationProgress; unit: string }
  | { id: number; type: 'result'; result: PartialResult }
  | { id: number; type: 'warmed' }
  | { id: number; type: 'failure'; code: ValidationFailureCode; message: string };
