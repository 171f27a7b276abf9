import { idParams, revisionList, revisionParams, rollbackResponse } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { listRevisions, rollbackSite } from './revisions.js';

const tags = ['sites'];
const security = [{ bearer: [] }];

/** A site's revisions and rollback (registered by siteRoutes, behind its operator check). */
export async function revisionRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get('/sites/:id/revisions', { schema: { tags, security, params: idParams, response: { 200: revisionList } } }, async (req) =>
    listRevisions(ctx, actorOf(req), req.params.id),
  );
  app.post(
    '/sites/:id/revisions/:revision/rollback',
    { schema: { tags, security, params: revisionParams, response: { 200: rollbackResponse } } },
    async (req) => {
      const r = await rollbackSite(ctx, actorOf(req), req.params.id, req.params.revision);
      return { ...r, message: translate(requestLang(req), 'server.rollback_done', { revision: r.revision }) };
    },
  );
}
