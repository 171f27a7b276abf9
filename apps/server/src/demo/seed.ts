import { columnToLetters, monthOfJst, previousMonth, siteDocumentSchema } from '@swipe/core';
import type { AppContext } from '../context.js';
import { onceAsync } from '../lib/once.js';
import { hashPassword } from '../lib/passwords.js';
import { anyAccountExists, insertAccount } from '../modules/accounts/service.js';
import { seedDemoBills } from '../modules/billing/service.js';
import { recordContractHistory } from '../modules/contracts/service.js';
import { makeImageVariants } from '../modules/media/variants.js';
import { insertPlans } from '../modules/plans/service.js';
import { upsertShare } from '../modules/previewshare/service.js';
import { defaultSiteId, insertSiteRow, planOf, publishSnapshot, setPreviewSecurity, writeSiteDocument } from '../modules/sites/service.js';
import { insertSurvey, setSurveySite } from '../modules/surveys/service.js';
import { insertPublicNotifications } from '../modules/viewer/service.js';
import { demoCreative, demoSquare } from './images.js';
import { demoSiteDocument, demoSurvey } from './site.js';

export const DEMO_LOGINS = [
  { role: 'master', email: 'master@demo.swipe.test', password: 'Demo-Master-2026#' },
  { role: 'user', email: 'user@demo.swipe.test', password: 'Demo-User-2026#' },
] as const;

/** The demo site's preview: an invited e-mail and the passcode, so the invitee flow works at once. */
export const DEMO_PREVIEW = { email: 'viewer@demo.swipe.test', passcode: 'Demo-Preview-2026' } as const;

interface DemoFile {
  key: string;
  body: Buffer;
  type: string;
}
interface DemoAssets {
  hashes: [string, string, string];
  files: DemoFile[];
  labels: { key: string; label: string }[];
}

/**
 * The demo's password hashes, creatives, logos and their image variants: the same bytes for every database, so
 * they are made once per process (the test tiers seed a fresh database for each of about forty files; rendering
 * them was two thirds of a seed).
 */
const demoAssets = onceAsync(makeDemoAssets);

async function makeDemoAssets(): Promise<DemoAssets> {
  const hashes = (await Promise.all([
    hashPassword(DEMO_LOGINS[0].password),
    hashPassword(DEMO_LOGINS[1].password),
    hashPassword(DEMO_PREVIEW.passcode),
  ])) as [string, string, string];
  const files: DemoFile[] = [];
  const record = {
    put: async (key: string, body: Buffer, type: string) => {
      files.push({ key, body, type });
    },
    get: async (key: string) => {
      const f = files.find((x) => x.key === key);
      if (!f) throw new Error(`demo asset ${key} not made`);
      return f.body;
    },
  };
  const withVariants = async (key: string, body: Buffer, type: string) => {
    await record.put(key, body, type);
    await makeImageVariants(record, key, body);
  };
  const labels: { key: string; label: string }[] = [];
  const titles = ['Spring collection', 'Limited offer', 'Our story', 'Visit us'];
  for (let c = 1; c <= 3; c++) {
    for (let r = 1; r <= 4; r++) {
      const label = `${columnToLetters(c)}${r}`;
      const idx = (c - 1) * 4 + (r - 1);
      const key = `demo/creative-${label.toLowerCase()}.jpg`;
      await withVariants(key, await demoCreative(idx, label, titles[r - 1] as string), 'image/jpeg');
      labels.push({ key, label });
    }
  }
  await record.put('demo/logo.png', await demoSquare('S', '#1976d2', 250), 'image/png');
  await record.put('demo/favicon.png', await demoSquare('S', '#1976d2', 256), 'image/png');
  await withVariants('demo/product-bag.png', await demoSquare('Bag', '#2BAA50', 600), 'image/png');
  await withVariants('demo/banner-sale.png', await demoSquare('SALE', '#dd2476', 400), 'image/png');
  await withVariants('demo/campaign-coupon.png', await demoSquare('-20%', '#7048e8', 320), 'image/png');
  return { hashes, files, labels };
}

/** 10:00 JST on the 1st of last month, as an instant and as its Japan day. */
function demoSince(now: Date): { at: Date; day: string } {
  const day = `${previousMonth(monthOfJst(now))}-01`;
  return { at: new Date(`${day}T10:00:00+09:00`), day };
}

/**
 * Demo data for the embedded mode: plans, a master, a user on Standard and one published site
 * (3 categories x 4 pages), a second customer, and last month's bills (one paid by card, one awaiting
 * its bank transfer). Runs only on an empty database. main.ts calls it only when config.demoData,
 * which is always false with DATABASE_URL (no default credentials there); tests call it on their own
 * fresh databases.
 */
