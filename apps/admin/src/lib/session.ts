import type { AccountView, TokenPairView } from '@swipe/core';
import { useSyncExternalStore } from 'react';

// Operator session in localStorage of the admin origin (tokens never reach the sites origin).

/** The signed-in operator and the token pair login, refresh and password changes answer (server shapes). */
export type User = AccountView;
export type TokenPair = TokenPairView;

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
}

const KEY = 'swipe.admin.session';
const listeners = new Set<() => void>();
let current: Session | null = read();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(s: Session | null): void {
  current = s;
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
  emit();
}

export function updateUser(user: User): void {
  if (current) setSession({ ...current, user });
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      current = read();
      emit();
    }
  });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}

export function canEditScripts(user: User | undefined | null): boolean {
  return user?.authority === 'EDIT';
}

/** The `/{userTypeId}` prefix of the signed-in user's screens. */
export function useBase(): string {
  const session = useSession();
  return `/${session?.user.userTypeId ?? 'admin-user'}`;
}
