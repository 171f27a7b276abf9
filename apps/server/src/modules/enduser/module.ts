import type { Module } from '../module.js';
import { enduserAdminRoutes } from './lists.js';
import { enduserSitesRoutes } from './routes.js';

/** Visitors' membership, contact and homepage forms, and their lists in the back-office. */
export const enduserModule: Module = { name: 'enduser', sites: enduserSitesRoutes, admin: enduserAdminRoutes };
