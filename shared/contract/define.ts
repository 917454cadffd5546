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

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The "changes" form of an object schema: every field optional and WITHOUT its default.
 * zod 4's `.partial()` keeps defaults, so a field left out of a change would come back as its
 * default and overwrite the saved value.
 */
export function changesOf<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
): z.ZodObject<{ [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> }> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional()]),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof Shape]: z.ZodOptional<WithoutDefault<Shape[K]>> }>;
}
