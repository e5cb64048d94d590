-- One address, one mailbox (issue 41, item 1).
--
-- 1. intake_lead() stores a bare addr-spec only. lib/leads/schema.ts (EMAIL_RE) is the exact
--    gate and answers 400 naming the field; public.is_bare_email() is the net under it, looser
--    in the domain (any letters) so that nothing the schema accepts fails here: it refuses what a
--    mailer would read as more or other than one mailbox (display names, lists, groups, quoted
--    local parts, comments, IP literals, a trailing dot). Not a CHECK: a CHECK is tested again on
--    every UPDATE, and an admin must still be able to move a lead stored before this rule.
-- 2. The per-address acknowledgement cap counts public.mailbox_key(email), one key per mailbox
--    however the address is spelled: lower case throughout, the +tag dropped, and for Gmail
--    (gmail.com, googlemail.com) the dots of the local part dropped as well. docs/BACKEND.md
--    ("No relay") says why.

create or replace function public.is_bare_email(p text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p ~ ('^[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&''*+/=?^_`{|}~-]+)*'
              '@([^][[:space:][:cntrl:]@()<>,;:\\".]+\.)+[^][[:space:][:cntrl:]@()<>,;:\\".]+$')
$$;

create or replace function public.mailbox_key(p_email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when d in ('gmail.com', 'googlemail.com') then replace(split_part(l, '+', 1), '.', '') || '@gmail.com'
    else split_part(l, '+', 1) || '@' || d
  end
  from (
    select lower(substring(btrim(p_email) from '^(.*)@')) as l,
           rtrim(lower(substring(btrim(p_email) from '@([^@]*)$')), '.') as d
  ) parts
$$;

alter table public.leads
  add column mailbox_key text generated always as (public.mailbox_key(email)) stored;
create index leads_mailbox_key_created_at_idx on public.leads (mailbox_key, created_at desc);

-- Same signature as before (grants stay); only the per-address count changes: it keys on the
-- mailbox, not on the typed string.
create or replace function public.intake_lead(
  p_lead jsonb,
  p_ip_hash text,
  p_limit int default 10,
  p_window interval default interval '10 minutes',
  p_ack_per_day int default 3,
  p_ack_per_hour int default 100
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_id uuid := (p_lead ->> 'id')::uuid;
  v_key text := public.mailbox_key(p_lead ->> 'email');
  v_window timestamptz := date_bin(p_window, now(), timestamptz '2000-01-01 00:00:00+00');
  v_hits int;
  v_count int;
  v_recent int;
  v_skip text;
begin
  if jsonb_typeof(p_lead) is distinct from 'object' then
    raise exception 'intake_lead: one lead object expected' using errcode = '22023';
  end if;
  if exists (select 1 from public.leads where id = v_id) then
    return jsonb_build_object('outcome', 'duplicate', 'id', v_id);
  end if;
  if not coalesce(public.is_bare_email(p_lead ->> 'email'), false) then
    raise exception 'intake_lead: email is not one bare address' using errcode = '23514';
  end if;

  insert into public.lead_rate_limits as r (ip_hash, window_start, hits)
  values (p_ip_hash, v_window, 1)
  on conflict (ip_hash, window_start) do update set hits = r.hits + 1
  returning hits into v_hits;
  if v_hits = 1 then
    delete from public.lead_rate_limits where window_start < now() - interval '1 day';
  end if;
  if v_hits > p_limit then
    return jsonb_build_object(
      'outcome', 'rate_limited',
      'retry_after', greatest(1, ceil(extract(epoch from (v_window + p_window - now())))::int)
    );
  end if;

  -- The locks make concurrent intakes for one mailbox (and for the hourly budget) count one
  -- after another, so ten parallel requests cannot all see "two so far".
  perform pg_advisory_xact_lock(hashtextextended('intake_lead:ack:' || coalesce(v_key, ''), 0));
  select count(*) into v_recent
  from public.leads
  where mailbox_key = v_key and created_at > now() - interval '1 day' and ack_skipped is null;
  if v_recent >= p_ack_per_day then
    v_skip := 'recipient_limit';
  else
    perform pg_advisory_xact_lock(hashtextextended('intake_lead:ack:hourly', 0));
    select count(*) into v_recent
    from public.leads
    where created_at > now() - interval '1 hour' and ack_skipped is null;
    if v_recent >= p_ack_per_hour then
      v_skip := 'hourly_limit';
    end if;
  end if;

  insert into public.leads (
    id, kind, name, email, phone, company, country, subject, message, products, inner_diameter,
    quantity, quantity_unit, process, shipping_address, locale, page, consent_contact,
    consent_privacy, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term,
    utm_content, ack_skipped
  )
  select
    r.id, r.kind, r.name, r.email, r.phone, r.company, r.country, r.subject, r.message,
    coalesce(r.products, '{}'), r.inner_diameter, r.quantity, r.quantity_unit, r.process,
    r.shipping_address, r.locale, r.page, coalesce(r.consent_contact, false),
    coalesce(r.consent_privacy, false), r.landing_page, r.referrer, r.utm_source, r.utm_medium,
    r.utm_campaign, r.utm_term, r.utm_content, v_skip
  from jsonb_populate_record(null::public.leads, p_lead) r
  on conflict (id) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return jsonb_build_object('outcome', 'duplicate', 'id', v_id);
  end if;
  return jsonb_build_object('outcome', 'stored', 'id', v_id, 'ack', v_skip is null, 'ack_skipped', v_skip);
end
$$;

revoke all on function public.is_bare_email(text) from public, anon, authenticated;
revoke all on function public.mailbox_key(text) from public, anon, authenticated;
grant execute on function public.is_bare_email(text) to authenticated, service_role;
grant execute on function public.mailbox_key(text) to authenticated, service_role;
