import type { AppContext } from '../../context.js';
import { requireOperator } from '../../http/auth.js';
import type { App } from '../module.js';
import { contractRoutes } from '../contracts/routes.js';
import { importRoutes } from '../user-import/routes.js';
import { planRoutes } from '../plans/routes.js';
import { staffRoutes } from '../staff/routes.js';
import { userRoutes } from '../users/routes.js';

export async function accountRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  await contractRoutes(app, ctx);
  await importRoutes(app, ctx);
  await planRoutes(app, ctx);
  await staffRoutes(app, ctx);
  await userRoutes(app, ctx);
}
