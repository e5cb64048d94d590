-- Protected intake: browsers no longer write public.leads. The Edge Function
-- supabase/functions/submit-lead validates a lead with lib/leads/schema.ts and stores it with the
-- service role through public.intake_lead(), which also enforces the per-client rate limit.
--
-- Columns added here (shared contract with the admin): staff status and notes, attribution,
-- notification outcome. Everything the server decides (created_at, consent_at, status, notes,
-- notification_*) has no path from the request body: intake_lead() names the columns it copies.

-- Visible text: at least one character that is neither white space nor an invisible or
-- formatting character (zero-width space/joiners, bidi controls, BOM, soft hyphen, Hangul and
-- Braille blanks, variation selectors, tag characters). Twin of hasVisibleChar() in
-- lib/leads/schema.ts; change both together.
create or replace function public.has_visible_char(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~ '[^[:space:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]'
$$;

-- Bidi embedding/override/isolate controls and marks. The intake strips them (stripBidi() in
-- lib/leads/schema.ts); the CHECK below makes sure nothing else stores them, since a reversed
-- run of text in the admin or in a spreadsheet can disguise what a buyer wrote.
create or replace function public.has_bidi_control(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]'
$$;

alter table public.leads
  add column status text not null default 'new'
    constraint leads_status_check check (status in ('new', 'contacted', 'qualified', 'won', 'lost')),
  add column notes text constraint leads_notes_check check (char_length(notes) <= 10000),
  add column updated_at timestamptz,
  add column landing_page text constraint leads_landing_page_check check (char_length(landing_page) <= 500),
  add column referrer text constraint leads_referrer_check check (char_length(referrer) <= 500),
  add column utm_source text constraint leads_utm_source_check check (char_length(utm_source) <= 500),
  add column utm_medium text constraint leads_utm_medium_check check (char_length(utm_medium) <= 500),
  add column utm_campaign text constraint leads_utm_campaign_check check (char_length(utm_campaign) <= 500),
  add column utm_term text constraint leads_utm_term_check check (char_length(utm_term) <= 500),
  add column utm_content text constraint leads_utm_content_check check (char_length(utm_content) <= 500),
  add column notification_status text not null default 'pending'
    constraint leads_notification_status_check check (notification_status in ('pending', 'sent', 'failed')),
  add column notification_attempts int not null default 0
    constraint leads_notification_attempts_check check (notification_attempts >= 0),
  add column notification_error text
    constraint leads_notification_error_check check (char_length(notification_error) <= 2000),
  add column notified_at timestamptz;

-- Text a buyer types must show something: "   " and "\u200b\u200b" are both refused.
alter table public.leads
  add constraint leads_name_visible_check check (public.has_visible_char(name)),
  add constraint leads_company_visible_check check (public.has_visible_char(company)),
  add constraint leads_country_visible_check check (public.has_visible_char(country)),
  add constraint leads_subject_visible_check check (public.has_visible_char(subject)),
  add constraint leads_message_visible_check check (public.has_visible_char(message)),
  add constraint leads_inner_diameter_visible_check check (public.has_visible_char(inner_diameter)),
  add constraint leads_quantity_visible_check check (public.has_visible_char(quantity)),
  add constraint leads_shipping_address_visible_check check (public.has_visible_char(shipping_address)),
  add constraint leads_no_bidi_check check (
    not public.has_bidi_control(
      concat_ws(' ', name, email, phone, company, country, subject, message, inner_diameter, quantity,
                shipping_address, page, landing_page, referrer, utm_source, utm_medium, utm_campaign,
                utm_term, utm_content)
    )
  );

create or replace function public.leads_touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Staff edits only: the notification bookkeeping is not a change anyone made to the lead.
create trigger leads_touch_updated_at
  before update of status, notes on public.leads
  for each row execute function public.leads_touch_updated_at();

-- Browsers no longer insert: only the service role (the Edge Function) does.
drop policy if exists leads_insert_anyone on public.leads;
revoke insert on public.leads from anon, authenticated;

-- Leads per client and fixed 10-minute window. ip_hash is SHA-256 of RATE_LIMIT_SALT + the IP,
-- computed in the function: the table never holds an address.
create table public.lead_rate_limits (
  ip_hash text not null constraint lead_rate_limits_ip_hash_check check (ip_hash ~ '^[0-9a-f]{64}$'),
  window_start timestamptz not null,
  hits int not null default 0,
  primary key (ip_hash, window_start)
);
create index lead_rate_limits_window_idx on public.lead_rate_limits (window_start);

alter table public.lead_rate_limits enable row level security;
alter table public.lead_rate_limits force row level security;
revoke all on public.lead_rate_limits from public, anon, authenticated;
grant all on public.lead_rate_limits to service_role;

-- One call = at most one lead. Returns {"outcome": "stored" | "duplicate" | "rate_limited",
-- "retry_after": seconds}. Duplicates (a retried submit with the same client-generated id) are
-- answered before the limit is counted, so a buyer's retry never uses up their allowance.
create or replace function public.intake_lead(
  p_lead jsonb,
  p_ip_hash text,
  p_limit int default 10,
  p_window interval default interval '10 minutes'
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid := (p_lead ->> 'id')::uuid;
  v_window timestamptz := date_bin(p_window, now(), timestamptz '2000-01-01 00:00:00+00');
  v_hits int;
  v_count int;
begin
  if jsonb_typeof(p_lead) is distinct from 'object' then
    raise exception 'intake_lead: one lead object expected' using errcode = '22023';
  end if;
  if exists (select 1 from public.leads where id = v_id) then
    return jsonb_build_object('outcome', 'duplicate', 'id', v_id);
  end if;

  insert into public.lead_rate_limits as r (ip_hash, window_start, hits)
  values (p_ip_hash, v_window, 1)
  on conflict (ip_hash, window_start) do update set hits = r.hits + 1
  returning hits into v_hits;
  if v_hits = 1 then
    -- First hit of a window: forget windows older than a day (keeps the table small).
    delete from public.lead_rate_limits where window_start < now() - interval '1 day';
  end if;
  if v_hits > p_limit then
    return jsonb_build_object(
      'outcome', 'rate_limited',
      'retry_after', greatest(1, ceil(extract(epoch from (v_window + p_window - now())))::int)
    );
  end if;

  -- Named columns only: created_at, consent_at, status, notes and notification_* take their
  -- defaults whatever the body says.
  insert into public.leads (
    id, kind, name, email, phone, company, country, subject, message, products, inner_diameter,
    quantity, quantity_unit, process, shipping_address, locale, page, consent_contact,
    consent_privacy, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term,
    utm_content
  )
  select
    r.id, r.kind, r.name, r.email, r.phone, r.company, r.country, r.subject, r.message,
    coalesce(r.products, '{}'), r.inner_diameter, r.quantity, r.quantity_unit, r.process,
    r.shipping_address, r.locale, r.page, coalesce(r.consent_contact, false),
    coalesce(r.consent_privacy, false), r.landing_page, r.referrer, r.utm_source, r.utm_medium,
    r.utm_campaign, r.utm_term, r.utm_content
  from jsonb_populate_record(null::public.leads, p_lead) r
  on conflict (id) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return jsonb_build_object('outcome', 'duplicate', 'id', v_id);
  end if;
  return jsonb_build_object('outcome', 'stored', 'id', v_id);
end
$$;

-- Records the outcome of the notification mails (the admin shows "notification failed").
create or replace function public.lead_notification_result(
  p_id uuid,
  p_status text,
  p_attempts int,
  p_error text default null
)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.leads
  set notification_status = p_status,
      notification_attempts = p_attempts,
      notification_error = left(p_error, 2000),
      notified_at = case when p_status = 'sent' then now() else notified_at end
  where id = p_id
$$;

-- Hosted Supabase grants EXECUTE on new functions to anon and authenticated by default.
revoke all on function public.intake_lead(jsonb, text, int, interval) from public, anon, authenticated;
revoke all on function public.lead_notification_result(uuid, text, int, text) from public, anon, authenticated;
grant execute on function public.intake_lead(jsonb, text, int, interval) to service_role;
grant execute on function public.lead_notification_result(uuid, text, int, text) to service_role;
