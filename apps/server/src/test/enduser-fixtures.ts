import { type SiteDocumentInput, siteDocumentSchema } from '@swipe/core';
import type { AppContext } from '../context.js';
import { hashPassword } from '../lib/passwords.js';
import { emptyDocument, insertSiteRow, planOf, publishSnapshot, writeSiteDocument } from '../modules/sites/service.js';
import { makeAccount, makePlan } from './helpers.js';

// Test data for the visitor modules: an operator on a plan, a site with every field kind in its forms,
// a survey and a preview share. Used by the API tests, the crash test, the journeys and the bench.

export const CONTACT_FIELDS = [
  { fieldKey: 'email', typeForm: 'TEXT_BOX' as const, title: 'E-mail', required: true, orderNum: 1 },
  { fieldKey: 'companyName', typeForm: 'TEXT_BOX' as const, title: 'Company', required: true, orderNum: 2, maxLength: 50 },
  {
    fieldKey: 'topic',
    typeForm: 'SELECT' as const,
    title: 'Topic',
    required: true,
    orderNum: 3,
    options: ['Products', 'Press', 'Other'],
    defaultValue: 'Products',
  },
  { fieldKey: 'quantity', typeForm: 'NUMBER' as const, title: 'Quantity', orderNum: 4, minValue: 1, maxValue: 999 },
  { fieldKey: 'interests', typeForm: 'SELECT_OPTIONS' as const, title: 'Interests', orderNum: 5, options: ['Bags', 'Shoes'] },
  { fieldKey: 'message', typeForm: 'TEXT_BOX' as const, title: 'Message', orderNum: 6, maxLength: 200 },
];

export interface Fixture {
  accountId: number;
  siteId: number;
  surveyId: number;
  questionIds: number[];
}

export interface FixtureOptions {
  formsAllowed?: boolean;
  publish?: boolean;
  email?: string;
  destinations?: string[];
  sendConfirmation?: boolean;
  agreement?: boolean;
  previewPasscode?: string;
  invited?: string[];
  contactScript?: string;
  /** columns of the grid (3 by default), two pages each */
  columns?: number;
  /** the account the site's owner is made under (none: a root account) */
  parentId?: number;
}

