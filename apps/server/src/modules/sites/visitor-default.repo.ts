// Which site a visitor gets at the sites origin's root, for the demo data (demo/seed.ts). Added by the
// platform engineer; the query is the sites module's own (repo/domain.ts).
export { defaultSiteId } from './repo/domain.js';
