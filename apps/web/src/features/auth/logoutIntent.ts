/**
 * Set while a user's own logout is ending the session. The login guard reads it to send them to
 * plain /login: a page someone chose to leave by logging out is not a place to return to.
 * (Module state on purpose: it must be visible to the guard in the very render where the session
 * becomes null, before any navigation has finished.)
 */
let loggingOut = false;

export const markLoggingOut = (): void => {
  loggingOut = true;
};

export const clearLoggingOut = (): void => {
  loggingOut = false;
};

export const isLoggingOut = (): boolean => loggingOut;
