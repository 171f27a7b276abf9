import { operatorPassword } from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from './seed.js';

describe('demo logins', () => {
  it('follow the product password rules themselves', () => {
    for (const l of DEMO_LOGINS) expect(operatorPassword.safeParse(l.password).success, l.email).toBe(true);
  });
});
