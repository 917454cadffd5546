import { Notification } from 'electron';
import type { Logger, Notifier } from '../core/ports';

/** Desktop notifications where the OS supports them; the log otherwise. */
export const createElectronNotifier = (logger: Logger): Notifier => ({
  notify(title, body) {
    if (Notification.isSupported()) new Notification({ title, body }).show();
    else logger.info(`Notification: ${title}`, { body });
  },
});
