import { describe, expect, it } from 'vitest';
import { AppError, invalid, notFound } from './errors.js';

describe('AppError', () => {
  it('keeps its fields', () => {
    const e = invalid([{ path: 'name', key: 'validation.required', params: { max: 3 } }]);
    expect([e.status, e.code, e.key, e.params, e.fields?.length, e.message]).toEqual([
      422,
      'VALIDATION_FAILED',
      'validation.required',
      { max: 3 },
      1,
      'validation.required',
    ]);
    expect(e).toBeInstanceOf(Error);
  });

  it('captures no stack for an expected answer (4xx), keeps it for a server error, and restores the limit', () => {
    const before = Error.stackTraceLimit;
    const frames = (e: Error) => (e.stack ?? '').split('\n').filter((l) => l.trim().startsWith('at ')).length;
    expect(frames(notFound())).toBe(0);
    expect(frames(new AppError(500, 'INTERNAL', 'server.internal'))).toBeGreaterThan(0);
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error('plain'))).toBeGreaterThan(0);
  });
});
