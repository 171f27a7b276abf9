import type { ButtonView, CampaignBannerView, CampaignItemView, PageDetail, PopupItemView, ProductView, ViewerBoot } from '@swipe/core';
import { SWIPE } from '@swipe/core/constants.ts';
import { type Dispatch, type SetStateAction, useMemo, useRef } from 'react';
import { type Pos, pageAt } from '../engine/grid.js';
import type { ActionContext } from '../lib/actions.js';
import { track } from '../lib/analytics.js';
import type { Api } from '../lib/api.js';

type Acts = typeof import('./act.js');
let acts: Acts | undefined;
/**
 * What a tap does (app/act.ts) is fetched once the page is ready (App) or with the first tap, never in the first
 * load. Once here, a tap acts at once, inside its click: a new tab may only open there.
 */
export const loadActs = (): Promise<Acts> => import('./act.js').then((m) => (acts = m));
const withActs = (f: (m: Acts) => void) => {
  if (acts) f(acts);
  else loadActs().then(f, () => {});
};

/** What a visitor's tap can act on: the page in view, where they are, and the state a tap changes. */
type TapDeps = {
  boot: ViewerBoot;
  api: Api;
  home: string;
  pos: Pos;
  position: string;
  product: ProductView | null;
  setProduct: Dispatch<SetStateAction<ProductView | null>>;
  setCounts: Dispatch<SetStateAction<Record<number, number>>>;
  jump: (to: Pos) => void;
};

/** The visitor's taps on buttons, links, products, the popup CTA, the campaign and the menu. */
export type Taps = {
  onButton: (b: ButtonView) => void;
  onProduct: (pageId: number, p: ProductView) => void;
  onLink: (d: PageDetail) => void;
  onPopup: (it: PopupItemView) => void;
  onBanner: (b: CampaignBannerView) => void;
  onItem: (it: CampaignItemView) => void;
  onPick: (col: number) => void;
};

/**
 * The tap handlers, each recording its event and doing its action (core's action rules, lib/actions.ts). In the
 * operator's preview a tap does nothing. The handlers returned are stable: they read this render's state through a
 * ref, so slides and chrome memoized on them do not render again when a tap's state changes.
 */
export function useTaps({ boot, api, home, pos, position, product, setProduct, setCounts, jump }: TapDeps): Taps {
  const { site, preview } = boot;
  const current = pageAt(site, pos);

  const actionContext = (m: Acts): ActionContext => ({
    home,
    cols: site.cols,
    rows: site.rows,
    siteId: site.siteId,
    pageId: current?.id ?? 0,
    position,
    cookie: m.getCookie,
  });

  const taps: Taps = {
    onButton: (b) => {
      if (preview) return;
      track({ event: 'click_cta_btn', siteId: site.siteId, pageId: current?.id, targetId: b.id, lang: site.lang });
      withActs((m) => m.perform(m.buttonAction(b, actionContext(m)), jump));
    },
    onPopup: (it) => {
      if (preview || !current) return;
      track({ event: 'click_popup_cta', siteId: site.siteId, pageId: current.id, popupId: it.id, lang: site.lang });
      if (it.kind === 'applicantLimit') setCounts((c) => ({ ...c, [it.id]: (c[it.id] ?? it.numberClicks) + 1 }));
      withActs((m) => m.perform(m.popupAction(it, actionContext(m)), jump));
    },
    onBanner: (b) => {
      const c = site.campaign;
      if (!c || preview) return;
      if (c.isOnClickCount) api.campaignClick(c.id, b.id).catch(() => {});
      withActs((m) => m.perform(m.bannerAction(b, actionContext(m)), jump));
    },
    onItem: (it) => {
      const c = site.campaign;
      if (!c || preview) return;
      const counted = c.isOnClickCount ? api.campaignClick(c.id, undefined, it.id).catch(() => {}) : null;
      withActs((m) => {
        const a = m.buttonAction(it.button, actionContext(m));
        // Leaving the page would cancel the count: let it land first (at most 1 s). New tabs open at once.
        if (counted && a.kind === 'navigate')
          void Promise.race([counted, new Promise((r) => setTimeout(r, 1000))]).then(() => m.perform(a, jump));
        else m.perform(a, jump);
      });
    },
    onPick: (col) => {
      if (col === pos.col) return;
      const n = site.swipeRedirection ? null : { col, row: pos.row };
      const row = site.categories[col]?.pages.findIndex((pg) => pg.hasMedia || pg.locked) ?? -1;
      const to = n && (pageAt(site, n)?.hasMedia || pageAt(site, n)?.locked) ? n : row >= 0 ? { col, row } : null;
      if (to) jump(to);
    },
    onProduct: (pageId, prod) => {
      track({ event: 'click_product_point', siteId: site.siteId, pageId, targetId: prod.id, lang: site.lang });
      if (product && product.id !== prod.id) {
        setProduct(null);
        setTimeout(() => setProduct(prod), SWIPE.productSwitchDelayMs);
      } else setProduct(prod);
    },
    onLink: (d) => {
      if (preview) return;
      track({ event: 'click_cta_btn', siteId: site.siteId, pageId: d.id, lang: site.lang, data: { link: true } });
      withActs((m) => m.perform(m.pageLinkAction(d, actionContext(m)), jump));
    },
  };
  // Handlers change every render; what is handed out are stable wrappers calling this render's.
  const live = useRef(taps);
  live.current = taps;
  return useMemo<Taps>(
    () => ({
      onButton: (b) => live.current.onButton(b),
      onProduct: (id, p) => live.current.onProduct(id, p),
      onLink: (d) => live.current.onLink(d),
      onPopup: (it) => live.current.onPopup(it),
      onBanner: (b) => live.current.onBanner(b),
      onItem: (it) => live.current.onItem(it),
      onPick: (col) => live.current.onPick(col),
    }),
    [],
  );
}
