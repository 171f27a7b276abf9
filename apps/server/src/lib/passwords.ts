import { hash, verify } from '@node-rs/argon2';
import { onceAsync } from './once.js';

// argon2id, 19 MiB, 2 iterations (OWASP's minimum profile).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

const dummy = onceAsync(() => hashPassword('Dummy-password-1!'));
/** Spends the same time as a real check so an unknown account answers like a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await dummy(), password);
}
