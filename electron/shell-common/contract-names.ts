/**
 * The contract's channel and event names, for the preload. scripts/build.mjs replaces this module
 * with the plain lists when it bundles the preload, so zod and the schemas stay out of it.
 */
import { channelNames as allChannels, eventNames as allEvents } from '../../shared/contract';

export const channelNames: readonly string[] = allChannels;
export const eventNames: readonly string[] = allEvents;
