/** The Electron IPC channel names between preload and main; the contract's names travel inside. */
export const INVOKE_IPC_CHANNEL = 'acube:invoke';
export const EVENT_IPC_CHANNEL = 'acube:event';
/** The preload registers the paths of real dropped or picked files here; the renderer cannot reach it. */
export const GRANT_IPC_CHANNEL = 'acube:grant-files';
/** The most files one grant registers (a drop of `uploads.add`'s size). */
export const MAX_FILES_PER_GRANT = 5000;
