import type { SiteDocumentInput } from '@swipe/core';
import type { insertSurvey } from '../modules/surveys/service.js';
import { demoPages, type Labels } from './pages.js';

type NewSurvey = Parameters<typeof insertSurvey>[1];

// The demo's content (demo/seed.ts writes it): the survey and the published site, 3 categories of 4 pages in
// Japanese and English, with every kind of button, a product, the popup CTAs and a campaign.

const CATEGORY_NAMES = {
  ja: ['新着', 'おすすめ', '会員限定'],
  en: ['New', 'Picks', 'Members'],
};

/** The demo survey of the customer `accountId`: one question of each kind, with points. */
export function demoSurvey(accountId: number): NewSurvey {
  return {
    accountId,
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
  };
}

/**
 * The demo site's document: `labels` name each page's creative (A1..C4), `surveyId` is what its survey button and
 * applicant-limit popup lead to, and the popups and campaign run from an hour before `now` (epoch ms).
 */
export function demoSiteDocument(labels: Labels, surveyId: number, now: number): SiteDocumentInput {
  const pages = (c: number) => demoPages(labels, surveyId, c);
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
  return {
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
        transition: { transitionType: 'SURVEY', linkedSurveyId: surveyId },
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
}
