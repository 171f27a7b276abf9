import type { MyPlan, MyPlanBrief } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { type Actor, assertMenu } from '../accounts/actor.js';
import { type MyPlanRow, myPlanRows } from './repo.js';

// The /plan screen's plan: the caller's owner's plan now and next month's if one is booked.

function brief(r: MyPlanRow): MyPlanBrief {
  const names = r.names ?? {};
  return {
    id: Number(r.id),
    names: { ja: names.ja || r.name, en: names.en ?? '', kr: names.kr ?? '', cn: names.cn ?? '' },
    version: r.version,
    contractType: r.contract_type,
    price: r.price,
    quantitySwipe: r.quantity_swipe,
    quantitySite: r.quantity_site,
    limitAccess: r.limit_access,
    limitAccessPrice: r.limit_access_price,
    flags: {
      swipe: r.swipe,
      privateDomain: r.private_domain,
      settingPopupCta: r.setting_popup_cta,
      settingFormContact: r.setting_form_contact,
      analyticsEffect: r.analytics_effect,
      settingTagSeo: r.setting_tag_seo,
      multiLanguage: r.multi_language,
      experiments: r.experiments,
    },
  };
}

export async function myPlan(ctx: AppContext, actor: Actor): Promise<MyPlan> {
  assertMenu(actor, 'plan_check');
  const rows = await myPlanRows(ctx.db, actor.ownerId);
  const current = rows.find((r) => r.slot === 'current');
  const next = rows.find((r) => r.slot === 'next');
  return { current: current ? brief(current) : null, next: next ? brief(next) : null };
}
