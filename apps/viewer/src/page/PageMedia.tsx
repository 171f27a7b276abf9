import { VIEWER } from '@swipe/core/constants.ts';
import { useEffect, useRef, useState } from 'react';
import { src, srcSet } from './util.js';

export interface MediaSource {
  mediaType: 'IMAGE' | 'VIDEO';
  imageUrl: string | null;
  thumbnail?: string | null;
  hlsPath?: string | null;
  imageAlt: string;
}

interface Props {
  media: MediaSource;
  mediaBase: string;
  /** the page is the one in view: video plays (muted) only then */
  active?: boolean;
  /** one step away: a video page may prepare (hls.js loads only now, and only without native HLS) */
  near?: boolean;
  /** the first page: fetched with high priority (LCP) */
  priority?: boolean;
  sizes?: string;
  unmuteLabel?: string;
}

/** The page's image or video, covering the page. */
export function PageMedia({ media, mediaBase, active = true, near = false, priority = false, sizes, unmuteLabel }: Props) {
  if (!media.imageUrl) return <div className="sp-media sp-empty" />;
  if (media.mediaType === 'VIDEO')
    return <PageVideo media={media} mediaBase={mediaBase} active={active} near={near} unmuteLabel={unmuteLabel} />;
  return (
    <img
      className="sp-media"
      src={src(mediaBase, media.imageUrl)}
      srcSet={srcSet(mediaBase, media.imageUrl)}
      sizes={sizes ?? `(max-width: ${VIEWER.maxWidth}px) 100vw, ${VIEWER.maxWidth}px`}
      alt={media.imageAlt}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      loading={priority || active || near ? 'eager' : 'lazy'}
      draggable={false}
    />
  );
}

function PageVideo({ media, mediaBase, active, near, unmuteLabel }: Required<Pick<Props, 'active' | 'near'>> & Props) {
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const file = src(mediaBase, media.imageUrl);
  const hls = src(mediaBase, media.hlsPath);

  // Source: native HLS where the browser has it, hls.js (loaded on demand) when near, else the file.
  useEffect(() => {
    const v = ref.current;
    if (!v || !(active || near)) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    if (hls && v.canPlayType('application/vnd.apple.mpegurl')) {
      if (v.src !== hls) v.src = hls;
    } else if (hls) {
      import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) {
            v.src = file ?? '';
            return;
          }
          const h = new Hls({ maxBufferLength: VIEWER.videoBufferSeconds, maxMaxBufferLength: VIEWER.videoBufferSeconds * 2 });
          h.loadSource(hls);
          h.attachMedia(v);
          destroy = () => h.destroy();
        })
        .catch(() => {
          if (!cancelled) v.src = file ?? '';
        });
    } else if (file && !v.getAttribute('src')) v.src = file;
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [active, near, hls, file]);

  // Plays only in view; out of view it pauses and goes back to the start.
  useEffect(() => {
    const v = ref.current;
    if (!v) return;
    if (active) v.play().catch(() => {});
    else {
      v.pause();
      if (v.currentTime > 0) v.currentTime = 0;
      setMuted(true);
    }
  }, [active]);

  return (
    <>
      <video
        ref={ref}
        className="sp-media"
        muted={muted}
        playsInline
        loop
        preload={active ? 'auto' : 'metadata'}
        poster={src(mediaBase, media.thumbnail)}
        aria-label={media.imageAlt}
      />
      {muted && (
        <button
          type="button"
          className="sp-unmute"
          aria-label={unmuteLabel ?? 'unmute'}
          onClick={() => {
            setMuted(false);
            ref.current?.play().catch(() => {});
          }}
        />
      )}
    </>
  );
}
