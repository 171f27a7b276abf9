import type { CampaignBannerView, CampaignItemView, CampaignView, NotificationView, PopupItemView } from '@swipe/core';
import { SWIPE, TIMER_INTERVAL_MS } from '@swipe/core/constants.ts';
import { countdown, countdownMessage, isInTimeWindow, isPopupItemActive } from '@swipe/core/countdown.ts';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PageButton } from '../page/PageButton.js';
import { color, radius, src } from '../page/util.js';
import { Modal } from '../shell/Chrome.js';
import { Icon } from '../shell/icons.js';

type T = (key: string, params?: Record<string, string | number>) => string;

/** Notifications rotating every 3 s; close hides the banner, the detail dialog pauses rotation. */
export function NotificationBanner({ items, t }: { items: NotificationView[]; t: T }) {
  const [i, setI] = useState(0);
  const [closed, setClosed] = useState(false);
  const [detail, setDetail] = useState<NotificationView | null>(null);
  const live = items.filter((n) => isInTimeWindow(n.startDate, n.endDate));
  useEffect(() => {
    if (detail || live.length < 2) return;
    const id = setInterval(() => setI((x) => x + 1), SWIPE.notificationRotationMs);
    return () => clearInterval(id);
  }, [detail, live.length]);
  if (closed || live.length === 0) return null;
  const n = live[i % live.length] as NotificationView;
  return (
    <>
      <div className="vw-noti" data-testid="notification">
        <Icon name="bell" />
        <button type="button" className="vw-noti-text" key={n.id} data-noti-id={n.id} onClick={() => setDetail(n)}>
          {n.title}
        </button>
        <button type="button" className="vw-noti-close" aria-label={t('viewer.close')} onClick={() => setClosed(true)} />
      </div>
      {detail && (
        <Modal label={t('viewer.notification')} onClose={() => setDetail(null)} className="vw-noti-detail">
          <div className="vw-modal-head">
            <h2>{detail.title}</h2>
            <button type="button" className="sp-close" aria-label={t('viewer.close')} onClick={() => setDetail(null)} />
          </div>
          {detail.imageUrl && <img className="vw-noti-img" src={detail.imageUrl} alt="" />}
          <p className="vw-noti-content">{detail.content}</p>
          {detail.newsUrl && (
            <a className="vw-primary" href={detail.newsUrl} target="_blank" rel="noopener noreferrer">
              {t('viewer.notification_more')}
            </a>
          )}
        </Modal>
      )}
    </>
  );
}

function countdownText(item: PopupItemView, now: Date, t: T): string {
  const m = countdownMessage(countdown(item.startDate, item.endDate, now));
  return m ? t(m.key, { count: m.count }) : '';
}

/**
 * The popup items showing on a page at `now`: active for the page and its date window, not closed by the
 * visitor, and the time item not past its countdown. Nothing before the page's detail is known (`known`).
 */
export function activePopupItems(
  items: PopupItemView[],
  pageOrder: number,
  now: Date,
  hidden: Record<number, boolean> = {},
  known = true,
): PopupItemView[] {
  if (!known) return [];
  return items.filter((it) => {
    if (hidden[it.id]) return false;
    if (!isPopupItemActive(it, pageOrder, now)) return false;
    // the time item hides itself once its countdown reaches zero
    if (it.kind === 'timeLimit' && it.endDate && countdown(it.startDate, it.endDate, now).kind === 'empty') return false;
    return true;
  });
}

/**
 * Popup CTA (viewer.md 4): the time-limit and applicant-limit items active for this page. The
 * countdown ticks once a minute; at zero the time item hides itself. Preview shows the countdown visitors will
 * see (docs/decisions.md, "popup CTA on a phone"); its clicks do nothing. The popup opens in full on the first
 * page it shows on; on the visitor's other pages it is one slim bar, opened by a tap, so it does not take the
 * bottom of every page.
 */
