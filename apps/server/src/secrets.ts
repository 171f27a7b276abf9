import { randomBytes } from 'node:crypto';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { storedSecret } from './db/secrets.repo.js';

/**
 * The token signing secret: JWT_SECRET when set; otherwise one generated on first start and kept
 * in the database, so every process of one deployment signs alike and restarts keep sessions.
 */
export async function signingSecret(config: Config, db: Db): Promise<string> {
  if (config.jwtSecret) {
    if (config.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return config.jwtSecret;
  }
  return storedSecret(db, 'jwt', randomBytes(48).toString('base64url'));
}
