/** Small cookie helpers for the transition cookies of viewer.md 4 (read by the end-user screens). */
/** `maxAgeSeconds` null: a session cookie; `path`: the site's root for what one site remembers. */
export function setCookie(name: string, value: string, maxAgeSeconds: number | null = 3600, path = '/'): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAgeSeconds === null ? '' : `; Max-Age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what the screens behind these links read
  document.cookie = `${name}=${encodeURIComponent(value)}${age}; Path=${path || '/'}; SameSite=Lax${secure}`;
}

export function getCookie(name: string): string | null {
  const m = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return m ? decodeURIComponent(m.slice(name.length + 1)) : null;
}

export function setSession(name: string, value: string): void {
  try {
    sessionStorage.setItem(name, value);
  } catch {
    /* storage may be blocked */
  }
}
