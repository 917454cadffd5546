import type { Logger, Notifier } from '../ports';

/** Hosts without desktop notifications: the notice goes to the log (the renderer shows its own toasts). */
export function createLogNotifier(logger: Logger): Notifier {
  return {
    notify(title, body) {
      logger.info(`Notification: ${title}`, { body });
    },
  };
}
