-- Whole domain of both spec files (section 3 of each). Times are UTC timestamptz; money is integer yen.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Plans (back-office 3: Plan)
CREATE TABLE plans (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  contract_type text NOT NULL DEFAULT 'standard' CHECK (contract_type IN ('trial','light','standard','premium','pro','ep_oem')),
  price integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  quantity_swipe integer NOT NULL DEFAULT 100 CHECK (quantity_swipe > 0),
  quantity_site integer NOT NULL DEFAULT 1 CHECK (quantity_site >= 0),
  limit_access integer NOT NULL DEFAULT 0,
  limit_access_price integer NOT NULL DEFAULT 0,
  swipe boolean NOT NULL DEFAULT true,
  private_domain boolean NOT NULL DEFAULT false,
  setting_popup_cta boolean NOT NULL DEFAULT false,
  setting_form_contact boolean NOT NULL DEFAULT false,
  analytics_effect boolean NOT NULL DEFAULT false,
  setting_tag_seo boolean NOT NULL DEFAULT false,
  multi_language boolean NOT NULL DEFAULT false,
  owner_account_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Accounts and the account tree (back-office 3: User, Admin staff; 6: roles).
-- path is the materialized path '/1/7/12/'; a sub-admin's scope is its parent's path.
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES accounts(id),
  type text NOT NULL CHECK (type IN ('MASTER','OEM_MASTER','OEM_ADMIN','MASTER_USER','USER','SUB_ADMIN')),
  path text NOT NULL DEFAULT '',
  email text NOT NULL,
  password_hash text NOT NULL,
  company_name text NOT NULL DEFAULT '',
  contact_name text NOT NULL DEFAULT '',
  authority text NOT NULL DEFAULT 'EDIT' CHECK (authority IN ('VIEW','EDIT')),
  staff_role text CHECK (staff_role IN ('MAIN_CONTACT','VIEWER','EDITOR')),
  license_issue boolean NOT NULL DEFAULT false,
  must_change_password boolean NOT NULL DEFAULT false,
  contract_status text NOT NULL DEFAULT 'ACTIVE' CHECK (contract_status IN ('ACTIVE','SUSPENDED','TERMINATED','INACTIVE')),
  plan_id bigint REFERENCES plans(id),
  next_plan_id bigint REFERENCES plans(id),
  contract_start date,
  contract_end date,
  logo_url text,
  profile_image_url text,
  language text NOT NULL DEFAULT 'ja',
  token_version integer NOT NULL DEFAULT 0,
  last_login_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_live ON accounts (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX accounts_path ON accounts (path text_pattern_ops);
CREATE INDEX accounts_parent ON accounts (parent_id);
ALTER TABLE plans ADD CONSTRAINT plans_owner_fk FOREIGN KEY (owner_account_id) REFERENCES accounts(id);

CREATE TABLE refresh_tokens (
  id bigserial PRIMARY KEY,
  family_id uuid NOT NULL,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_account ON refresh_tokens (account_id);

-- One-time tokens: password reset, end-user confirmation (hash stored, never the token).
CREATE TABLE one_time_tokens (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL,
  subject_id bigint NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Contracts and contract history (back-office 3, 4)
CREATE TABLE contract_history (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  executed_at timestamptz NOT NULL DEFAULT now(),
  executor_id bigint REFERENCES accounts(id),
  process_content text NOT NULL,
  from_status text,
  to_status text,
  plan_id bigint REFERENCES plans(id)
);
CREATE INDEX contract_history_account ON contract_history (account_id, executed_at DESC);

-- Payments (back-office 3: Payment record)
CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  year_month text NOT NULL CHECK (year_month ~ '^[0-9]{4}-[0-9]{2}$'),
  plan_name text NOT NULL,
  blocks_used integer NOT NULL DEFAULT 0,
  monthly_fee integer NOT NULL DEFAULT 0,
  plan_fee integer NOT NULL DEFAULT 0,
  pv_fee integer NOT NULL DEFAULT 0,
  license_fee integer NOT NULL DEFAULT 0,
  initial_fee integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  method text NOT NULL DEFAULT 'BANK_TRANSFER' CHECK (method IN ('CARD','BANK_TRANSFER')),
  card_last4 text CHECK (card_last4 IS NULL OR card_last4 ~ '^[0-9]{4}$'),
  status text NOT NULL DEFAULT 'UNPAID' CHECK (status IN ('PAID','UNPAID','PROCESSING','VOID','COMPLETED','FAILED')),
  forced_by bigint REFERENCES accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (account_id, year_month)
);

-- Sites (back-office 3: Site; viewer 3: Site)
CREATE TABLE sites (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE,
  account_id bigint NOT NULL REFERENCES accounts(id),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT','PUBLISH','PRIVATE','DOMAIN_VERIFYING')),
  name text NOT NULL,
  number_horizontal integer NOT NULL CHECK (number_horizontal > 0),
  number_vertical integer NOT NULL CHECK (number_vertical > 0),
  default_language text NOT NULL DEFAULT 'ja' CHECK (default_language IN ('ja','en','kr','cn')),
  languages text[] NOT NULL DEFAULT ARRAY['ja'],
  logo_setting jsonb NOT NULL DEFAULT '{}',
  favicon_setting jsonb NOT NULL DEFAULT '{}',
  global_menu_text_color text,
  global_menu_background_color text,
  speaker_color text,
  display_language_icon boolean NOT NULL DEFAULT true,
  display_global_menu boolean NOT NULL DEFAULT true,
  display_page_count boolean NOT NULL DEFAULT true,
  display_album boolean NOT NULL DEFAULT true,
  swipe_redirection boolean NOT NULL DEFAULT true,
  view_mode text NOT NULL DEFAULT 'MOBILE' CHECK (view_mode IN ('MOBILE','PC')),
  custom_domain text,
  domain_verified_at timestamptz,
  path_prefix text,
  is_default boolean NOT NULL DEFAULT false,
  preview_password_hash text,
  preview_security boolean NOT NULL DEFAULT false,
  expires_at timestamptz,
  publish_version integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sites_account ON sites (account_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX sites_custom_domain ON sites (lower(custom_domain)) WHERE custom_domain IS NOT NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX sites_single_default ON sites (is_default) WHERE is_default AND deleted_at IS NULL;

-- Per-language settings: SEO, SNS, company, scripts (viewer 3: Per-language settings)
CREATE TABLE site_languages (
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  lang text NOT NULL CHECK (lang IN ('ja','en','kr','cn')),
  seo_title text NOT NULL DEFAULT '',
  seo_h1 text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  head_tags text NOT NULL DEFAULT '',
  body_script text NOT NULL DEFAULT '',
  company_website text NOT NULL DEFAULT '',
  company_profile text NOT NULL DEFAULT '',
  company_clause text NOT NULL DEFAULT '',
  terms_of_service text NOT NULL DEFAULT '',
  privacy_policy text NOT NULL DEFAULT '',
  company_flags jsonb NOT NULL DEFAULT '{}',
  contract_agreement_required boolean NOT NULL DEFAULT false,
  contact_script text NOT NULL DEFAULT '',
  membership_script text NOT NULL DEFAULT '',
  form_script text NOT NULL DEFAULT '',
  global_menu jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (site_id, lang)
);

CREATE TABLE site_sns (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  lang text NOT NULL,
  sns_type text NOT NULL CHECK (sns_type IN ('facebook','line','phone_number','tiktok','twitter','instagram','google_map','youtube')),
  sns_url text NOT NULL,
  order_num integer NOT NULL DEFAULT 0
);
CREATE INDEX site_sns_site ON site_sns (site_id, lang);

-- Form settings and fields (back-office 3: Form setting)
CREATE TABLE form_settings (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  lang text NOT NULL,
  type text NOT NULL CHECK (type IN ('CONTACT_SETTING','MEMBERSHIP_SETTING','HOMEPAGE_SETTING')),
  destination_emails text[] NOT NULL DEFAULT '{}',
  send_confirmation boolean NOT NULL DEFAULT false,
  UNIQUE (site_id, lang, type)
);
CREATE TABLE form_fields (
  id bigserial PRIMARY KEY,
  form_setting_id bigint NOT NULL REFERENCES form_settings(id) ON DELETE CASCADE,
  field_key text NOT NULL,
  type_form text NOT NULL CHECK (type_form IN ('SELECT','TEXT_BOX','NUMBER','SELECT_OPTIONS')),
  title text NOT NULL,
  placeholder text NOT NULL DEFAULT '',
  required boolean NOT NULL DEFAULT false,
  order_num integer NOT NULL DEFAULT 0,
  options jsonb NOT NULL DEFAULT '[]',
  default_value text,
  max_length integer,
  min_value numeric,
  max_value numeric,
  is_system boolean NOT NULL DEFAULT false,
  UNIQUE (form_setting_id, field_key)
);

-- Categories and pages (creatives)
CREATE TABLE categories (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  order_num integer NOT NULL,
  names jsonb NOT NULL DEFAULT '{}',
  UNIQUE (site_id, order_num)
);
CREATE TABLE pages (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  category_id bigint NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  order_num integer NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE',
  media_type text NOT NULL DEFAULT 'IMAGE' CHECK (media_type IN ('IMAGE','VIDEO')),
  image_url text,
  media_key text,
  thumbnail text,
  hls_path text,
  image_alt jsonb NOT NULL DEFAULT '{}',
  main_text jsonb NOT NULL DEFAULT '{}',
  main_text_color text,
  main_text_x numeric,
  main_text_y numeric,
  price integer,
  price_text_color text,
  link_button_text jsonb NOT NULL DEFAULT '{}',
  link_destination_url text,
  link_button_color text,
  link_text_color text,
  is_internal_link boolean NOT NULL DEFAULT false,
  sns_config boolean NOT NULL DEFAULT false,
  show_company boolean NOT NULL DEFAULT false,
  members_only_lock boolean NOT NULL DEFAULT false,
  hover_arrow_color text NOT NULL DEFAULT 'white' CHECK (hover_arrow_color IN ('white','black')),
  arrow_fade_interval integer NOT NULL DEFAULT 3,
  time_setting integer,
  background_music boolean NOT NULL DEFAULT false,
  background_music_url text,
  speaker_x numeric,
  speaker_y numeric,
  album_x numeric,
  album_y numeric,
  chatbot_script text,
  UNIQUE (category_id, order_num)
);
CREATE INDEX pages_site ON pages (site_id);

CREATE TABLE buttons (
  id bigserial PRIMARY KEY,
  page_id bigint NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  button_type text NOT NULL DEFAULT 'TEXT',
  button_text jsonb NOT NULL DEFAULT '{}',
  button_content_html text,
  button_width numeric NOT NULL DEFAULT 120,
  button_height numeric NOT NULL DEFAULT 40,
  text_size numeric NOT NULL DEFAULT 14,
  button_color text,
  button_text_color text,
  microcopy_text jsonb NOT NULL DEFAULT '{}',
  microcopy_text_color text,
  text_align text NOT NULL DEFAULT 'CENTER',
  button_animation text NOT NULL DEFAULT 'NONE' CHECK (button_animation IN ('NONE','PULSE','GLOW','BOUNCE','SHIMMER','GLITCH','WOBBLE','BUBBLY','PULSE_OUT')),
  button_shape text NOT NULL DEFAULT 'MODERATELY_ROUNDED_EDGE' CHECK (button_shape IN ('SHARP_EDGE','SLIGHTLY_ROUNDED_EDGE','MODERATELY_ROUNDED_EDGE','PILL')),
  lock_aspect_ratio boolean NOT NULL DEFAULT false,
  z_index integer NOT NULL DEFAULT 1,
  button_link_type text,
  link_destination_url text,
  linked_survey_id bigint,
  button_image_url text,
  is_video boolean NOT NULL DEFAULT false,
  thumbnail_url text,
  button_position_x numeric NOT NULL DEFAULT 0,
  button_position_y numeric NOT NULL DEFAULT 0,
  position text,
  parent_width numeric,
  parent_height numeric,
  click_count integer NOT NULL DEFAULT 0
);
CREATE INDEX buttons_page ON buttons (page_id);

CREATE TABLE products (
  id bigserial PRIMARY KEY,
  page_id bigint NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
  product_name jsonb NOT NULL DEFAULT '{}',
  image_path text,
  price integer,
  description jsonb NOT NULL DEFAULT '{}',
  link_button_url text,
  link_button_text jsonb NOT NULL DEFAULT '{}',
  link_button_color text,
  link_text_color text,
  coordinate_x numeric NOT NULL DEFAULT 65,
  coordinate_y numeric NOT NULL DEFAULT 260,
  text_color text,
  background_color text,
  is_internal_link boolean NOT NULL DEFAULT false,
  order_num integer NOT NULL DEFAULT 0
);
CREATE INDEX products_page ON products (page_id);

-- Popup CTA items (kind TIME_LIMIT or APPLICANT_LIMIT; at most one of each per site)
CREATE TABLE popup_ctas (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('TIME_LIMIT','APPLICANT_LIMIT')),
  start_date timestamptz,
  end_date timestamptz,
  effective_pages integer[] NOT NULL DEFAULT '{}',
  style jsonb NOT NULL DEFAULT '{}',
  show_remaining_time boolean NOT NULL DEFAULT true,
  show_remaining_slots boolean NOT NULL DEFAULT true,
  media jsonb,
  transition jsonb NOT NULL DEFAULT '{}',
  texts jsonb NOT NULL DEFAULT '{}',
  applicant_limit integer,
  number_clicks integer NOT NULL DEFAULT 0,
  UNIQUE (site_id, kind),
  CHECK (end_date IS NULL OR start_date IS NULL OR end_date > start_date)
);

-- Campaigns with banners and items (side panels)
CREATE TABLE campaigns (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  translations jsonb NOT NULL DEFAULT '{}',
  background text,
  background_color text,
  background_opacity numeric NOT NULL DEFAULT 1,
  start_date timestamptz,
  end_date timestamptz,
  effective_pages integer[] NOT NULL DEFAULT '{}',
  is_on_click_count boolean NOT NULL DEFAULT false,
  position_lp text NOT NULL DEFAULT 'center' CHECK (position_lp IN ('left','center','right')),
  click_count integer NOT NULL DEFAULT 0
);
CREATE INDEX campaigns_site ON campaigns (site_id);
CREATE TABLE campaign_banners (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  side text NOT NULL DEFAULT 'left' CHECK (side IN ('left','right')),
  media_url text NOT NULL,
  width numeric, height numeric,
  z_index integer NOT NULL DEFAULT 1,
  lock_ratio boolean NOT NULL DEFAULT true,
  link_destination_type text,
  link_destination_url text,
  banner_x numeric NOT NULL DEFAULT 0,
  banner_y numeric NOT NULL DEFAULT 0,
  position text,
  click_count integer NOT NULL DEFAULT 0
);
CREATE TABLE campaign_items (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  side text NOT NULL DEFAULT 'left' CHECK (side IN ('left','right')),
  type text NOT NULL CHECK (type IN ('image','button','media_button','html_button')),
  image_url text,
  pos_left numeric NOT NULL DEFAULT 0,
  pos_top numeric NOT NULL DEFAULT 0,
  settings jsonb NOT NULL DEFAULT '{}',
  click_count integer NOT NULL DEFAULT 0
);

-- End-user members (per site)
CREATE TABLE site_members (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  email text NOT NULL,
  password_hash text NOT NULL,
  status text NOT NULL DEFAULT 'PROVISIONAL' CHECK (status IN ('PROVISIONAL','ACTIVE','DISABLED')),
  lang text NOT NULL DEFAULT 'ja',
  data jsonb NOT NULL DEFAULT '{}',
  token_version integer NOT NULL DEFAULT 0,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX site_members_email ON site_members (site_id, lower(email));

-- Contact and homepage form submissions
CREATE TABLE form_submissions (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  form_type text NOT NULL CHECK (form_type IN ('CONTACT_SETTING','HOMEPAGE_SETTING')),
  lang text NOT NULL,
  email text,
  data jsonb NOT NULL,
  idempotency_key text,
  ip_hash text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX form_submissions_idem ON form_submissions (site_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX form_submissions_site ON form_submissions (site_id, form_type, created_at DESC);

-- Surveys
CREATE TABLE surveys (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  site_id bigint REFERENCES sites(id) ON DELETE CASCADE,
  title jsonb NOT NULL DEFAULT '{}',
  description jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','INACTIVE')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE survey_questions (
  id bigserial PRIMARY KEY,
  survey_id bigint NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  order_num integer NOT NULL DEFAULT 0,
  question jsonb NOT NULL DEFAULT '{}',
  type text NOT NULL DEFAULT 'SINGLE' CHECK (type IN ('SINGLE','MULTIPLE','TEXT')),
  required boolean NOT NULL DEFAULT true,
  options jsonb NOT NULL DEFAULT '[]'
);
CREATE TABLE survey_responses (
  id bigserial PRIMARY KEY,
  survey_id bigint NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
  site_id bigint REFERENCES sites(id) ON DELETE SET NULL,
  email text NOT NULL,
  answers jsonb NOT NULL,
  points jsonb NOT NULL DEFAULT '{}',
  score integer NOT NULL DEFAULT 0,
  page_id bigint,
  cta_id bigint,
  click_source text CHECK (click_source IN ('BUTTON_CTA','POPUP_CTA_TRANSITION')),
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX survey_responses_idem ON survey_responses (survey_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- News (latest information), system notifications with read marks, notification deliveries
CREATE TABLE news (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  title text NOT NULL,
  url text,
  distribution_site_id bigint REFERENCES sites(id) ON DELETE SET NULL,
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 120),
  image_url text,
  publish_type text NOT NULL DEFAULT 'INSTANT' CHECK (publish_type IN ('INSTANT','SCHEDULED')),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('PUBLIC','UNPUBLIC','DRAFT','EXPIRED')),
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE system_notifications (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  title text NOT NULL,
  url text,
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 120),
  image_url text,
  receiver_roles text[] NOT NULL DEFAULT '{}',
  publish_type text NOT NULL DEFAULT 'INSTANT' CHECK (publish_type IN ('INSTANT','SCHEDULED')),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('PUBLIC','UNPUBLIC','DRAFT','EXPIRED')),
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE system_notification_reads (
  notification_id bigint NOT NULL REFERENCES system_notifications(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, account_id)
);
CREATE TABLE notification_deliveries (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  title text NOT NULL,
  content text NOT NULL DEFAULT '' CHECK (char_length(content) <= 120),
  image_url text,
  news_url text,
  lang text,
  status text NOT NULL DEFAULT 'PUBLIC' CHECK (status IN ('PUBLIC','UNPUBLIC','DRAFT','EXPIRED')),
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_deliveries_site ON notification_deliveries (site_id);

-- Preview shares
CREATE TABLE preview_shares (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  email text NOT NULL,
  invited_by bigint REFERENCES accounts(id),
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX preview_shares_email ON preview_shares (site_id, lower(email));

-- API settings
CREATE TABLE api_settings (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL UNIQUE REFERENCES accounts(id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  auth_method text CHECK (auth_method IN ('IP_RESTRICTION','BASIC_AUTH','API_KEY')),
  allowed_ips text[] NOT NULL DEFAULT '{}',
  basic_id text,
  basic_password_hash text,
  api_key_hash text,
  endpoint text,
  method text,
  tags text NOT NULL DEFAULT 'ALL' CHECK (tags IN ('ALL','CURRENT')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Analytics events
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  site_id bigint NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  page_id bigint,
  event text NOT NULL CHECK (event IN ('page_view','click_cta_btn','slide_page','click_product_item','click_product_point','click_popup_cta','conversion')),
  session_id text,
  lang text,
  target_id bigint,
  data jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_events_site ON analytics_events (site_id, occurred_at);

-- Audit log (operator code changes and other sensitive edits)
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  account_id bigint REFERENCES accounts(id),
  site_id bigint,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Mail outbox and jobs (durable side effects; taken with FOR UPDATE SKIP LOCKED)
CREATE TABLE mail_outbox (
  id bigserial PRIMARY KEY,
  to_addr text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED','SENDING','SENT','FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  message_id text NOT NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED','RUNNING','DONE','FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 8,
  run_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  result jsonb,
  dedupe_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_due ON jobs (status, run_at);
CREATE UNIQUE INDEX jobs_dedupe ON jobs (kind, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('QUEUED','RUNNING');

-- Media objects (uploads checked by content)
CREATE TABLE media (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  site_id bigint REFERENCES sites(id) ON DELETE SET NULL,
  storage_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('IMAGE','VIDEO')),
  content_type text,
  size_bytes bigint,
  width integer,
  height integer,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING','UPLOADED','READY','REJECTED')),
  variants jsonb NOT NULL DEFAULT '[]',
  poster_key text,
  hls_key text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- What visitors see: a snapshot of the site document taken at publish time (drafts never leak).
CREATE TABLE site_publications (
  site_id bigint PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
  version integer NOT NULL,
  document jsonb NOT NULL,
  plan_flags jsonb NOT NULL DEFAULT '{}',
  published_at timestamptz NOT NULL DEFAULT now()
);
