import { describe, expect, it } from 'vitest';
import { keysAsTheyAre, toCamel, toSnake } from './case.js';

describe('key conversion at the edges', () => {
  it('converts nested keys both ways and leaves values alone', () => {
    const wire = { page_size: 20, site_id: 3, nested: [{ button_text: { ja: 'x' } }], when: 'created_at' };
    expect(toCamel(wire)).toEqual({ pageSize: 20, siteId: 3, nested: [{ buttonText: { ja: 'x' } }], when: 'created_at' });
    expect(toSnake(toCamel(wire))).toEqual(wire);
  });
  it('converts objects with a foreign or null prototype (Fastify query strings)', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const q = new (Empty as unknown as new () => Record<string, unknown>)();
    q.page_size = '5';
    const bare = Object.create(null) as Record<string, unknown>;
    bare.site_id = '1';
    expect(toCamel(q)).toEqual({ pageSize: '5' });
    expect(toCamel(bare)).toEqual({ siteId: '1' });
  });
  it('leaves CONSTANT_CASE keys alone both ways', () => {
    const doc = { forms: { CONTACT_SETTING: { sendConfirmation: true } } };
    expect(toSnake(doc)).toEqual({ forms: { CONTACT_SETTING: { send_confirmation: true } } });
    expect(toCamel(toSnake(doc))).toEqual(doc);
  });
  it('keeps dates and buffers as they are', () => {
    const d = new Date(0);
    const b = Buffer.from('x');
    expect(toSnake({ atTime: d, rawBytes: b })).toEqual({ at_time: d, raw_bytes: b });
  });
  it("copies a record of someone's own keys as it is, inside a converted envelope (a form's field keys)", () => {
    const data = keysAsTheyAre({ companyName: 'ACME', q1Answer: 'x', nested_key: { innerKey: 1 } });
    const out = toSnake<Record<string, unknown>>({ siteId: 1, submission: { createdAt: 't', data }, list: [data] });
    expect(out).toEqual({
      site_id: 1,
      submission: { created_at: 't', data: { companyName: 'ACME', q1Answer: 'x', nested_key: { innerKey: 1 } } },
      list: [{ companyName: 'ACME', q1Answer: 'x', nested_key: { innerKey: 1 } }],
    });
    expect(JSON.stringify(out)).toContain('"data":{"companyName":"ACME"');
    // a plain record beside it is still converted
    expect(toSnake({ data: { companyName: 'ACME' } })).toEqual({ data: { company_name: 'ACME' } });
  });
});
