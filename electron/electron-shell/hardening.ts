import { app, type Session, type WebContents } from 'electron';
import { isAppUrl } from './app-protocol';

/**
 * Permissions: everything is denied except writing to the clipboard from the app's own page
 * (copy buttons for ids); the app never needs camera, location, notifications-from-page and the like.
 */
const allowedPermission = (permission: string, requestingUrl: string): boolean =>
  permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl);

export const denyPermissions = (session: Session): void => {
  session.setPermissionRequestHandler((contents, permission, callback) => callback(allowedPermission(permission, contents.getURL())));
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowedPermission(permission, requestingOrigin));
};

const lockDown = (contents: WebContents): void => {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
};

/** Every web contents ever created gets the same locks: no navigation away, no popups, no webviews. */
export const lockDownAllWebContents = (): void => {
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
};
