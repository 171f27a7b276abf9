import { columnToLetters, monthOfJst, type PageInput, previousMonth, type SiteDocumentInput, siteDocumentSchema } from '@swipe/core';
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

export const DEMO_LOGINS = [
  { role: 'master', email: 'master@demo.swipe.test', password: 'Demo-Master-2026#' },
  { role: 'user', email: 'user@demo.swipe.test', password: 'Demo-User-2026#' },
] as const;

/** The demo site's preview (issue 14.18): an invited e-mail and the passcode, so the invitee flow works at once. */
export const DEMO_PREVIEW = { email: 'viewer@demo.swipe.test', passcode: 'Demo-Preview-2026' } as const;

const CATEGORY_NAMES = {
  ja: ['新着', 'おすすめ', '会員限定'],
  en: ['New', 'Picks', 'Members'],
};

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

    const survey = {
      id: await insertSurvey(q, {
        accountId: user.id,
        siteId: null,
        title: { ja: 'ご意見アンケート', en: 'Tell us what you think' },
        description: { ja: '1分で終わります。', en: 'It takes one minute.' },
        questions: [
          {
            orderNum: 1,
            question: { ja: 'このサイトはいかがでしたか？', en: 'How do you like this site?' },
            type: 'SINGLE',
            required: true,
            options: [
              { value: 'great', label: { ja: 'とても良い', en: 'Great' }, points: 3 },
              { value: 'ok', label: { ja: '普通', en: 'OK' }, points: 2 },
              { value: 'poor', label: { ja: 'いまひとつ', en: 'Not great' }, points: 1 },
            ],
          },
          {
            orderNum: 2,
            question: { ja: '興味のある商品は？', en: 'Which products interest you?' },
            type: 'MULTIPLE',
            required: false,
            options: [
              { value: 'bags', label: { ja: 'バッグ', en: 'Bags' }, points: 1 },
              { value: 'shoes', label: { ja: '靴', en: 'Shoes' }, points: 1 },
            ],
          },
          { orderNum: 3, question: { ja: 'ご意見をお聞かせください', en: 'Anything else?' }, type: 'TEXT', required: false, options: [] },
        ],
      }),
    };

    const pages = (c: number): PageInput[] =>
      [1, 2, 3, 4].map((r) => {
        const label = `${columnToLetters(c)}${r}`;
        const key = labels.find((l) => l.label === label)?.key as string;
        const page: PageInput = {
          imageUrl: key,
          imageAlt: { ja: `デモページ ${label}`, en: `Demo page ${label}` },
          hoverArrowColor: 'white',
          arrowFadeInterval: 3,
          snsConfig: true,
          showCompany: true,
        };
        if (c === 1 && r === 1) {
          page.mainText = { ja: 'スワイプして見てみよう', en: 'Swipe to explore' };
          page.mainTextColor = '#ffffff';
          page.mainTextX = 8;
          // below the top bar and the category menu, which lie over the page on a phone
          page.mainTextY = 16;
          page.buttons = [
            {
              buttonType: 'TEXT',
              buttonText: { ja: 'お問い合わせ', en: 'Contact us' },
              buttonAnimation: 'PULSE',
              buttonShape: 'PILL',
              buttonColor: '#1976d2',
              buttonTextColor: '#ffffff',
              buttonWidth: 180,
              buttonHeight: 48,
              textSize: 16,
              buttonPositionX: 27,
              buttonPositionY: 72,
              buttonLinkType: 'INTERNAL_URL',
              linkDestinationUrl: 'contact',
              microcopyText: { ja: '24時間以内にご返信', en: 'We reply within 24 hours' },
              microcopyTextColor: '#ffffff',
            },
            {
              buttonType: 'TEXT',
              buttonText: { ja: 'B1へ移動', en: 'Go to B1' },
              buttonAnimation: 'GLOW',
              buttonShape: 'MODERATELY_ROUNDED_EDGE',
              buttonColor: '#ffffff',
              buttonTextColor: '#1976d2',
              buttonWidth: 140,
              buttonHeight: 40,
              buttonPositionX: 33,
              buttonPositionY: 84,
              buttonLinkType: 'CREATIVE_BLOCK',
              linkDestinationUrl: '5',
            },
          ];
          page.products = [
            {
              productName: { ja: 'デモバッグ', en: 'Demo bag' },
              imagePath: 'demo/product-bag.png',
              price: 12800,
              description: { ja: '軽くて丈夫な毎日のバッグ。', en: 'A light, sturdy everyday bag.' },
              linkButtonUrl: 'https://example.com/bag',
              linkButtonText: { ja: '購入する', en: 'Buy now' },
              linkButtonColor: '#2BAA50',
              linkTextColor: '#ffffff',
              coordinateX: 65,
              coordinateY: 45,
            },
          ];
        }
        if (c === 1 && r === 2) {
          page.price = 12800;
          page.priceTextColor = '#ffffff';
          page.linkButtonText = { ja: '詳しく見る', en: 'Learn more' };
          page.linkDestinationUrl = 'https://example.com/';
          page.linkButtonColor = '#99D52A';
          page.linkTextColor = '#000000';
          page.buttons = [
            {
              buttonType: 'MEDIA',
              buttonImageUrl: 'demo/banner-sale.png',
              buttonWidth: 120,
              buttonHeight: 120,
              buttonAnimation: 'BOUNCE',
              buttonPositionX: 62,
              buttonPositionY: 60,
              buttonLinkType: 'EXTERNAL_URL',
              linkDestinationUrl: 'https://example.com/sale',
            },
            {
              buttonType: 'HTML',
              buttonContentHtml: '<strong style="color:#fff">Free shipping</strong> <em>today</em>',
              buttonWidth: 200,
              buttonHeight: 44,
              buttonColor: 'rgba(0, 0, 0, 0.5)',
              buttonPositionX: 10,
              buttonPositionY: 20,
              buttonAnimation: 'SHIMMER',
            },
            {
              buttonType: 'TEXT',
              buttonText: { ja: 'アンケートに答える', en: 'Take the survey' },
              buttonAnimation: 'WOBBLE',
              buttonShape: 'SLIGHTLY_ROUNDED_EDGE',
              buttonColor: '#ff6a00',
              buttonTextColor: '#ffffff',
              buttonWidth: 180,
              buttonHeight: 44,
              // Left of the SALE badge, clear of the price and the page's own link button at the foot,
              // whose room shrinks while the popup bars are open.
              buttonPositionX: 6,
              buttonPositionY: 60,
              buttonLinkType: 'SURVEY',
              linkedSurveyId: survey.id,
            },
          ];
        }
        if (c === 2 && r === 1) {
          page.buttons = [
            {
              buttonType: 'TEXT',
              buttonText: { ja: '資料請求フォーム', en: 'Request a brochure' },
              buttonAnimation: 'BUBBLY',
              buttonShape: 'PILL',
              buttonColor: '#8e54e9',
              buttonTextColor: '#ffffff',
              buttonWidth: 200,
              buttonHeight: 48,
              buttonPositionX: 24,
              buttonPositionY: 78,
              buttonLinkType: 'INTERNAL_URL',
              linkDestinationUrl: 'form',
            },
            {
              buttonType: 'TEXT',
              buttonText: { ja: '会員登録', en: 'Sign up' },
              buttonAnimation: 'PULSE_OUT',
              buttonShape: 'SHARP_EDGE',
              buttonColor: '#000000',
              buttonTextColor: '#ffffff',
              buttonWidth: 140,
              buttonHeight: 40,
              buttonPositionX: 32,
              buttonPositionY: 88,
              buttonLinkType: 'INTERNAL_URL',
              linkDestinationUrl: 'membership',
            },
          ];
        }
        if (c === 3 && r >= 2) page.membersOnlyLock = true;
        return page;
      });

    const contactFields = (lang: 'ja' | 'en') => [
      { fieldKey: 'email', typeForm: 'TEXT_BOX' as const, title: lang === 'ja' ? 'メールアドレス' : 'E-mail', required: true, orderNum: 1 },
      {
        fieldKey: 'companyName',
        typeForm: 'TEXT_BOX' as const,
        title: lang === 'ja' ? '会社名' : 'Company name',
        required: true,
        orderNum: 2,
        maxLength: 50,
      },
      {
        fieldKey: 'topic',
        typeForm: 'SELECT' as const,
        title: lang === 'ja' ? 'ご用件' : 'Topic',
        required: true,
        orderNum: 3,
        options: lang === 'ja' ? ['商品について', '取材', 'その他'] : ['Products', 'Press', 'Other'],
        defaultValue: lang === 'ja' ? '商品について' : 'Products',
      },
      {
        fieldKey: 'quantity',
        typeForm: 'NUMBER' as const,
        title: lang === 'ja' ? '数量' : 'Quantity',
        required: false,
        orderNum: 4,
        minValue: 1,
        maxValue: 999,
      },
      {
        fieldKey: 'interests',
        typeForm: 'SELECT_OPTIONS' as const,
        title: lang === 'ja' ? '興味のある分野' : 'Interests',
        required: false,
        orderNum: 5,
        options: lang === 'ja' ? ['バッグ', '靴', '小物'] : ['Bags', 'Shoes', 'Accessories'],
      },
      {
        fieldKey: 'message',
        typeForm: 'TEXT_BOX' as const,
        title: lang === 'ja' ? 'お問い合わせ内容' : 'Message',
        required: false,
        orderNum: 6,
        maxLength: 1000,
      },
    ];
    const lang = (l: 'ja' | 'en') => ({
      seo: {
        title: l === 'ja' ? 'デモショップ | スワイプで見るカタログ' : 'Demo Shop | A catalogue you swipe',
        h1: l === 'ja' ? 'デモショップ' : 'Demo Shop',
        description: l === 'ja' ? 'スワイプで商品を見られるデモサイトです' : 'A demo site where you swipe through products',
        headTags: '',
        body: '',
      },
      company: {
        companyWebsite: 'https://example.com/',
        companyProfile: 'https://example.com/about',
        companyClause: 'https://example.com/law',
        termsOfService: 'https://example.com/terms',
        privacyPolicy: 'https://example.com/privacy',
        contractAgreementRequired: true,
      },
      companyFlags: {
        termsOfService: { showInContact: true, showInForm: true, showInMemberShip: true },
        privacyPolicy: { showInContact: true, showInForm: true, showInMemberShip: true },
      },
      globalMenu: CATEGORY_NAMES[l],
      sns: [
        { snsType: 'instagram' as const, snsUrl: 'https://instagram.com/' },
        { snsType: 'twitter' as const, snsUrl: 'https://x.com/' },
        { snsType: 'line' as const, snsUrl: 'https://line.me/' },
      ],
      forms: {
        CONTACT_SETTING: { destinationEmails: ['shop@demo.swipe.test'], sendConfirmation: true, fields: contactFields(l) },
        HOMEPAGE_SETTING: { destinationEmails: ['shop@demo.swipe.test'], sendConfirmation: true, fields: contactFields(l).slice(0, 4) },
        MEMBERSHIP_SETTING: {
          destinationEmails: [],
          fields: [
            {
              fieldKey: 'email',
              typeForm: 'TEXT_BOX' as const,
              title: l === 'ja' ? 'メールアドレス' : 'E-mail',
              required: true,
              orderNum: 1,
            },
            {
              fieldKey: 'password',
              typeForm: 'TEXT_BOX' as const,
              title: l === 'ja' ? 'パスワード' : 'Password',
              required: true,
              orderNum: 2,
            },
            {
              fieldKey: 'confirmPassword',
              typeForm: 'TEXT_BOX' as const,
              title: l === 'ja' ? 'パスワード（確認）' : 'Confirm password',
              required: true,
              orderNum: 3,
            },
          ],
        },
      },
    });
    const now = Date.now();
    const doc: SiteDocumentInput = {
      name: 'Demo Shop',
      numberHorizontal: 3,
      numberVertical: 4,
      defaultLanguage: 'ja',
      languages: ['ja', 'en'],
      logoSetting: { url: 'demo/logo.png' },
      faviconSetting: { url: 'demo/favicon.png' },
      globalMenuTextColor: '#ffffff',
      globalMenuBackgroundColor: '#111111',
      speakerColor: '#ffffff',
      viewMode: 'MOBILE',
      translations: { ja: lang('ja'), en: lang('en') },
      categories: [{ pages: pages(1) }, { pages: pages(2) }, { pages: pages(3) }],
      popupCtas: {
        timeLimit: {
          startDate: new Date(now - 3600_000).toISOString(),
          endDate: new Date(now + 5 * 24 * 3600_000).toISOString(),
          effectivePages: [1, 2],
          style: {
            backgroundColor: '#111111',
            textColor: '#ffffff',
            textSize: 14,
            shape: 'MODERATELY_ROUNDED_EDGE',
            textAlignment: 'BOTTOM',
          },
          showRemainingTime: true,
          transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
          text: { ja: '期間限定 送料無料キャンペーン', en: 'Free shipping, limited time' },
        },
        applicantLimit: {
          startDate: new Date(now - 3600_000).toISOString(),
          endDate: new Date(now + 30 * 24 * 3600_000).toISOString(),
          effectivePages: [1, 2],
          style: {
            backgroundColor: '#1976d2',
            textColor: '#ffffff',
            textSize: 14,
            shape: 'MODERATELY_ROUNDED_EDGE',
            textAlignment: 'BOTTOM',
          },
          transition: { transitionType: 'SURVEY', linkedSurveyId: survey.id },
          text: { ja: '先着100名様にプレゼント', en: 'A gift for the first 100' },
          limit: 100,
        },
      },
      campaign: {
        translations: { ja: { name: '春のセール' }, en: { name: 'Spring sale' } },
        backgroundColor: '#fff4e6',
        backgroundOpacity: 1,
        startDate: new Date(now - 3600_000).toISOString(),
        endDate: new Date(now + 60 * 24 * 3600_000).toISOString(),
        effectivePages: [1, 2, 3, 4],
        isOnClickCount: true,
        positionLp: 'center',
        banners: [
          {
            side: 'left',
            mediaUrl: 'demo/banner-sale.png',
            width: 240,
            height: 240,
            linkDestinationType: 'EXTERNAL_URL',
            linkDestinationUrl: 'https://example.com/sale',
            bannerX: 20,
            bannerY: 120,
          },
          {
            side: 'right',
            mediaUrl: 'demo/product-bag.png',
            width: 240,
            height: 240,
            linkDestinationType: 'CREATIVE_BLOCK',
            linkDestinationUrl: '1',
            bannerX: 20,
            bannerY: 120,
          },
        ],
        // Draggable items: a text button under the left banner, a picture under the right one.
        buttons: [
          {
            type: 'BUTTON',
            side: 'left',
            pos: { left: 5, top: 47 },
            settings: {
              width: 240,
              height: 52,
              zIndex: 2,
              text: { ja: '今すぐ応募する', en: 'Apply now' },
              textSize: 16,
              textColor: '#ffffff',
              bgColor: '#c2410c', // white text on it meets AA (5.2:1)
              buttonShape: 'PILL',
              buttonAnimation: 'PULSE',
              ctaType: 'INTERNAL_URL',
              ctaValue: 'contact',
              microcopyText: { ja: '先着100名様限定', en: 'First 100 only' },
              microcopyTextColor: '#7a3b00',
              microcopyPosition: 'BOTTOM',
            },
          },
          {
            type: 'IMAGE',
            side: 'right',
            imageUrl: 'demo/campaign-coupon.png',
            pos: { left: 5, top: 47 },
            settings: { width: 160, height: 160, zIndex: 2, ctaType: 'CREATIVE_BLOCK', ctaValue: 'B1' },
          },
        ],
      },
    };
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
    await insertPublicNotifications(q, siteId, [
      notice('ja', '新商品が入荷しました', '春の新作バッグが入荷しました。数量限定です。', 'https://example.com/news/1'),
      notice('ja', '週末は送料無料', '土日のご注文は送料無料でお届けします。', null),
      notice('en', 'New arrivals are in', 'Our spring bags have arrived, in limited numbers.', 'https://example.com/news/1'),
      notice('en', 'Free shipping this weekend', 'Orders placed on Saturday and Sunday ship free.', null),
    ], ctx.clock.now());
    await upsertShare(q, siteId, DEMO_PREVIEW.email, user.id);
    await setPreviewSecurity(q, siteId, true, previewHash);
    return { siteId, userId: user.id };
  });
  // last month's bills: Demo Shop's paid by its saved card, Sample Cafe's open awaiting its bank transfer
  await seedDemoBills(ctx, [result.userId]);
  ctx.log.info({ ms: Date.now() - started, siteId: result.siteId }, 'demo data created');
  return { siteId: result.siteId, logins: DEMO_LOGINS };
}
