import type { Language } from '@swipe/core/constants.ts';
import { fillPlaceholders } from '@swipe/core/placeholders.ts';
import { dictT } from '@swipe/i18n/t.ts';
import { PageView } from '@swipe/viewer/page/index.ts';
import '@swipe/viewer/page/page.css';
import type { ButtonView, PageDetail, ProductView } from '@swipe/core';
import type { Page } from '../model/doc';

// The viewer's texts in the four site languages (the preview speaks the site's language, not the interface's),
// with English filled in like translate does; only the editor's chunk carries them.
const VIEWER_TEXTS = import.meta.glob<Record<string, string>>('../../../../../../packages/i18n/locales/*/viewer.json', {
  eager: true,
  import: 'default',
});
const viewerTexts = (lang: string) => VIEWER_TEXTS[`../../../../../../packages/i18n/locales/${lang}/viewer.json`] ?? {};
const viewerDictT = (l: Language) => dictT({ viewer: { ...viewerTexts('en'), ...viewerTexts(l) } }, l);
export const viewerT: Record<Language, ReturnType<typeof dictT>> = {
  ja: viewerDictT('ja'),
  en: viewerDictT('en'),
  kr: viewerDictT('kr'),
  cn: viewerDictT('cn'),
};

/**
 * The page drawn by the viewer's own presentational components (apps/viewer/src/page), so the canvas
 * shows what visitors get. Media keys are passed as absolute URLs: a fresh upload has no webp variants
 * yet, and the viewer adds a srcset only for storage keys.
 */
export function PagePreview({
  page,
  lang,
  media,
  cell,
}: {
  page: Page;
  lang: Language;
  media: (k?: string | null) => string | undefined;
  cell: string;
}) {
  const abs = (k: string | null | undefined) => (k ? (media(k) ?? null) : null);
  const tr = (r: Partial<Record<Language, string>>) => r[lang] ?? '';
  // dynamic text shows its fallback here, as a visitor without the query parameter sees it
  const dyn = (r: Partial<Record<Language, string>>) => fillPlaceholders(tr(r), {});
  const buttons: ButtonView[] = page.buttons.map((b, i) => ({
    id: i + 1,
    buttonType: b.buttonType,
    buttonText: dyn(b.buttonText),
    buttonContentHtml: b.buttonContentHtml ?? null,
    buttonWidth: b.buttonWidth,
    buttonHeight: b.buttonHeight,
    textSize: b.textSize,
    buttonColor: b.buttonColor ?? null,
    buttonTextColor: b.buttonTextColor ?? null,
    microcopyText: dyn(b.microcopyText),
    microcopyTextColor: b.microcopyTextColor ?? null,
    textAlign: b.textAlign,
    buttonAnimation: b.buttonAnimation,
    buttonShape: b.buttonShape,
    zIndex: b.zIndex,
    buttonLinkType: b.buttonLinkType ?? null,
    linkDestinationUrl: b.linkDestinationUrl ?? null,
    linkedSurveyId: b.linkedSurveyId ?? null,
    buttonImageUrl: abs(b.buttonImageUrl),
    isVideo: b.isVideo,
    thumbnailUrl: abs(b.thumbnailUrl),
    buttonPositionX: b.buttonPositionX,
    buttonPositionY: b.buttonPositionY,
  }));
  const products: ProductView[] = page.products.map((p, i) => ({
    id: i + 1,
    productName: tr(p.productName),
    imagePath: abs(p.imagePath),
    price: p.price ?? null,
    description: tr(p.description),
    linkButtonUrl: p.linkButtonUrl ?? null,
    linkButtonText: tr(p.linkButtonText),
    linkButtonColor: p.linkButtonColor ?? null,
    linkTextColor: p.linkTextColor ?? null,
    coordinateX: p.coordinateX,
    coordinateY: p.coordinateY,
    textColor: p.textColor ?? null,
    backgroundColor: p.backgroundColor ?? null,
    isInternalLink: p.isInternalLink,
    order: p.order,
  }));
  const detail: PageDetail = {
    id: 1,
    order: 1,
    position: cell,
    mediaType: page.mediaType,
    imageUrl: abs(page.imageUrl),
    thumbnail: abs(page.thumbnail),
    hlsPath: null,
    imageAlt: tr(page.imageAlt),
    mainText: dyn(page.mainText),
    mainTextColor: page.mainTextColor ?? null,
    mainTextX: page.mainTextX ?? null,
    mainTextY: page.mainTextY ?? null,
    price: page.price ?? null,
    priceTextColor: page.priceTextColor ?? null,
    linkButtonText: dyn(page.linkButtonText),
    linkDestinationUrl: page.linkDestinationUrl ?? null,
    linkButtonColor: page.linkButtonColor ?? null,
    linkTextColor: page.linkTextColor ?? null,
    isInternalLink: page.isInternalLink,
    snsConfig: page.snsConfig,
    showCompany: page.showCompany,
    membersOnlyLock: page.membersOnlyLock,
    hoverArrowColor: page.hoverArrowColor,
    arrowFadeInterval: page.arrowFadeInterval,
    // no sound while editing
    backgroundMusic: false,
    backgroundMusicUrl: null,
    speakerX: page.speakerX ?? null,
    speakerY: page.speakerY ?? null,
    albumX: page.albumX ?? null,
    albumY: page.albumY ?? null,
    chatbotScript: null,
    buttons,
  };
  return (
    <PageView
      media={{ mediaType: page.mediaType, imageUrl: detail.imageUrl, thumbnail: detail.thumbnail, imageAlt: detail.imageAlt }}
      detail={detail}
      products={products}
      mediaBase=""
      lang={lang}
      t={viewerT[lang]}
      active
      priority
      sizes="389px"
      still
    />
  );
}
