// Navigation for code outside React (the error rules of the API layer); the router registers itself.
let navigate: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

export function go(to: string): void {
  navigate(to);
}

export const PUBLIC_PATHS = ['/login', '/reset-pass', '/new-password', '/first-time-change-password', '/log-out'];

export function onPublicScreen(): boolean {
  return PUBLIC_PATHS.some((p) => window.location.pathname.startsWith(p));
}
