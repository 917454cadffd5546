/** English strings of the session's trust notices (the `sessionSecurity` section of the translation). */
export const sessionSecurityEn = {
  addressChanged: {
    title: 'Sign in again',
    body: 'This profile’s addresses changed, so its saved sign-in was forgotten: a password is only ever sent to the address it was entered for.',
  },
};
