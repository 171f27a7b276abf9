import type { ViewerSite } from '@swipe/core';
import { albumVisibleColumns } from '@swipe/core/album.ts';
import { useEffect, useRef, useState } from 'react';
import { enterable, type Pos } from '../engine/grid.js';
import { LockIcon } from '../page/Extras.js';
import { src, srcSet } from '../page/util.js';
import { Modal } from './Chrome.js';

type T = (key: string, params?: Record<string, string | number>) => string;

type Thumb = { imageUrl: string | null; thumbnail: string | null };

/**
 * Album: one column per category, thumbnails of its pages; a click jumps there. A members-only page shows its
 * padlock, or its picture once the signed-in member's copy of the page has loaded (`unlocked`, by page id).
 */
export function Album({
  site,
  t,
  pos,
  unlocked,
  onJump,
  onClose,
}: {
  site: ViewerSite;
  t: T;
  pos: Pos;
  unlocked: Record<number, Thumb>;
  onJump: (p: Pos) => void;
  onClose: () => void;
}) {
  const [cell, setCell] = useState(0);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Columns that fit (viewer.md 9), each at most the album cell size; more categories scroll sideways.
    const measure = () => {
      const width = wrap.current?.clientWidth ?? 390;
      const pc = site.viewMode === 'PC' && window.innerWidth >= 1024;
      const cols = albumVisibleColumns(width, pc, site.categories.length);
      const item = pc ? 350 : 150;
      setCell(Math.floor(Math.min(item * 1.25, (width - 20 - (cols - 1) * 10) / cols)));
    };
    measure();
    let id: ReturnType<typeof setTimeout>;
    const onResize = () => {
      clearTimeout(id);
      id = setTimeout(measure, 200);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [site.viewMode, site.categories.length]);
  useEffect(() => {
    wrap.current?.querySelector<HTMLElement>('[aria-current="true"]')?.scrollIntoView?.({ block: 'center', inline: 'center' });
  }, []);
  return (
    <Modal label={t('viewer.album_title')} onClose={onClose} className="vw-album">
      <div className="vw-modal-head">
        <h2>{t('viewer.album_title')}</h2>
        <button type="button" className="sp-close" aria-label={t('viewer.close')} onClick={onClose} />
      </div>
      <div ref={wrap} className="vw-album-grid" style={cell ? { gridAutoColumns: `${cell}px` } : undefined}>
        {site.categories.map((c, col) => (
          <section key={c.id || col} className="vw-album-col" aria-label={c.name}>
            <h3>{c.name}</h3>
            {c.pages.map((p, row) => {
              const pic: Thumb | undefined = p.locked ? unlocked[p.id] : p;
              return enterable(p) ? (
                <button
                  key={p.id}
                  type="button"
                  className="vw-thumb"
                  data-position={p.position}
                  aria-current={col === pos.col && row === pos.row ? 'true' : undefined}
                  aria-label={p.position}
                  onClick={() => onJump({ col, row })}
                >
                  {!pic?.imageUrl ? (
                    <span className="vw-thumb-lock">
                      <LockIcon className="vw-thumb-lock-icon" />
                    </span>
                  ) : (
                    <img
                      src={src(site.mediaBase, pic.thumbnail || pic.imageUrl)}
                      srcSet={pic.thumbnail ? undefined : srcSet(site.mediaBase, pic.imageUrl)}
                      sizes="200px"
                      alt=""
                      loading="lazy"
                    />
                  )}
                  <span className="vw-thumb-pos">{p.position}</span>
                </button>
              ) : null;
            })}
          </section>
        ))}
      </div>
    </Modal>
  );
}
