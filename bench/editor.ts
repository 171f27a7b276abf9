import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { columnToLetters, type SiteDocumentInput } from '@swipe/core';
import sharp from 'sharp';
import { LocalStorage } from '../apps/server/src/modules/media/storage.js';
import { makeImageVariants } from '../apps/server/src/modules/media/variants.js';
import { emptyDocument } from '../apps/server/src/modules/sites/service.js';
import { http, login, makeAccount, makePlan, startTestServer } from '../apps/server/src/test/helpers.js';
import { liner } from './lib.js';

// The editor's figures, printed next to their targets; nothing asserts.
//  - saving a 10 x 10 site with every page filled (PUT /api/v1/sites/{id}, through HTTP), and publishing it
//  - image variant throughput: a 2000 px JPEG to all seven webp widths (50..1200), images per second

const line = liner(56, 12);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] as number;

/** A 10 x 10 document with every page filled: media, texts in two languages, two buttons and a product each. */
function fullDocument(): SiteDocumentInput {
  const menu = Array.from({ length: 10 }, (_, i) => `Category ${i + 1}`);
  const doc = emptyDocument({
    name: 'Bench 10x10',
    numberHorizontal: 10,
    numberVertical: 10,
    defaultLanguage: 'ja',
    languages: ['ja', 'en'],
    globalMenu: menu,
  });
  doc.categories = Array.from({ length: 10 }, (_, c) => ({
    pages: Array.from({ length: 10 }, (_, r) => {
      const cell = `${columnToLetters(c + 1)}${r + 1}`;
      return {
        imageUrl: `sites/bench/${cell}.jpg`,
        imageAlt: { ja: `画像 ${cell}`, en: `Image ${cell}` },
        mainText: { ja: `ページ ${cell} の説明`, en: `About page ${cell}` },
        mainTextColor: '#ffffff',
        mainTextX: 10,
        mainTextY: 70,
        price: 1000 + r,
        linkButtonText: { ja: '詳しく', en: 'More' },
        linkDestinationUrl: 'https://example.com/more',
        snsConfig: r % 2 === 0,
        showCompany: true,
        membersOnlyLock: r === 9,
        buttons: [
          {
            buttonType: 'TEXT',
            buttonText: { ja: '購入', en: 'Buy' },
            buttonAnimation: 'PULSE',
            buttonLinkType: 'EXTERNAL_URL',
            linkDestinationUrl: 'https://example.com/buy',
          },
          {
            buttonType: 'TEXT',
            buttonText: { ja: '次へ', en: 'Next' },
            buttonLinkType: 'CREATIVE_BLOCK',
            linkDestinationUrl: String(r + 2),
            buttonPositionY: 80,
          },
        ],
        products: [
          {
            productName: { ja: '商品', en: 'Product' },
            price: 2980,
            linkButtonUrl: 'https://example.com/p',
            coordinateX: 60,
            coordinateY: 40,
          },
        ],
      };
    }),
  }));
  return doc;
}

async function saveBench(): Promise<void> {
  const s = await startTestServer();
  try {
    const plan = await makePlan(s.ctx, { quantitySwipe: 200, quantitySite: 5 });
    await makeAccount(s.ctx, { parentId: null, type: 'MASTER_USER', email: 'bench@editor.test', planId: plan });
    const token = (await login(s.adminUrl, 'bench@editor.test')).access;
    const created = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token,
      body: { name: 'Bench 10x10', number_horizontal: 10, number_vertical: 10, languages: ['ja', 'en'] },
    });
    const id = created.body.id;
    const body = { action: 'save', document: fullDocument() };
    const bytes = JSON.stringify(body).length;
    const save = async (action = 'save') => {
      const t = performance.now();
      const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, { token, body: { ...body, action } });
      if (r.status !== 200) throw new Error(`save failed: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      return performance.now() - t;
    };
    for (let i = 0; i < 3; i++) await save();
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await save());
    const pub: number[] = [];
    for (let i = 0; i < 10; i++) pub.push(await save('publish'));
    const db = s.ctx.db.kind === 'pg' ? 'PostgreSQL' : 'PGlite';
    console.log(`editor on ${db}; body ${Math.round(bytes / 1024)} KB, 100 pages, 200 buttons, 100 products`);
    line('save 10 x 10 site, every page filled: median', `${pct(times, 50).toFixed(1)} ms`, '< 300 ms on PostgreSQL');
    line('save 10 x 10 site: p95', `${pct(times, 95).toFixed(1)} ms`);
    line('publish 10 x 10 site (save + snapshot): median', `${pct(pub, 50).toFixed(1)} ms`);
  } finally {
    await s.drop();
  }
}

async function variantBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-bench-media-'));
  try {
    const storage = new LocalStorage(dir, 'http://bench/media');
    const source = await sharp({
      create: { width: 2000, height: 1333, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    await storage.put('bench/source.jpg', source, 'image/jpeg');
    await makeImageVariants(storage, 'bench/source.jpg'); // warm-up
    const n = 8;
    let t = performance.now();
    for (let i = 0; i < n; i++) await makeImageVariants(storage, 'bench/source.jpg');
    const serial = n / ((performance.now() - t) / 1000);
    const workers = Math.max(1, os.cpus().length);
    t = performance.now();
    await Promise.all(Array.from({ length: n }, () => makeImageVariants(storage, 'bench/source.jpg')));
    const parallel = n / ((performance.now() - t) / 1000);
    console.log(
      `image variants: 2000 x 1333 JPEG (${Math.round(source.length / 1024)} KB) -> webp 50,100,200,400,600,800,1200; ${workers} CPUs`,
    );
    line('images per second, one at a time', serial.toFixed(2));
    line(`images per second, ${n} at once`, parallel.toFixed(2));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  await saveBench();
  await variantBench();
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  process.env.LOG_LEVEL ??= 'silent';
  await run();
  process.exit(0);
}
