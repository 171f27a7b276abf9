import type { AppContext } from '../../context.js';
import type { App } from '../module.js';
import { viewerApiRoutes } from './api.js';
import { viewerAssetRoutes } from './assets.js';
import { viewerPageRoutes } from './pages.js';

/** The sites origin's visitor side: data calls, the server-rendered viewer and its assets. */
export async function viewerRoutes(app: App, ctx: AppContext): Promise<void> {
  await viewerApiRoutes(app, ctx);
  await viewerAssetRoutes(app, ctx);
  await viewerPageRoutes(app, ctx);
}
