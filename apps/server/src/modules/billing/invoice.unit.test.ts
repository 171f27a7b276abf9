import { describe, expect, it } from 'vitest';
import type { InvoiceContent, InvoiceDocument } from './invoice.js';
import { invoiceView, jstDay, taxByRate, yen } from './invoice.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { pdfText } from './invoice-text.js';

const content: InvoiceContent = {
  v: 1,
  lang: 'ja',
  issueDate: '2026-11-01',
  month: '2026-10',
  issuer: { name: 'スワイプ株式会社', registrationNumber: 'T1234567890123', address: '東京都千代田区1-1-1' },
  recipient: { companyName: '株式会社テスト' },
  planName: 'スタンダード',
  lines: [
    { kind: 'plan', quantity: 1, unitPrice: 105, amount: 105, taxRate: 10 },
    { kind: 'pv', quantity: 1, unitPrice: 105, amount: 105, taxRate: 10 },
    { kind: 'license', quantity: 1, unitPrice: 105, amount: 105, taxRate: 10 },
  ],
  taxes: [{ rate: 10, subtotal: 315, tax: 31 }],
  subtotal: 315,
  tax: 31,
  total: 346,
  dueDate: '2026-12-31',
  payment: { kind: 'card', brand: 'VISA', last4: '4242' },
  replaces: null,
  returnOf: null,
};
const base: InvoiceDocument = {
  kind: 'invoice',
  number: 'INV-0000042',
  issuedAt: new Date('2026-10-31T15:00:00Z'), // 2026-11-01 00:00 JST
  content,
};
const withContent = (patch: Partial<InvoiceContent>): InvoiceDocument => ({ ...base, content: { ...content, ...patch } });

describe('invoice model', () => {
  it('computes tax once per rate, rounded down (3 x 105 yen at 10 % is 31)', () => {
    expect(taxByRate(content.lines)).toEqual([{ rate: 10, subtotal: 315, tax: 31 }]);
    expect(invoiceView(base).total[1]).toBe('¥346');
  });

  it('writes yen with separators and days in Japan time', () => {
    expect(yen(1234567)).toBe('¥1,234,567');
    expect(yen(0)).toBe('¥0');
    expect(jstDay('ja', new Date('2026-10-31T15:00:00Z'))).toBe('2026年11月1日');
    expect(jstDay('en', new Date('2026-10-31T14:59:59Z'))).toBe('2026-10-31');
  });

  it('is a plain invoice with a note without a registration number', () => {
    const v = invoiceView(withContent({ issuer: { ...content.issuer, registrationNumber: null } }));
    expect(v.qualified).toBe(false);
    expect(v.title).toBe('請求書');
    expect(v.notQualifiedNote).toContain('適格請求書ではありません');
  });
});

describe('invoice PDF', () => {
  it('renders a qualified invoice whose text reads back', async () => {
    const { bytes, fileName } = await renderInvoicePdf(base);
    expect(fileName).toBe('invoice-INV-0000042.pdf');
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

  it('gives the same bytes for the same bill, whatever was drawn before it with the same parsed font', async () => {
    const a = await renderInvoicePdf(base);
    await renderInvoicePdf(withContent({ recipient: { companyName: '全く別の会社名で違う字形を使う' }, planName: '特別プラン' }));
    const b = await renderInvoicePdf({ ...base, issuedAt: new Date(base.issuedAt.getTime()), content: structuredClone(content) });
    expect(a.bytes.equals(b.bytes)).toBe(true);
  });

  it('labels in the account language, bank transfer destination', async () => {
    const { bytes } = await renderInvoicePdf(
      withContent({ lang: 'en', payment: { kind: 'bank_transfer', destination: 'みずほ銀行 本店 普通 1234567' } }),
    );
    const text = await pdfText(bytes);
    expect(text).toContain('Qualified invoice');
    expect(text).toContain('Consumption tax (10%)');
    expect(text.replace(/\s+/g, '')).toContain('みずほ銀行本店普通1234567');
  });

  it('draws Korean with Noto Sans KR and Chinese with Noto Sans SC (Japanese names still print)', async () => {
    const kr = (
      await pdfText((await renderInvoicePdf(withContent({ lang: 'kr', recipient: { companyName: '주식회사 테스트' } }))).bytes)
    ).replace(/\s+/g, '');
    expect(kr).toContain('적격청구서');
    expect(kr).toContain('주식회사테스트御中');
    expect(kr).toContain('スワイプ株式会社');
    expect(kr).toContain('소비세(10%)');
    const cn = (await pdfText((await renderInvoicePdf(withContent({ lang: 'cn' }))).bytes)).replace(/\s+/g, '');
    expect(cn).toContain('适格请求书');
    expect(cn).toContain('消费税（10%）');
    expect(cn).toContain('スワイプ株式会社');
  });
});

describe('dates, corrections and returns', () => {
  it('prints the due date as the calendar day stored, in each language', async () => {
    const ja = (await pdfText((await renderInvoicePdf(base)).bytes)).replace(/\s+/g, '');
    expect(ja).toContain('お支払期限2026年12月31日');
    expect(ja).not.toContain('NaN');
    expect(ja).not.toContain('undefined');
    expect(invoiceView(withContent({ lang: 'en' })).footer).toContainEqual(['Due date', '2026-12-31']);
    expect(invoiceView(withContent({ lang: 'kr' })).footer).toContainEqual(['결제 기한', '2026년 12월 31일']);
    expect(invoiceView(withContent({ lang: 'cn' })).footer).toContainEqual(['付款期限', '2026年12月31日']);
    expect(() => jstDay('ja', 'Thu Dec 31')).toThrow();
  });

  it('names the invoice a corrected one replaces', () => {
    const v = invoiceView({ ...withContent({ replaces: { number: 'INV-0000041', issueDate: '2026-11-01' } }), number: 'INV-0000050' });
    expect(v.meta[0]).toEqual(['請求書番号', 'INV-0000050']);
    expect(v.notes[0]).toBe('この請求書は、INV-0000041（2026年11月1日発行）を取り消して差し替えるものです。');
  });

  it('a qualified return invoice carries the return date, the original transaction, the amount and tax per rate', async () => {
    const ret: InvoiceDocument = {
      kind: 'return',
      number: 'RET-0000001',
      issuedAt: new Date('2026-11-20T03:00:00Z'),
      content: {
        ...content,
        issueDate: '2026-11-20',
        lines: [{ kind: 'pv', quantity: null, unitPrice: null, amount: 1_000, taxRate: 10 }],
        taxes: [{ rate: 10, subtotal: 1_000, tax: 100 }],
        subtotal: 1_000,
        tax: 100,
        total: 1_100,
        dueDate: null,
        payment: { kind: 'none' },
        returnOf: { number: 'INV-0000042', issueDate: '2026-11-01' },
      },
    };
    const text = (await pdfText((await renderInvoicePdf(ret)).bytes)).replace(/\s+/g, '');
    for (const part of [
      '適格返還請求書',
      'T1234567890123',
      'スワイプ株式会社',
      '返還日2026年11月20日',
      '2026年10月分/INV-0000042（2026年11月1日発行）',
      '10%対象返還額（税抜）¥1,000',
      '返還に係る消費税（10%）¥100',
      '返還額合計（税込）¥1,100',
      'RET-0000001',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('お支払期限');
    const plain = invoiceView({ ...ret, content: { ...ret.content, issuer: { ...content.issuer, registrationNumber: null } } });
    expect(plain.title).toBe('返還明細書');
    expect(plain.notQualifiedNote).toContain('適格返還請求書ではありません');
  });
});
