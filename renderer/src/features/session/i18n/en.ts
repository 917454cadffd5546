/** English strings of the session's trust notices (the `sessionSecurity` section of the translation). */
export const sessionSecurityEn = {
  addressChanged: {
    title: 'Sign in again',
    body: 'This profile’s addresses changed, so its saved sign-in was forgotten: a password is only ever sent to the address it was entered for.',
  },
  secretMissing: {
    title: 'Open the address printed at start',
    body: 'This page is Ledgerdesk’s browser shell, but it was opened without the secret part of its address (after “#s=”) or with the secret of an earlier start, so it cannot reach the app.',
    hint: 'Open the address printed at start (the line starting with “Open Ledgerdesk at”, or the “url” of the JSON line), or start it again with “npm run start:browser”.',
  },
};
