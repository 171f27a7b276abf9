// Operator code on the sites origin (never on the admin origin). The server checked that a script
// parses (scriptValid); it runs as a script element carrying this page's CSP nonce.

function nonce(): string {
  const el = document.querySelector<HTMLScriptElement>('script[nonce]');
  return el?.nonce || el?.getAttribute('nonce') || '';
}

export function runScript(code: string | null | undefined, valid: boolean | undefined): boolean {
  if (!code || !valid) return false;
  const s = document.createElement('script');
  s.nonce = nonce();
  s.textContent = code;
  document.body.appendChild(s);
  s.remove();
  return true;
}

/**
 * Snippets such as a chatbot tag: only <script src> elements are taken (the body rule of
 * back-office.md 5), created with src and defer/async kept; inline code is not run.
 */
export function injectScriptTags(html: string | null | undefined, marker: string): void {
  if (!html || document.querySelector(`script[data-snippet="${marker}"]`)) return;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const src of doc.querySelectorAll('script[src]')) {
    const url = src.getAttribute('src') ?? '';
    if (!/^https?:\/\//.test(url) && !url.startsWith('/')) continue;
    const s = document.createElement('script');
    s.src = url;
    s.async = src.hasAttribute('async');
    s.defer = src.hasAttribute('defer');
    s.dataset.snippet = marker;
    document.body.appendChild(s);
  }
}