export async function seedDemo(ctx: AppContext): Promise<{ siteId: number; logins: typeof DEMO_LOGINS } | null> {
  if (await anyAccountExists(ctx.db)) {
    const siteId = await defaultSiteId(ctx.db);
    return siteId ? { siteId, logins: DEMO_LOGINS } : null;
  }
  const started = Date.now();
  const { hashes, files, labels } = await demoAssets();
  const [masterHash, userHash, previewHash] = hashes;
  // Creatives first (outside the transaction: files, not rows).
  for (const f of files) await ctx.storage.put(f.key, f.body, f.type);

  const result = await ctx.db.tx(async (q) => {
    const plan = (name: string, contractType: string, price: number, swipe: number, site: number, access: number, accessPrice: number) => ({
      name,
      contractType,
      price,
      quantitySwipe: swipe,
      quantitySite: site,
      limitAccess: access,
      limitAccessPrice: accessPrice,
      features: name !== 'Light',
    });
    const plans = await insertPlans(q, [
      plan('Light', 'light', 9800, 20, 1, 10000, 1000),
      plan('Standard', 'standard', 29800, 50, 3, 50000, 800),
      plan('Premium', 'premium', 59800, 200, 10, 200000, 600),
      plan('Pro', 'pro', 98000, 1000, 50, 1000000, 400),
    ]);
    const standard = plans.get('Standard') as number;
    const master = await insertAccount(q, {
      parentId: null,
      type: 'MASTER',
      email: DEMO_LOGINS[0].email,
      passwordHash: masterHash,
      companyName: 'Swipe Sites (platform)',
      contactName: 'Platform operator',
    });
    // the customers signed up at the start of last month, so last month's bills exist from the first start
    const since = demoSince(ctx.clock.now());
    const user = await insertAccount(q, {
      parentId: master.id,
      type: 'MASTER_USER',
      email: DEMO_LOGINS[1].email,
      passwordHash: userHash,
      companyName: 'Demo Shop Inc.',
      contactName: 'Demo User',
      planId: standard,
      contractStart: since.day,
      createdAt: since.at,
    });
    await recordContractHistory(q, since.at, {
      accountId: user.id,
      executorId: master.id,
      content: 'created',
      to: 'ACTIVE',
      planId: standard,
    });
    const light = plans.get('Light') as number;
    const cafe = await insertAccount(q, {
      parentId: master.id,
      type: 'MASTER_USER',
      email: 'owner@sample-cafe.example',
      passwordHash: userHash,
      companyName: 'Sample Cafe LLC',
      contactName: 'Cafe Owner',
      planId: light,
      contractStart: since.day,
      createdAt: since.at,
    });
    await recordContractHistory(q, since.at, {
      accountId: cafe.id,
      executorId: master.id,
      content: 'created',
      to: 'ACTIVE',
      planId: light,
    });

    const survey = { id: await insertSurvey(q, demoSurvey(user.id)) };
    const doc = demoSiteDocument(labels, survey.id, Date.now());
    const parsed = siteDocumentSchema.parse(doc);
    const siteId = await insertSiteRow(q, {
      accountId: user.id,
      name: 'Demo Shop',
      numberHorizontal: 3,
      numberVertical: 4,
      defaultLanguage: 'ja',
      languages: ['ja', 'en'],
      isDefault: true,
    });
    await writeSiteDocument(q, siteId, parsed);
    await publishSnapshot(q, siteId, await planOf(q, user.id));
    await setSurveySite(q, survey.id, siteId);
    const notice = (lang: string, title: string, content: string, newsUrl: string | null) => ({
      lang,
      title,
      content,
      newsUrl,
      sinceDays: 1,
      untilDays: 30,
    });
    await insertPublicNotifications(
      q,
      siteId,
      [
        notice('ja', '新商品が入荷しました', '春の新作バッグが入荷しました。数量限定です。', 'https://example.com/news/1'),
        notice('ja', '週末は送料無料', '土日のご注文は送料無料でお届けします。', null),
        notice('en', 'New arrivals are in', 'Our spring bags have arrived, in limited numbers.', 'https://example.com/news/1'),
        notice('en', 'Free shipping this weekend', 'Orders placed on Saturday and Sunday ship free.', null),
      ],
      ctx.clock.now(),
    );
    await upsertShare(q, siteId, DEMO_PREVIEW.email, user.id);
    await setPreviewSecurity(q, siteId, true, previewHash);
    return { siteId, userId: user.id };
  });
  // last month's bills: Demo Shop's paid by its saved card, Sample Cafe's open awaiting its bank transfer
  await seedDemoBills(ctx, [result.userId]);
  ctx.log.info({ ms: Date.now() - started, siteId: result.siteId }, 'demo data created');
  return { siteId: result.siteId, logins: DEMO_LOGINS };
}