export const PopupCta = memo(function PopupCta({
  items,
  pageOrder: nextOrder,
  detailLoaded: nextLoaded,
  preview,
  mediaBase,
  counts,
  t,
  onOpenChange,
  onAct,
}: {
  items: PopupItemView[];
  pageOrder: number;
  detailLoaded: boolean;
  preview: boolean;
  mediaBase: string;
  counts: Record<number, number>;
  t: T;
  onOpenChange: (open: boolean) => void;
  onAct: (item: PopupItemView) => void;
}) {
  const [now, setNow] = useState(() => new Date());
  const [hidden, setHidden] = useState<Record<number, boolean>>({});
  // the page it opens in full on: the first it shows on, or the one where the visitor opened the slim bar
  const [fullOn, setFullOn] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);
  // The popup follows the page in a frame of its own, after the one that shows the page a move arrived at: the
  // room it takes or gives back resizes every page on the plane, whose layout and paint made the move's frame
  // the longest task of a swipe. (The first render, on the server and at hydration, is the page's own.)
  const [page, setPage] = useState({ pageOrder: nextOrder, detailLoaded: nextLoaded });
  useEffect(
    () =>
      setPage((p) => (p.pageOrder === nextOrder && p.detailLoaded === nextLoaded ? p : { pageOrder: nextOrder, detailLoaded: nextLoaded })),
    [nextOrder, nextLoaded],
  );
  const { pageOrder, detailLoaded } = page;
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), TIMER_INTERVAL_MS);
    return () => clearInterval(id);
  }, []);
  const active = activePopupItems(items, pageOrder, now, hidden, detailLoaded || preview);
  const open = active.length > 0;
  useEffect(() => onOpenChange(open), [open, onOpenChange]);
  useEffect(() => {
    if (open && fullOn === null) setFullOn(pageOrder);
  }, [open, fullOn, pageOrder]);
  const slim = open && fullOn !== null && fullOn !== pageOrder;
  // The popup never covers the page: while it is open the page area ends above it, so every button,
  // price and link of the page stays visible and tappable. The room is made by layout (viewer.css: the
  // frame is a column of the stage and the popup), so the server-rendered first paint already has
  // it and nothing shifts when the page hydrates; the down arrow sits in the stage, so it follows the room
  // by layout too. (.has-room places that arrow and tells tests that the room is taken.) Nothing is measured:
  // a height read here forced a layout of the whole page inside the commit of a move, and one read after
  // layout (a ResizeObserver) made the frame lay out twice.
  useLayoutEffect(() => {
    const frame = box.current?.closest<HTMLElement>('.vw-frame');
    if (!open || !frame) return;
    frame.classList.add('has-room');
    return () => frame.classList.remove('has-room');
  }, [open]);
  // At zero the timer calls back: schedule a tick exactly when the nearest end passes.
  useEffect(() => {
    const ends = active.map((a) => (a.endDate ? new Date(a.endDate).getTime() - Date.now() : Number.POSITIVE_INFINITY));
    const next = Math.min(...ends);
    if (!Number.isFinite(next) || next > TIMER_INTERVAL_MS) return;
    const id = setTimeout(() => setNow(new Date()), Math.max(0, next) + 20);
    return () => clearTimeout(id);
  });
  // A click outside the popup closes it.
  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node))
        setHidden((h) => ({ ...h, ...Object.fromEntries(active.map((a) => [a.id, true])) }));
    };
    const id = setTimeout(() => document.addEventListener('click', onClick), 0);
    return () => {
      clearTimeout(id);
      document.removeEventListener('click', onClick);
    };
  });
  if (!open) return null;
  const first = active[0] as PopupItemView;
  if (slim)
    return (
      <div ref={box} className="vw-popup is-slim" data-testid="popup-cta">
        <button
          type="button"
          className="vw-popup-peek"
          aria-expanded="false"
          onClick={(e) => {
            e.stopPropagation();
            setFullOn(pageOrder);
          }}
        >
          <span className="vw-popup-main">{first.text}</span>
          {active.length > 1 && <span className="vw-popup-more">+{active.length - 1}</span>}
        </button>
      </div>
    );
  return (
    <div ref={box} className="vw-popup" data-testid="popup-cta">
      {active.map((it) => {
        const st = it.style ?? {};
        const clicks = counts[it.id] ?? it.numberClicks;
        const full = it.kind === 'applicantLimit' && it.limit !== null && clicks >= it.limit;
        const info =
          it.kind === 'timeLimit'
            ? it.showRemainingTime
              ? countdownText(it, now, t)
              : ''
            : it.limit !== null && it.showRemainingSlots
              ? full
                ? t('viewer.slots_full')
                : t('viewer.remaining_slots', { count: Math.max(0, it.limit - clicks) })
              : '';
        const textBlock = (
          <span className="vw-popup-text">
            <span className="vw-popup-main">{it.text}</span>
            {info && (
              // the countdown is rendered on the server a moment earlier: its minute may differ
              <span className="vw-popup-info" data-testid={`popup-info-${it.kind}`} suppressHydrationWarning>
                {info}
              </span>
            )}
          </span>
        );
        return (
          <div
            key={it.id}
            className={`vw-popup-item${full ? ' is-full' : ''}`}
            data-kind={it.kind}
            style={{
              background: color(st.backgroundColor, '#111'),
              color: color(st.textColor, '#fff'),
              fontSize: st.textSize ? `${st.textSize}px` : undefined,
              borderRadius: radius(st.shape, 72),
              minHeight: st.height ? `${st.height}px` : undefined,
              width: st.width ? `${st.width}%` : undefined,
            }}
          >
            <button
              type="button"
              className="vw-popup-act"
              disabled={full}
              aria-disabled={full || preview}
              title={preview ? t('viewer.popup_preview_click') : undefined}
              onClick={(e) => {
                e.stopPropagation();
                if (full || preview) return;
                onAct(it);
              }}
            >
              {st.textAlignment === 'TOP' && textBlock}
              {it.media?.url &&
                (it.media.type === 'VIDEO' ? (
                  <video className="vw-popup-media" src={src(mediaBase, it.media.url)} muted autoPlay loop playsInline />
                ) : (
                  <img className="vw-popup-media" src={src(mediaBase, it.media.url)} alt="" />
                ))}
              {st.textAlignment !== 'TOP' && textBlock}
            </button>
            <button
              type="button"
              className="vw-popup-close"
              aria-label={t('viewer.close')}
              onClick={(e) => {
                e.stopPropagation();
                setHidden((h) => ({ ...h, [it.id]: true }));
              }}
            />
          </div>
        );
      })}
    </div>
  );
});

