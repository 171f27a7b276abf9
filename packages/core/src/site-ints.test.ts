import { describe, expect, it } from 'vitest';
import { formFieldSchema, popupItemSchema, productSchema } from './site.js';

// Numbers the database keeps in `integer` columns are refused by the schema past 2,147,483,647, so a
// save answers 422 from the rule instead of reaching PostgreSQL.

describe('integer columns in the site document', () => {
  it('refuses order numbers, page numbers and form order past PostgreSQL integer', () => {
    const big = 2_147_483_648;
    expect(productSchema.shape.order.safeParse(big).success).toBe(false);
    expect(productSchema.shape.order.safeParse(big - 1).success).toBe(true);
    expect(formFieldSchema.shape.orderNum.safeParse(big).success).toBe(false);
    const pages = (
      popupItemSchema as unknown as { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[] }[] } } }
    ).safeParse({
      effectivePages: [big],
    });
    expect(pages.success).toBe(false);
    expect(pages.error?.issues.some((i) => i.path[0] === 'effectivePages')).toBe(true);
  });
});
