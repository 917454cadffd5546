/** The two Electron IPC channel names between preload and main; the contract's names travel inside. */
export const INVOKE_IPC_CHANNEL = 'acube:invoke';
export const EVENT_IPC_CHANNEL = 'acube:event';
