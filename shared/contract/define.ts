import { z } from 'zod';

/** A request/response channel: the zod schema checks the input in main; O is the output type. */
export interface ChannelDef<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly input: I;
  /** Phantom field carrying the output type; never set at runtime. */
  readonly __output?: O;
}

/** An event sent from main to the renderer; P is the payload type. */
export interface EventDef<P = unknown> {
  readonly __payload?: P;
}

export const channel =
  <O>() =>
  <I extends z.ZodType>(input: I): ChannelDef<I, O> => ({ input });

export const event = <P>(): EventDef<P> => ({});

export const noInput = z.object({}).strict().optional().default({});
