import type { SiteDocument } from './site.js';

/**
 * A layout (rows x columns) change: every setting that points at a creative block is cleared, since the
 * cell may no longer exist — button links, popup CTA targets, campaign banner links and item CTAs.
 * The editor applies it when the operator changes the layout; the server applies it again on save.
 */
export function clearCreativeBlockLinks(doc: SiteDocument): void {
  for (const c of doc.categories)
    for (const p of c.pages)
      for (const b of p.buttons)
        if (b.buttonLinkType === 'CREATIVE_BLOCK' || b.buttonLinkType === 'LINK_TO_PAGE') {
          b.buttonLinkType = null;
          b.linkDestinationUrl = null;
        }
  // The transition type stays (it is required); without a target it does nothing for visitors.
  for (const item of [doc.popupCtas.timeLimit, doc.popupCtas.applicantLimit])
    if (item?.transition) item.transition.targetCreativeBlock = null;
  for (const b of doc.campaign?.banners ?? [])
    if (b.linkDestinationType === 'CREATIVE_BLOCK') {
      b.linkDestinationType = null;
      b.linkDestinationUrl = null;
    }
  for (const it of doc.campaign?.buttons ?? [])
    if (it.settings.ctaType === 'CREATIVE_BLOCK') {
      it.settings.ctaType = null;
      it.settings.ctaValue = null;
    }
}