let n = 0;
/** One published (or draft) site with contact, homepage and membership settings in ja and en. */
export async function makeVisitorSite(ctx: AppContext, o: FixtureOptions = {}): Promise<Fixture> {
  n++;
  // room for the largest fixture (100 columns of 2 pages): visitors get only the pages the owner's plan allows
  const plan = await makePlan(ctx, { quantitySite: 10, quantitySwipe: 1000 });
  // visitors get what the owner's plan in force allows: only the form flag is off, the ja/en site stays bilingual
  if (o.formsAllowed === false) await ctx.db.query('UPDATE plans SET setting_form_contact = false WHERE id = $1', [plan]);
  const account = await makeAccount(ctx, {
    parentId: o.parentId ?? null,
    type: 'MASTER_USER',
    email: o.email ?? `owner${n}-${Date.now()}@visitors.test`,
    planId: plan,
  });
  const cols = Math.max(3, o.columns ?? 3);
  const menu = cols === 3 ? ['A', 'B', 'C'] : Array.from({ length: cols }, (_, i) => `Column ${i + 1}`);
  const base = emptyDocument({
    name: `Visitor site ${n}`,
    numberHorizontal: cols,
    numberVertical: 2,
    defaultLanguage: 'ja',
    languages: ['ja', 'en'],
    globalMenu: menu,
  });
  const forms = {
    CONTACT_SETTING: {
      destinationEmails: o.destinations ?? ['shop@visitors.test', 'sales@visitors.test'],
      sendConfirmation: o.sendConfirmation ?? true,
      fields: CONTACT_FIELDS,
    },
    HOMEPAGE_SETTING: {
      destinationEmails: o.destinations ?? ['shop@visitors.test'],
      sendConfirmation: false,
      fields: CONTACT_FIELDS.slice(0, 4),
    },
    MEMBERSHIP_SETTING: {
      fields: [
        { fieldKey: 'email', typeForm: 'TEXT_BOX' as const, title: 'E-mail', required: true, orderNum: 1 },
        { fieldKey: 'password', typeForm: 'TEXT_BOX' as const, title: 'Password', required: true, orderNum: 2 },
        { fieldKey: 'confirmPassword', typeForm: 'TEXT_BOX' as const, title: 'Confirm', required: true, orderNum: 3 },
        { fieldKey: 'nickname', typeForm: 'TEXT_BOX' as const, title: 'Nickname', orderNum: 4, maxLength: 20 },
      ],
    },
  };
  const lang = (l: 'ja' | 'en') => ({
    globalMenu: menu,
    forms,
    company: {
      companyWebsite: 'https://example.com/',
      companyProfile: '',
      companyClause: '',
      termsOfService: 'https://example.com/terms',
      privacyPolicy: 'https://example.com/privacy',
      contractAgreementRequired: o.agreement ?? false,
    },
    companyFlags: { termsOfService: { showInContact: true, showInForm: true, showInMemberShip: true } },
    scripts: { contactScript: o.contactScript ?? `<script>window.__contactScript='${l}'</script>`, membershipScript: '', formScript: '' },
  });
  const doc: SiteDocumentInput = {
    ...base,
    translations: { ja: lang('ja'), en: lang('en') },
    categories: [
      { pages: [{ imageUrl: 'demo/a1.jpg' }, { imageUrl: 'demo/a2.jpg', membersOnlyLock: true }] },
      ...Array.from({ length: cols - 1 }, () => ({ pages: [{}, {}] })),
    ],
  };
  const parsed = siteDocumentSchema.parse(doc);
  const passcodeHash = o.previewPasscode ? await hashPassword(o.previewPasscode) : null;
  return ctx.db.tx(async (q) => {
    const siteId = await insertSiteRow(q, {
      accountId: account.id,
      name: parsed.name,
      numberHorizontal: cols,
      numberVertical: 2,
      defaultLanguage: 'ja',
      languages: ['ja', 'en'],
      previewPasswordHash: passcodeHash,
      previewSecurity: passcodeHash !== null,
    });
    await writeSiteDocument(q, siteId, parsed);
    if (o.publish ?? true) await publishSnapshot(q, siteId, await planOf(q, account.id));
    const survey = await q.one<{ id: number }>(
      'INSERT INTO surveys (account_id, site_id, title, description) VALUES ($1, $2, $3, $4) RETURNING id',
      [account.id, siteId, { ja: 'アンケート', en: 'Survey' }, { en: 'One minute' }],
    );
    const qs = await q.query<{ id: number }>(
      `INSERT INTO survey_questions (survey_id, order_num, question, type, required, options) VALUES
       ($1, 1, $2, 'SINGLE', true, $3), ($1, 2, $4, 'MULTIPLE', false, $5), ($1, 3, $6, 'TEXT', false, '[]') RETURNING id`,
      [
        survey.id,
        { en: 'How is it?', ja: 'いかが？' },
        JSON.stringify([
          { value: 'great', label: { en: 'Great' }, points: 3 },
          { value: 'ok', label: { en: 'OK' }, points: 1 },
        ]),
        { en: 'Which?' },
        JSON.stringify([
          { value: 'bags', label: { en: 'Bags' }, points: 2 },
          { value: 'shoes', label: { en: 'Shoes' }, points: 5 },
        ]),
        { en: 'Anything else?' },
      ],
    );
    for (const e of o.invited ?? [])
      await q.query('INSERT INTO preview_shares (site_id, email, invited_by) VALUES ($1, $2, $3)', [siteId, e, account.id]);
    return { accountId: account.id, siteId, surveyId: survey.id, questionIds: qs.map((r) => r.id) };
  });
}

/** The confirmation link in the latest mail to an address (outbox), with its token. */
export async function confirmationLink(ctx: AppContext, to: string): Promise<{ link: string; token: string } | null> {
  const m = await ctx.db.maybeOne<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE lower(to_addr) = lower($1) ORDER BY id DESC LIMIT 1',
    [to],
  );
  const link = m ? /https?:\/\/\S+register\?token=[\w-]+/.exec(m.text_body)?.[0] : undefined;
  if (!link) return null;
  return { link, token: new URL(link).searchParams.get('token') as string };
}
