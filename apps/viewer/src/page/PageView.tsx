import type { ButtonView, PageDetail, ProductView } from '@swipe/core';
import { SWIPE } from '@swipe/core/constants.ts';
import { useEffect, useState } from 'react';
import { LockOverlay, SpeakerToggle } from './Extras.js';
import { PageButton } from './PageButton.js';
import { type MediaSource, PageMedia } from './PageMedia.js';
import { ProductHotspots } from './Products.js';
import { LinkButton, MainText, Price } from './TextPieces.js';

export interface PageViewProps {
  media: MediaSource;
  /** the loaded detail (null while loading, or for a locked page without access) */
  detail: PageDetail | null;
  products: ProductView[];
  mediaBase: string;
  lang: string;
  t: (key: string, params?: Record<string, string | number>) => string;
  active?: boolean;
  near?: boolean;
  priority?: boolean;
  sizes?: string;
  /** lock overlay: 'lock' asks to register or log in, 'loading' while a member's content loads */
  lock?: 'lock' | 'loading' | null;
  links?: { register: string; login: string };
  speakerColor?: string | null;
  onButton?: (b: ButtonView) => void;
  onProduct?: (p: ProductView) => void;
  onLink?: (d: PageDetail) => void;
  /** the editor shows every piece without waiting for "in view" */
  still?: boolean;
}

/**
 * One page as visitors see it, usable without the swipe engine (the back-office editor draws its
 * canvas with it): media, main text, price, link button, buttons, product hotspots, speaker, lock.
 */
export function PageView(props: PageViewProps) {
  const { detail, t, active = true } = props;
  // Button animations start 10 ms after the page is in view (viewer.md 4).
  const [animate, setAnimate] = useState(false);
  useEffect(() => {
    if (!active) {
      setAnimate(false);
      return;
    }
    const id = setTimeout(() => setAnimate(true), SWIPE.buttonAnimationDelayMs);
    return () => clearTimeout(id);
  }, [active]);
  const locked = props.lock === 'lock' || props.lock === 'loading';
  return (
    <div className="sp-page" data-position={detail?.position}>
      {!locked && (
        <PageMedia
          media={props.media}
          mediaBase={props.mediaBase}
          active={active}
          near={props.near}
          priority={props.priority}
          sizes={props.sizes}
          unmuteLabel={t('viewer.unmute')}
        />
      )}
      {locked && <div className="sp-media sp-locked-bg" />}
      {detail && !locked && (
        <>
          <MainText text={detail.mainText} textColor={detail.mainTextColor} x={detail.mainTextX} y={detail.mainTextY} />
          <div className="sp-bottom">
            <Price price={detail.price} textColor={detail.priceTextColor} lang={props.lang} taxLabel={t('viewer.tax_included')} />
            <LinkButton
              text={detail.linkButtonText}
              url={detail.linkDestinationUrl}
              buttonColor={detail.linkButtonColor}
              textColor={detail.linkTextColor}
              onClick={props.onLink ? () => props.onLink?.(detail) : undefined}
            />
          </div>
          {detail.buttons.map((b) => (
            <PageButton
              key={b.id}
              button={b}
              mediaBase={props.mediaBase}
              animate={props.still || animate}
              onClick={props.onButton}
              htmlLabel={t('viewer.html_button')}
              htmlLater={!active}
            />
          ))}
          <ProductHotspots
            products={props.products}
            onOpen={props.onProduct}
            label={(p) => t('viewer.product_open', { name: p.productName })}
          />
          {detail.backgroundMusic && detail.backgroundMusicUrl && (
            <SpeakerToggle
              url={`${props.mediaBase}/${detail.backgroundMusicUrl}`}
              x={detail.speakerX}
              y={detail.speakerY}
              speakerColor={props.speakerColor}
              active={active}
              labels={{ on: t('viewer.music_on'), off: t('viewer.music_off') }}
            />
          )}
        </>
      )}
      {locked && (
        <LockOverlay
          title={t('viewer.swiper_no_perm1')}
          text={t('viewer.swiper_no_perm2')}
          registerLabel={t('viewer.register')}
          loginLabel={t('viewer.login')}
          registerHref={props.links?.register ?? '#'}
          loginHref={props.links?.login ?? '#'}
          loading={props.lock === 'loading'}
          loadingLabel={t('viewer.loading')}
        />
      )}
    </div>
  );
}
