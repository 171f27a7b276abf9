import { columnToLetters, type PageInput } from '@swipe/core';

// The demo site's pages (demo/site.ts): category `c`'s four pages, each on its creative, with every kind of
// button (text, picture, HTML, survey), a product point, a price with its link, and members-only pages in the third.

/** The creative of each page (A1..C4) by storage key. */
export type Labels = { key: string; label: string }[];

/** `surveyId`: the survey the survey button opens. */
export const demoPages = (labels: Labels, surveyId: number, c: number): PageInput[] =>
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
          linkedSurveyId: surveyId,
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
