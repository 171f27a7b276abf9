import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Lang } from '@swipe/i18n';
import PDFDocument from 'pdfkit';
import { type InvoiceDocument, type InvoiceView, invoiceView } from './invoice.js';

/*
 * Invoices are drawn with pdfkit on the server (no browser). Japanese text uses Noto Sans JP, shipped as a
 * dependency (@expo-google-fonts/noto-sans-jp, TTF; KR and SC likewise), embedded as a subset of the glyphs a bill uses.
 * Noto Sans JP (and KR, SC) is Copyright 2014-2021 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source';
 * it is licensed under the SIL Open Font License, Version 1.1 (https://openfontlicense.org): the font may be
 * embedded and redistributed with the product, not sold on its own. See apps/server/NOTICE-fonts.md.
 *
 * Everything printed comes from the document's stored content (invoice.ts), so the same document always gives the
 * same bytes: CreationDate and ModDate are its issue time, the file ID is derived from the info dictionary (pdfkit
 * hashes it), subset tags come from the font ids, nothing random.
 */
const require = createRequire(import.meta.url);
// Noto Sans JP for ja and en; Korean needs Hangul (Noto Sans KR), Chinese the simplified forms (Noto Sans SC).
// Each also holds kana and the common kanji, so Japanese company names still print on kr and cn invoices.
const FAMILY: Record<Lang, 'jp' | 'kr' | 'sc'> = { ja: 'jp', en: 'jp', kr: 'kr', cn: 'sc' };
const FILES = {
  jp: [
    '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
    '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  ],
  kr: [
    '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  ],
  sc: [
    '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  ],
} as const;

// The font files are public, read and parsed once per process and family (never anything secret here). pdfkit takes
// a parsed font (fontkit's, the one it uses itself) as well as the file: parsing Noto Sans JP's tables again for every
// document was most of a render's time. Each document still makes its own subset of the glyphs it uses.
interface ParsedFont {
  layout: (...args: never[]) => unknown;
}
const fontkit = require('fontkit') as { create: (data: Buffer) => ParsedFont };
const fonts = new Map<string, { regular: ParsedFont; bold: ParsedFont }>();
function loadFonts(lang: Lang): { regular: ParsedFont; bold: ParsedFont } {
  const family = FAMILY[lang];
  let f = fonts.get(family);
  if (!f) {
    const [regular, bold] = FILES[family];
    f = {
      regular: fontkit.create(fs.readFileSync(require.resolve(regular))),
      bold: fontkit.create(fs.readFileSync(require.resolve(bold))),
    };
    fonts.set(family, f);
  }
  return f;
}

const A4: [number, number] = [595.28, 841.89];
const M = 48;
const W = A4[0] - 2 * M;
const INK = '#1f2430';
const MUTED = '#5b6270';
const RULE = '#c9ced6';
const COLS = [0.46, 0.1, 0.16, 0.1, 0.18];

export interface RenderedInvoice {
  fileName: string;
  bytes: Buffer;
}

export function renderInvoicePdf(input: InvoiceDocument): Promise<RenderedInvoice> {
  const view = invoiceView(input);
  const lang = input.content.lang;
  const f = loadFonts(lang);
  const doc = new PDFDocument({
    size: A4,
    margin: M,
    compress: true,
    info: {
      Title: `${view.title} ${input.number}`,
      Author: input.content.issuer.name,
      Producer: 'Swipe Sites',
      Creator: 'Swipe Sites',
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
    lang: lang === 'kr' ? 'ko' : lang === 'cn' ? 'zh' : lang,
  });
  // pdfkit's types name file sources only; its font factory takes any object with fontkit's `layout`
  doc.registerFont('jp', f.regular as unknown as Buffer);
  doc.registerFont('jp-bold', f.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<RenderedInvoice>((resolve, reject) => {
    doc.on('end', () => resolve({ fileName: view.fileName, bytes: Buffer.concat(chunks) }));
    doc.on('error', reject);
  });
  draw(doc, view);
  doc.end();
  return done;
}

function draw(doc: PDFKit.PDFDocument, v: InvoiceView): void {
  doc.fillColor(INK);
  doc.font('jp-bold').fontSize(20).text(v.title, M, M, { width: W, align: 'center' });
  let y = M + 40;

  // meta (right) and recipient (left)
  doc.font('jp').fontSize(9);
  let my = y;
  for (const [k, val] of v.meta) {
    doc.fillColor(MUTED).text(k, M + W * 0.58, my, { width: W * 0.17 });
    doc.fillColor(INK).text(val, M + W * 0.75, my, { width: W * 0.25, align: 'right' });
    my += 14;
  }
  doc
    .font('jp-bold')
    .fontSize(13)
    .fillColor(INK)
    .text(v.recipient, M, y, { width: W * 0.55 });
  const ry = doc.y + 4;
  doc
    .moveTo(M, ry)
    .lineTo(M + W * 0.55, ry)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  y = Math.max(my, ry) + 14;

  // issuer (right)
  doc
    .font('jp-bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text(v.issuer.heading, M + W * 0.58, y, { width: W * 0.42 });
  let iy = doc.y + 2;
  doc.font('jp').fontSize(9).fillColor(INK);
  for (const line of v.issuer.lines) {
    doc.text(line, M + W * 0.58, iy, { width: W * 0.42 });
    iy = doc.y + 1;
  }

  // amount due (left)
  doc
    .rect(M, y, W * 0.5, 40)
    .fillColor('#f1f3f6')
    .fill();
  doc
    .font('jp')
    .fontSize(10)
    .fillColor(MUTED)
    .text(v.amountDue[0], M + 10, y + 13, { width: W * 0.2 });
  doc
    .font('jp-bold')
    .fontSize(16)
    .fillColor(INK)
    .text(v.amountDue[1], M + W * 0.2, y + 10, { width: W * 0.3 - 10, align: 'right' });
  y = Math.max(iy, y + 40) + 18;

  // lines
  y = table(doc, v, y);

  // per-rate subtotal and tax, then the total
  const sx = M + W * 0.5;
  doc.font('jp').fontSize(9);
  for (const [k, val] of v.summary) {
    doc.fillColor(MUTED).text(k, sx, y, { width: W * 0.32 });
    doc.fillColor(INK).text(val, sx + W * 0.32, y, { width: W * 0.18, align: 'right' });
    y += 15;
  }
  doc
    .moveTo(sx, y + 1)
    .lineTo(M + W, y + 1)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  y += 6;
  doc
    .font('jp-bold')
    .fontSize(11)
    .fillColor(INK)
    .text(v.total[0], sx, y, { width: W * 0.3 });
  doc.text(v.total[1], sx + W * 0.3, y, { width: W * 0.2, align: 'right' });
  y += 30;

  doc.font('jp').fontSize(9);
  for (const [k, val] of v.footer) {
    doc.fillColor(MUTED).text(k, M, y, { width: W * 0.2 });
    doc.fillColor(INK).text(val, M + W * 0.2, y, { width: W * 0.8 });
    y = doc.y + 5;
  }
  y += 8;
  doc.fontSize(8).fillColor(MUTED);
  for (const note of v.notes) {
    doc.text(note, M, y, { width: W });
    y = doc.y + 4;
  }
  if (v.notQualifiedNote) doc.fillColor(INK).text(v.notQualifiedNote, M, y, { width: W });
}

function table(doc: PDFKit.PDFDocument, v: InvoiceView, top: number): number {
  const xs: number[] = [];
  let x = M;
  for (const c of COLS) {
    xs.push(x);
    x += W * c;
  }
  const cell = (texts: readonly string[], y: number, bold: boolean): number => {
    doc.font(bold ? 'jp-bold' : 'jp').fontSize(9);
    let h = 0;
    texts.forEach((t, i) => {
      const w = W * (COLS[i] ?? 0) - 8;
      const opts = { width: w, align: i === 0 ? ('left' as const) : ('right' as const) };
      h = Math.max(h, doc.heightOfString(t, opts));
      doc.text(t, (xs[i] ?? M) + 4, y + 5, opts);
    });
    return y + h + 10;
  };
  doc.rect(M, top, W, 20).fillColor('#e6e9ee').fill();
  doc.fillColor(INK);
  let y = cell(v.columns, top, true);
  for (const row of v.rows) {
    doc.fillColor(INK);
    if (y > A4[1] - 220) {
      doc.addPage();
      y = M;
    }
    const next = cell(row, y, false);
    doc
      .moveTo(M, next)
      .lineTo(M + W, next)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    y = next;
  }
  return y + 12;
}
