import { describe, expect, it } from 'vitest';
import type { InvoiceInput } from './invoice.js';
import { invoiceView, jstDay, taxByRate, yen } from './invoice.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { pdfText } from './invoice-text.js';

const base: InvoiceInput = {
  billId: 42,
  month: '2026-10',
  issuedAt: new Date('2026-10-31T15:00:00Z'), // 2026-11-01 00:00 JST
  dueDate: '2026-11-30',
  issuer: { name: 'スワイプ株式会社', registrationNumber: 'T1234567890123', address: '東京都千代田区1-1-1' },
  recipientCompany: '株式会社テスト',
  lines: [
    { description: '月額利用料（スタンダード）', quantity: 1, unitPrice: 105, amount: 105, taxRate: 10 },
    { description: '従量料金', quantity: 1, unitPrice: 105, amount: 105, taxRate: 10 },
    { description: 'ライセンス料', quantity: 1, unitPrice: 105, amount: 105, taxRate: 10 },
  ],
  payment: { kind: 'card', brand: 'VISA', last4: '4242' },
  lang: 'ja',
};

describe('invoice model', () => {
  it('computes tax once per rate, rounded down (3 x 105 yen at 10 % is 31)', () => {
    expect(taxByRate(base.lines)).toEqual([{ rate: 10, subtotal: 315, tax: 31 }]);
    expect(invoiceView(base).total[1]).toBe('¥346');
  });

  it('writes yen with separators and days in Japan time', () => {
    expect(yen(1234567)).toBe('¥1,234,567');
    expect(yen(0)).toBe('¥0');
    expect(jstDay('ja', new Date('2026-10-31T15:00:00Z'))).toBe('2026年11月1日');
    expect(jstDay('en', new Date('2026-10-31T14:59:59Z'))).toBe('2026-10-31');
  });

  it('is a plain invoice with a note without a registration number', () => {
    const v = invoiceView({ ...base, issuer: { ...base.issuer, registrationNumber: null } });
    expect(v.qualified).toBe(false);
    expect(v.title).toBe('請求書');
    expect(v.notQualifiedNote).toContain('適格請求書ではありません');
  });
});

describe('invoice PDF', () => {
  it('renders a qualified invoice whose text reads back', async () => {
    const { bytes, fileName } = await renderInvoicePdf(base);
    expect(fileName).toBe('invoice-2026-10-42.pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(bytes)).replace(/\s+/g, '');
    expect(text).toContain('適格請求書');
    expect(text).toContain('T1234567890123');
    expect(text).toContain('消費税（10%）');
    expect(text).toContain('¥31');
    expect(text).toContain('株式会社テスト御中');
    expect(text).toContain('下4桁4242');
    expect(text).toContain('2026年11月1日');
  });

  it('gives the same bytes for the same bill', async () => {
    const a = await renderInvoicePdf(base);
    const b = await renderInvoicePdf({ ...base, issuedAt: new Date(base.issuedAt.getTime()) });
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('labels in the account language, bank transfer destination', async () => {
    const { bytes } = await renderInvoicePdf({
      ...base,
      lang: 'en',
      payment: { kind: 'bank_transfer', destination: 'みずほ銀行 本店 普通 1234567' },
    });
    const text = await pdfText(bytes);
    expect(text).toContain('Qualified invoice');
    expect(text).toContain('Consumption tax (10%)');
    expect(text.replace(/\s+/g, '')).toContain('みずほ銀行本店普通1234567');
  });

  it('draws Korean with Noto Sans KR and Chinese with Noto Sans SC (Japanese names still print)', async () => {
    const kr = (await pdfText((await renderInvoicePdf({ ...base, lang: 'kr', recipientCompany: '주식회사 테스트' })).bytes)).replace(
      /\s+/g,
      '',
    );
    expect(kr).toContain('적격청구서');
    expect(kr).toContain('주식회사테스트御中');
    expect(kr).toContain('スワイプ株式会社');
    expect(kr).toContain('소비세(10%)');
    const cn = (await pdfText((await renderInvoicePdf({ ...base, lang: 'cn' })).bytes)).replace(/\s+/g, '');
    expect(cn).toContain('适格请求书');
    expect(cn).toContain('消费税（10%）');
    expect(cn).toContain('スワイプ株式会社');
  });
});
