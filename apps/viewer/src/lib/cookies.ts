/** Small cookie helpers for the transition cookies of viewer.md 4 (read by the end-user screens). */
export function setCookie(name: string, value: string, maxAgeSeconds = 3600): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: plain cookies are what the screens behind these links read
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
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
