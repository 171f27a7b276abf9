import type { Pos } from '../engine/grid.js';
import { type Action, ATTRIBUTION_MAX_AGE_S } from '../lib/actions.js';
import { leaveThen } from '../lib/analytics.js';
import { setCookie, setSession } from '../lib/cookies.js';
import { runScript } from '../lib/scripts.js';

// What a tap does, decided by core's action rules (lib/actions.ts) and done here. Only a tap runs this code, so it
// is a chunk of its own, never in the first load (app/taps.ts fetches it).

export { bannerAction, buttonAction, pageLinkAction, popupAction } from '../lib/actions.js';
export { getCookie } from '../lib/cookies.js';

/** Does a tap's action: a jump on the stage, a new tab, the operator's script, or a navigation with its cookies. */
export function perform(a: Action, jump: (to: Pos) => void): void {
  if (a.kind === 'jump') jump(a.to);
  else if (a.kind === 'open') window.open(a.href, '_blank', 'noopener');
  else if (a.kind === 'script') runScript(a.code, true);
  else if (a.kind === 'navigate') {
    for (const [k, v] of Object.entries(a.cookies ?? {})) setCookie(k, v);
    for (const [k, v] of Object.entries(a.attribution ?? {})) setCookie(k, v, ATTRIBUTION_MAX_AGE_S);
    for (const [k, v] of Object.entries(a.session ?? {})) setSession(k, v);
    // the tap and the CTA's click are queued as this click ends, then sent with the page's leave, then it navigates
    leaveThen(() => location.assign(a.href));
  }
}
