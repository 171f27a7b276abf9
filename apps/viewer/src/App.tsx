import type { ErrorBoot, NotificationView, ProductView, ViewerBoot } from '@swipe/core';
import { positionCode } from '@swipe/core/address.ts';
import { RETURN_COOKIE, SWIPE, VIEWER } from '@swipe/core/constants.ts';
import { dictT } from '@swipe/i18n/t.ts';
import { lazy, Suspense, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { loadedMedia, useDetails } from './app/details.js';
import { loadActs, useTaps } from './app/taps.js';
import type { Dir } from './engine/gesture.js';
import { allowedFrom, neighbour, type Pos, pageAt, pageCount, samePos } from './engine/grid.js';
import { type MoveVia, type SlideRole, Stage, type StageHandle } from './engine/Stage.js';
import { disableAnalytics, pageView, track, watchTaps } from './lib/analytics.js';
import { clearToken, makeApi, readToken } from './lib/api.js';
import { setCookie } from './lib/cookies.js';
import { Later } from './lib/hydration.js';
import { useMediaQuery } from './lib/media.js';
import { homeOf, join, positionPath } from './lib/paths.js';
import { injectScriptTags } from './lib/scripts.js';
import { useToast } from './lib/useToast.js';
import { afterYield, whenIdle } from './lib/yield.js';
import { activePopupItems, CampaignPanels, NotificationBanner, PopupCta } from './overlays/Overlays.js';
import { Slide, type SlideEnv } from './page/Slide.js';
import { Arrows, BottomBar, CompanyModal, ErrorScreen, GlobalMenu, PageCounter, Toast, TopBar } from './shell/Chrome.js';

/** The album is a dialog few visitors open: fetched when the page is ready (or when asked for), never in the first load. */
const loadAlbum = () => import('./shell/Album.js');
const Album = lazy(() => loadAlbum().then((m) => ({ default: m.Album })));
/** The product popup likewise: its code comes when the browser is idle, or with the first tap on a product. */
const loadProduct = () => import('./page/ProductPopup.js');
const ProductPopup = lazy(() => loadProduct().then((m) => ({ default: m.ProductPopup })));

/** The viewer: shell, swipe stage, overlays. Hydrates the server-rendered HTML with the same boot data. */
export function App({ boot }: { boot: ViewerBoot | ErrorBoot }) {
  const lang = 'site' in boot ? boot.site.lang : undefined;
  const t = useMemo(() => dictT(boot.dict, lang), [boot.dict, lang]);
  if (boot.error) return <ErrorScreen kind={boot.error} t={t} home={boot.rootPath} />;
  return <Viewer boot={boot} t={t} home={homeOf(boot.rootPath, boot.site.lang, boot.site.defaultLanguage)} />;
}

function Viewer({ boot, t, home }: { boot: ViewerBoot; t: ReturnType<typeof dictT>; home: string }) {
  const site = boot.site;
  const { preview } = boot;
  const api = useMemo(() => makeApi(site.siteId, site.lang, boot.variationId), [site.siteId, site.lang, boot.variationId]);
  const [pos, setPos] = useState<Pos>(boot.start);
  const [ready, setReady] = useState(false);
  // The campaign side panels show at desktop widths only (viewer.css): below, their banners are not made at all.
  const wide = useMediaQuery(`(min-width: ${VIEWER.pcBreakpoint}px)`);
  const [token, setToken] = useState<string | null>(null);
  const [album, setAlbum] = useState(false);
  const [company, setCompany] = useState(false);
  const [product, setProduct] = useState<ProductView | null>(null);
  // the popup's first state is known on the server (its bars are server-rendered): the bottom bar starts hidden with it
  const [popupOpen, setPopupOpen] = useState(() => {
    const first = pageAt(site, boot.start);
    const known = first !== undefined && (preview || first.id in boot.details);
    return site.popupCtaEnabled && known && activePopupItems(site.popupCtas, first.order, new Date()).length > 0;
  });
  const [notifications, setNotifications] = useState<NotificationView[]>([]);
  const [counts, setCounts] = useState<Record<number, number>>({});
  const stage = useRef<StageHandle>(null);
  const [toast, showToast] = useToast();
  const lockAgain = useCallback(() => setToken(null), []);
  const { details, load, dropLocked } = useDetails({ boot, api, onSignedOut: lockAgain, showToast, t });

  // After hydration and the first page's load: neighbours, overlays and side data.
  useEffect(() => {
    if (preview) disableAnalytics();
    // Each in a task of its own: the first storage read is slow on phones.
    afterYield(() => setToken(readToken(site.siteId)));
    // A transition: React renders the neighbours and overlays in slices, yielding to input.
    const go = () => whenIdle(() => startTransition(() => setReady(true)), SWIPE.idleCallbackTimeoutMs);
    if (document.readyState === 'complete') go();
    else addEventListener('load', go, { once: true });
    document.documentElement.dataset.hydrated = '1';
  }, [preview, site.siteId]);

  useEffect(() => {
    // once the page is ready: the dialogs' and the taps' code too, so a tap acts at once
    if (!ready) return;
    loadActs().catch(() => {});
    loadProduct().catch(() => {});
    if (site.displayAlbum) loadAlbum().catch(() => {});
  }, [ready, site.displayAlbum]);

  useEffect(() => {
    if (!ready || preview) return;
    api
      .notifications()
      .then((r) => startTransition(() => setNotifications(r.items)))
      .catch(() => {});
    if (site.popupCtas.some((p) => p.kind === 'applicantLimit'))
      api
        .popupCounts()
        .then((r) => setCounts(Object.fromEntries(r.items.map((x) => [x.id, x.numberClicks]))))
        .catch(() => {});
  }, [ready, preview, api, site.popupCtas]);

  // Page detail on arrival; the four neighbours prefetched when the browser is idle.
  useEffect(() => {
    load(pos, true);
    if (!ready) return;
    const id = setTimeout(() => {
      for (const d of ['down', 'right', 'up', 'left'] as Dir[]) {
        const n = neighbour(site, pos, d);
        if (n) load(n, false);
      }
    }, 120);
    return () => clearTimeout(id);
  }, [pos, ready, load, site, token]);

  // A signed-in member's album shows the members-only pages too: their copies load when it opens.
  useEffect(() => {
    if (!album || !token) return;
    site.categories.forEach((c, col) => {
      c.pages.forEach((pg, row) => {
        if (pg.locked) load({ col, row }, false);
      });
    });
  }, [album, token, load, site]);

  const current = pageAt(site, pos);
  const currentState = current ? details[current.id] : undefined;
  const currentDetail = currentState?.status === 'success' ? currentState.data : null;
  const position = positionCode(pos);

  // The address follows the visitor, 500 ms after they settle on a page.
  useEffect(() => {
    if (!ready) return;
    const id = setTimeout(() => {
      const path = positionPath(boot.rootPath, site.lang, site.defaultLanguage, position);
      if (location.pathname !== path) history.replaceState(history.state, '', path + location.search);
    }, SWIPE.addressDebounceMs);
    return () => clearTimeout(id);
  }, [position, ready, boot.rootPath, site.lang, site.defaultLanguage]);

  // Where the end-user screens lead back to ("back to the site", sign-in from a locked page): the
  // page the visitor is on, for this site only (a session cookie on its root; the server checks it).
  useEffect(() => {
    if (!preview) setCookie(RETURN_COOKIE, position, null, boot.rootPath);
  }, [position, preview, boot.rootPath]);

  // Member sign-out: the server ends the member's tokens; members-only pages lock again.
  const signOut = useCallback(() => {
    const done = () => {
      clearToken(site.siteId);
      setToken(null);
      dropLocked();
      showToast(t('viewer.signed_out'));
    };
    api.signOut().then(done, done);
  }, [api, site, dropLocked, showToast, t]);

  // Page views; the page's chatbot snippet (script tags with src only).
  useEffect(() => {
    if (!current) return;
    // After the move's own task (events keep their order: tasks run first in, first out).
    afterYield(() => pageView({ siteId: site.siteId, pageId: current.id, lang: site.lang, data: { position } }));
  }, [current, site.siteId, site.lang, position]);
  useEffect(() => watchTaps(document.getElementById('root') ?? document), []);
  useEffect(() => {
    if (ready && currentDetail?.pageDetail.chatbotScript)
      injectScriptTags(currentDetail.pageDetail.chatbotScript, `chatbot-${currentDetail.pageDetail.id}`);
  }, [ready, currentDetail]);

  // The position last asked for (a move renders in a later task, so `pos` may lag it): the event is
  // recorded here, once, not in a state updater React may run again.
  const asked = useRef<Pos>(boot.start);
  const moved = useCallback(
    (to: Pos, via: MoveVia | 'jump', dir?: Dir) => {
      const from = asked.current;
      asked.current = to;
      if (!samePos(from, to)) {
        const page = pageAt(site, to);
        track({
          event: 'slide_page',
          siteId: site.siteId,
          pageId: page?.id ?? null,
          lang: site.lang,
          data: { from: positionCode(from), to: positionCode(to), via, dir: dir ?? null },
        });
      }
      setProduct(null);
      setPos(to);
    },
    [site],
  );
  const jump = useCallback((to: Pos) => moved(to, 'jump'), [moved]);

  const taps = useTaps({ boot, api, home, pos, position, product, setProduct, setCounts, jump });

  const isPc = site.viewMode === 'PC';
  const env = useMemo<SlideEnv>(
    () => ({
      mediaBase: site.mediaBase,
      lang: site.lang,
      t,
      sizes: isPc ? '100vw' : `(max-width: ${VIEWER.maxWidth}px) 100vw, ${VIEWER.maxWidth}px`,
      links: { register: join(home, 'register'), login: join(home, 'login') },
      speakerColor: site.speakerColor,
      onButton: taps.onButton,
      onProduct: taps.onProduct,
      onLink: taps.onLink,
    }),
    [site.mediaBase, site.lang, t, isPc, home, site.speakerColor, taps],
  );

  // The chrome and overlays are memoized: with stable handlers and data, a state change elsewhere (a page's
  // detail arriving, a neighbour drawn) does not render them again (the runtime renders a change in one task).
  const stable = useMemo(
    () => ({
      onAlbum: () => setAlbum(true),
      onCompany: () => setCompany(true),
      onPick: taps.onPick,
      onPopup: taps.onPopup,
      onBanner: taps.onBanner,
      onItem: taps.onItem,
    }),
    [taps],
  );
  const ticker = useMemo(
    () => (ready && notifications.length > 0 ? <NotificationBanner items={notifications} t={t} /> : null),
    [ready, notifications, t],
  );

  const renderSlide = (p: Pos, role: SlideRole) => {
    const isCurrent = role === 'current';
    const page = pageAt(site, p);
    if (!page) return null;
    const st = details[page.id];
    const data = st?.status === 'success' ? st.data : null;
    let lock: 'lock' | 'loading' | null = null;
    if (page.locked && !preview) lock = data ? null : token ? 'loading' : 'lock';
    // hydrated a task after the swipe surface (lib/hydration.tsx): a page is one element
    return (
      <Later step={1}>
        <Slide
          page={page}
          data={data}
          isCurrent={isCurrent}
          near={role === 'near'}
          priority={isCurrent && samePos(p, boot.start)}
          lock={lock}
          env={env}
        />
      </Later>
    );
  };

  const allowed = allowedFrom(site, pos);
  const count = pageCount(site, pos);
  const dialogOpen = album || company || product !== null;
  const showSns = Boolean(currentDetail?.pageDetail.snsConfig) && !popupOpen && !product;
  const showCompany = Boolean(currentDetail?.pageDetail.showCompany) && !popupOpen && !product;
  const order = current?.order ?? 1;
  const campaign = site.campaign && !isPc ? site.campaign : null;

  return (
    <div
      className={`vw${isPc ? ' is-pc' : ''}${campaign ? ` has-campaign lp-${campaign.positionLp}` : ''}`}
      data-position={position}
      data-ready={ready ? '1' : undefined}
    >
      {campaign && (
        <CampaignPanels
          campaign={campaign}
          pageOrder={order}
          mediaBase={site.mediaBase}
          filled={ready && wide}
          onBanner={stable.onBanner}
          onItem={stable.onItem}
        />
      )}
      <div className="vw-frame">
        <Stage
          grid={site}
          pos={pos}
          neighbours={ready}
          inputEnabled={!dialogOpen}
          renderSlide={renderSlide}
          onMove={(to, dir, via) => moved(to, via, dir)}
          handle={stage}
          label={t('viewer.viewer_label')}
        >
          {ready && (
            <Arrows
              allowed={allowed}
              arrowColor={current?.hoverArrowColor ?? 'white'}
              fadeSeconds={current?.arrowFadeInterval ?? 3}
              t={t}
              onGo={(d) => stage.current?.go(d, 'arrow')}
            />
          )}
        </Stage>
        {/* rendered on the server too, and beside the stage (not in the chrome): the page area makes room for it by
            layout from the first paint (viewer.css), under the chrome's menus and dialogs */}
        {site.popupCtaEnabled && site.popupCtas.length > 0 && (
          // hydrated last; one element while open, nothing to keep while closed
          <Later step={3} one={popupOpen}>
            <PopupCta
              items={site.popupCtas}
              pageOrder={order}
              detailLoaded={currentState?.status === 'success'}
              preview={preview}
              mediaBase={site.mediaBase}
              counts={counts}
              t={t}
              onOpenChange={setPopupOpen}
              onAct={stable.onPopup}
            />
          </Later>
        )}
        {/* hydrated after the page in view (lib/hydration.tsx): always this one element */}
        <Later step={2}>
          <div className="vw-chrome">
            <TopBar
              site={site}
              t={t}
              home={home}
              position={position}
              rootPath={boot.rootPath}
              onAlbum={stable.onAlbum}
              onSignOut={token && !preview ? signOut : null}
              center={ticker}
            />
            <GlobalMenu site={site} col={pos.col} t={t} onPick={stable.onPick} />
            {site.displayPageCount && count.total > 0 && <PageCounter current={count.current} total={count.total} />}
            {currentState?.status === 'loading' && !current?.locked && (
              <span className="vw-loading" role="status" aria-label={t('viewer.loading')} />
            )}
            <BottomBar site={site} t={t} showSns={showSns} showCompany={showCompany} onCompany={stable.onCompany} />
            {product && (
              <Suspense fallback={null}>
                <ProductPopup
                  product={product}
                  mediaBase={site.mediaBase}
                  lang={site.lang}
                  closeLabel={t('viewer.close')}
                  onClose={() => setProduct(null)}
                  onAction={(p) =>
                    track({ event: 'click_product_item', siteId: site.siteId, pageId: current?.id, targetId: p.id, lang: site.lang })
                  }
                />
              </Suspense>
            )}
          </div>
        </Later>
        {album && (
          <Suspense fallback={null}>
            <Album
              site={site}
              t={t}
              pos={pos}
              unlocked={loadedMedia(details)}
              onClose={() => setAlbum(false)}
              onJump={(p) => {
                setAlbum(false);
                jump(p);
              }}
            />
          </Suspense>
        )}
        {company && <CompanyModal site={site} t={t} onClose={() => setCompany(false)} />}
        <Toast text={toast} />
      </div>
    </div>
  );
}