/**
 * Campaign side panels (desktop, view mode not PC): active in their window on effective pages. Banners
 * sit at pixel offsets, draggable items at percent positions, drawn with the page-button component.
 * positionLp center: a panel each side of the frame; left/right: the frame at that edge and one wide
 * panel (left and right halves) beside it.
 */
export const CampaignPanels = memo(function CampaignPanels({
  campaign,
  pageOrder,
  mediaBase,
  onBanner,
  onItem,
  filled,
}: {
  campaign: CampaignView;
  pageOrder: number;
  mediaBase: string;
  /** false on the server and until start-up ends: the panels take their room (no shift), their banners come later */
  filled: boolean;
  onBanner: (b: CampaignBannerView) => void;
  onItem: (it: CampaignItemView) => void;
}) {
  const active =
    filled &&
    isInTimeWindow(campaign.startDate, campaign.endDate) &&
    (campaign.effectivePages.length === 0 || campaign.effectivePages.includes(pageOrder));
  const bg = (
    <div
      className="vw-side-bg"
      style={{
        backgroundColor: color(campaign.backgroundColor, '#f4f4f6'),
        backgroundImage: campaign.background ? `url("${src(mediaBase, campaign.background)}")` : undefined,
        opacity: campaign.backgroundOpacity,
      }}
    />
  );
  const side = (s: 'left' | 'right', withBg: boolean) => (
    <aside className={`vw-side vw-side-${s}${active ? ' is-active' : ''}`} aria-label={campaign.name} data-testid={`campaign-${s}`}>
      {withBg && bg}
      {active &&
        campaign.banners
          .filter((b) => b.side === s)
          .map((b) => (
            <button
              key={b.id}
              type="button"
              className="vw-banner"
              style={{
                left: `${b.bannerX}px`,
                top: `${b.bannerY}px`,
                width: b.width ? `${b.width}px` : undefined,
                height: b.height ? `${b.height}px` : undefined,
                zIndex: b.zIndex,
              }}
              onClick={() => onBanner(b)}
              aria-label={campaign.name}
            >
              <img src={src(mediaBase, b.mediaUrl)} alt="" />
            </button>
          ))}
      {active &&
        campaign.items
          .filter((it) => it.side === s)
          .map((it) => (
            <div
              key={`item-${it.id}`}
              className={`vw-side-item vw-item-${it.type.toLowerCase()}`}
              style={{ left: `${it.pos.left}%`, top: `${it.pos.top}%`, zIndex: it.button.zIndex }}
              data-item-id={it.id}
              data-testid="campaign-item"
            >
              <PageButton button={it.button} mediaBase={mediaBase} animate onClick={() => onItem(it)} htmlLabel={campaign.name} />
            </div>
          ))}
    </aside>
  );
  if (campaign.positionLp === 'left' || campaign.positionLp === 'right')
    return (
      <div className="vw-sides" data-testid="campaign-panel">
        {bg}
        {side('left', false)}
        {side('right', false)}
      </div>
    );
  return (
    <>
      {side('left', true)}
      {side('right', true)}
    </>
  );
});
