import type { Module } from '../module.js';
import { previewSitesRoutes } from './routes.js';

/** Preview access for invited viewers (lock screen, preview token, preview calls). */
export const previewModule: Module = { name: 'preview', sites: previewSitesRoutes };
