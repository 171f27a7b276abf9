// Moved to the shared test folder (apps/server/src/test/enduser-fixtures.ts); this name stays for the
// callers outside the visitor modules until they import it from there.
export * from '../../test/enduser-fixtures.js';
