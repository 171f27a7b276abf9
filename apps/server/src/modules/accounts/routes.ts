import { accountView } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import type { App } from '../module.js';
import { removeProfileImage } from './profile.js';

const security = [{ bearer: [] }];

/** The caller's own account: the profile image is set by completing a 'profile' upload (media); removing it is here. */
export async function accountRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.delete('/profile-image', { schema: { tags: ['user'], security, response: { 200: accountView } } }, async (req) =>
    removeProfileImage(ctx, actorOf(req)),
  );
}
