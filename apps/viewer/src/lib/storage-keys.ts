// The browser storage keys of the visitor side, in one place: the viewer and the visitor screens
// (login, preview lock) read and write the same tokens.

/** The end-user (member) token of a site. */
export const TOKEN_KEY = (siteId: number) => `swipe.eu.${siteId}`;
/** The preview token of a site (invitee preview). */
export const PREVIEW_TOKEN_KEY = (siteId: number) => `swipe.pv.${siteId}`;
/** The address a visitor registered with, until it is confirmed. */
export const PENDING_EMAIL_KEY = (siteId: number) => `swipe.eu.pending.${siteId}`;
