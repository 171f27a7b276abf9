// Operator code on the sites origin (never on the admin origin). The server checked that a script
// parses (scriptValid); it runs as a blob: script, which the viewer's CSP allows while it refuses
// inline script in the markup.

export function runScript(code: string | null | undefined, valid: boolean | undefined): boolean {
  if (!code || !valid) return false;
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const s = document.createElement('script');
  s.src = url;
  const done = () => {
    URL.revokeObjectURL(url);
    s.remove();
  };
  s.onload = done;
  s.onerror = done;
  document.body.appendChild(s);
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
