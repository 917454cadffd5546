/**
 * The IPC contract (DESIGN §3): every channel the renderer may invoke and every event main may
 * send. Each area keeps its own file under shared/contract/; this file only merges them.
 */
import type { z } from 'zod';
import type { ChannelDef, EventDef } from './contract/define';
import type { Envelope } from './contract/errors';
import type { GrantedFile } from './contract/files';
import { appChannels, appEvents } from './contract/app';
import { profileChannels, profileEvents } from './contract/profiles';
import { sessionChannels, sessionEvents } from './contract/session';
import { fileChannels } from './contract/files';
import { documentChannels, documentEvents } from './contract/documents';
import { uploadChannels, uploadEvents } from './contract/uploads';
import { fiscalChannels, fiscalEvents } from './contract/fiscal';
import { fiscalOnboardingChannels } from './contract/fiscal-onboarding';
import { standardsChannels, standardsEvents } from './contract/standards';
import { viewerChannels } from './contract/viewer';
import { activityChannels, activityEvents } from './contract/activity';
import { exportChannels, exportEvents } from './contract/exports';
import { syncChannels, syncEvents } from './contract/sync';
import { watchChannels, watchEvents } from './contract/watch';

export const channels = {
  ...appChannels,
  ...sessionChannels,
  ...profileChannels,
  ...fileChannels,
  ...documentChannels,
  ...uploadChannels,
  ...fiscalChannels,
  ...fiscalOnboardingChannels,
  ...standardsChannels,
  ...viewerChannels,
  ...activityChannels,
  ...exportChannels,
  ...syncChannels,
  ...watchChannels,
} satisfies Record<string, ChannelDef>;

export const events = {
  ...appEvents,
  ...sessionEvents,
  ...profileEvents,
  ...documentEvents,
  ...uploadEvents,
  ...fiscalEvents,
  ...standardsEvents,
  ...activityEvents,
  ...exportEvents,
  ...syncEvents,
  ...watchEvents,
} satisfies Record<string, EventDef>;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type ChannelInput<C extends ChannelName> = z.input<Channels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<Channels[C]['input']>;
/** `Exclude<…, undefined>`, not NonNullable: an output may be `null` (e.g. `certificates.get`). */
export type ChannelOutput<C extends ChannelName> = Exclude<Channels[C]['__output'], undefined>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = NonNullable<Events[E]['__payload']>;

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];
export const isChannelName = (name: string): name is ChannelName => Object.hasOwn(channels, name);
export const isEventName = (name: string): name is EventName => Object.hasOwn(events, name);

/** The one object the preload (or the browser-shell bridge script) exposes as `window.acube`. */
export interface AcubeBridge {
  invoke(channel: string, payload: unknown): Promise<Envelope<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /**
   * Electron only: grants real dropped or picked `File`s to this window and answers with a handle
   * for each (`null` for a file with no place on disk, e.g. one made by a script). Absent in the
   * browser shell, which sends bytes.
   */
  grantFiles?(files: readonly Blob[]): Promise<Array<GrantedFile | null>>;
  /**
   * Browser shell only: `Blob`s in a call's payload travel as raw bytes in the request body, not
   * in its JSON (`uploads.add` takes them as `{ kind: 'binary', data }`).
   */
  readonly carriesBlobs?: boolean;
}

export * from './contract/errors';
export * from './contract/error-reasons';
export type * from './contract/session';
export type * from './contract/profiles';
export type * from './contract/app';
export type * from './contract/files';
export type * from './contract/documents';
export type * from './contract/uploads';
export type * from './contract/fiscal';
export type * from './contract/fiscal-onboarding';
export type * from './contract/standards';
export type * from './contract/activity';
export type * from './contract/exports';
export type * from './contract/sync';
export type * from './contract/watch';
export { fileRefSchema, fileHandleSchema, fileBytesSchema, fileBinarySchema, uploadFileRefSchema, destinationFolderSchema } from './contract/files';
export { documentTypeSchema, documentFiltersSchema, bulkDownloadInputSchema, sendableDocumentTypeSchema } from './contract/documents';
export { MAX_HASHED_PER_CALL, uploadCountrySchema, uploadPreferencesSchema } from './contract/uploads';
export {
  certificateImportInputSchema,
  receiptIssueInputSchema,
  receiptItemInputSchema,
  receiptsReportInputSchema,
  emergencyReportInputSchema,
  merchantAtecoInputSchema,
  paymentTypes,
  pemStatuses,
  reportTypes,
  reportStatuses,
} from './contract/fiscal';
export {
  cashierCreateInputSchema,
  merchantCreateInputSchema,
  merchantUpdateInputSchema,
  onboardingFieldReasons,
  MERCHANT_PASSWORD_PATTERN,
  EMAIL_PATTERN,
} from './contract/fiscal-onboarding';
export { syncRuleSchema, syncRuleSaveSchema } from './contract/sync';
export { periodPackInputSchema, csvExportInputSchema } from './contract/exports';
export { activityActions, activityActionSchema, activityFiltersSchema } from './contract/activity';
export { loginInputSchema, environmentSchema } from './contract/session';
export { profileSchema, profileUrlsSchema } from './contract/profiles';
export { preferencesSchema, themeSchema, languageSchema } from './contract/app';
export type * from './contract/viewer';
export { stylesheetIdSchema, VIEWER_MAX_FILE_BYTES } from './contract/viewer';
