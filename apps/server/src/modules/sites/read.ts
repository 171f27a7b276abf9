// Reading the document back lives with the other SQL of sites (repo/read.ts); this name stays for old imports.
export { readSiteDocument } from './repo/read.js';
