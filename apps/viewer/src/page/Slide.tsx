import type { ButtonView, GridPage, PageDetail, PageDetailResponse, ProductView } from '@swipe/core';
import type { dictT } from '@swipe/i18n/t.ts';
import { memo } from 'react';
import { PageView } from './PageView.js';

// One slide of the viewer's stage (App.tsx): a page of the grid with its detail once loaded.

export interface SlideEnv {
  mediaBase: string;
  lang: string;
  t: ReturnType<typeof dictT>;
  sizes: string;
  links: { register: string; login: string };
  speakerColor: string | null;
  onButton: (b: ButtonView) => void;
  onProduct: (pageId: number, p: ProductView) => void;
  onLink: (d: PageDetail) => void;
}

/** One page of the grid; memoized, so a move re-renders only the slides whose inputs changed. */
export const Slide = memo(function Slide({
  page,
  data,
  isCurrent,
  near,
  priority,
  lock,
  env,
}: {
  page: GridPage;
  data: PageDetailResponse | null;
  isCurrent: boolean;
  /** on the plane beside the page in view (a video prepares); false for one kept hidden */
  near: boolean;
  priority: boolean;
  lock: 'lock' | 'loading' | null;
  env: SlideEnv;
}) {
  const media = data
    ? data.pageDetail
    : { mediaType: page.mediaType, imageUrl: page.imageUrl, thumbnail: page.thumbnail, hlsPath: null, imageAlt: page.imageAlt };
  return (
    <PageView
      media={media}
      detail={data?.pageDetail ?? null}
      products={data?.products ?? EMPTY}
      mediaBase={env.mediaBase}
      lang={env.lang}
      t={env.t}
      active={isCurrent}
      near={near}
      priority={priority}
      sizes={env.sizes}
      lock={lock}
      links={env.links}
      speakerColor={env.speakerColor}
      onButton={env.onButton}
      onProduct={(p) => env.onProduct(page.id, p)}
      onLink={env.onLink}
    />
  );
});
const EMPTY: ProductView[] = [];
