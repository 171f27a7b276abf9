// All translations: packages/i18n/locales/{lang}/{namespace}.json. Add a namespace here and in NAMESPACES.

import cn_admin from '../locales/cn/admin.json' with { type: 'json' };
import cn_common from '../locales/cn/common.json' with { type: 'json' };
import cn_enduser from '../locales/cn/enduser.json' with { type: 'json' };
import cn_server from '../locales/cn/server.json' with { type: 'json' };
import cn_sites from '../locales/cn/sites.json' with { type: 'json' };
import cn_validation from '../locales/cn/validation.json' with { type: 'json' };
import cn_viewer from '../locales/cn/viewer.json' with { type: 'json' };
import en_admin from '../locales/en/admin.json' with { type: 'json' };
import en_common from '../locales/en/common.json' with { type: 'json' };
import en_enduser from '../locales/en/enduser.json' with { type: 'json' };
import en_server from '../locales/en/server.json' with { type: 'json' };
import en_sites from '../locales/en/sites.json' with { type: 'json' };
import en_validation from '../locales/en/validation.json' with { type: 'json' };
import en_viewer from '../locales/en/viewer.json' with { type: 'json' };
import ja_admin from '../locales/ja/admin.json' with { type: 'json' };
import ja_common from '../locales/ja/common.json' with { type: 'json' };
import ja_enduser from '../locales/ja/enduser.json' with { type: 'json' };
import ja_server from '../locales/ja/server.json' with { type: 'json' };
import ja_sites from '../locales/ja/sites.json' with { type: 'json' };
import ja_validation from '../locales/ja/validation.json' with { type: 'json' };
import ja_viewer from '../locales/ja/viewer.json' with { type: 'json' };
import kr_admin from '../locales/kr/admin.json' with { type: 'json' };
import kr_common from '../locales/kr/common.json' with { type: 'json' };
import kr_enduser from '../locales/kr/enduser.json' with { type: 'json' };
import kr_server from '../locales/kr/server.json' with { type: 'json' };
import kr_sites from '../locales/kr/sites.json' with { type: 'json' };
import kr_validation from '../locales/kr/validation.json' with { type: 'json' };
import kr_viewer from '../locales/kr/viewer.json' with { type: 'json' };

export const NAMESPACES = ['common', 'validation', 'server', 'viewer', 'admin', 'enduser', 'sites'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Dictionary = Record<string, string>;

export const resources: Record<'ja' | 'en' | 'kr' | 'cn', Record<Namespace, Dictionary>> = {
  ja: {
    common: ja_common,
    validation: ja_validation,
    server: ja_server,
    viewer: ja_viewer,
    admin: ja_admin,
    enduser: ja_enduser,
    sites: ja_sites,
  },
  en: {
    common: en_common,
    validation: en_validation,
    server: en_server,
    viewer: en_viewer,
    admin: en_admin,
    enduser: en_enduser,
    sites: en_sites,
  },
  kr: {
    common: kr_common,
    validation: kr_validation,
    server: kr_server,
    viewer: kr_viewer,
    admin: kr_admin,
    enduser: kr_enduser,
    sites: kr_sites,
  },
  cn: {
    common: cn_common,
    validation: cn_validation,
    server: cn_server,
    viewer: cn_viewer,
    admin: cn_admin,
    enduser: cn_enduser,
    sites: cn_sites,
  },
};
