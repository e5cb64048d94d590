-- First and last touch, click ids, and the consent on record (issue 43, items 1 and 4).
--
-- Last touch: the columns of 20261123000100 (landing_page, referrer, utm_*) keep the visit the lead
-- was sent in; gclid and fbclid join them. First touch: the same values of the buyer's first
-- visit, which the site keeps in the browser's localStorage only while the buyer has accepted the
-- cookie banner (renderer/enhance.ts); first_* stay null without consent.
--
-- Consent on record: consent_version and consent_hash name the exact consent text the form showed
-- (sha-256 of the labels in the lead's locale, lib/leads/consent-record.ts); with the lead's
-- locale, kind and consent_at (the server's time) they say what the buyer agreed to, when and
-- where. Both or neither: leads sent from a page built before this migration have none.
--
-- The limits are lib/leads/schema.ts's touchSchema and consentRecordSchema; change both together.

alter table public.leads
  add column gclid text constraint leads_gclid_check check (gclid ~ '^[A-Za-z0-9_.-]{1,255}$'),
  add column fbclid text constraint leads_fbclid_check check (fbclid ~ '^[A-Za-z0-9_.-]{1,255}$'),
  add column first_landing_page text constraint leads_first_landing_page_check check (char_length(first_landing_page) <= 500),
  add column first_referrer text constraint leads_first_referrer_check check (char_length(first_referrer) <= 500),
  add column first_utm_source text constraint leads_first_utm_source_check check (char_length(first_utm_source) <= 500),
  add column first_utm_medium text constraint leads_first_utm_medium_check check (char_length(first_utm_medium) <= 500),
  add column first_utm_campaign text constraint leads_first_utm_campaign_check check (char_length(first_utm_campaign) <= 500),
  add column first_utm_term text constraint leads_first_utm_term_check check (char_length(first_utm_term) <= 500),
  add column first_utm_content text constraint leads_first_utm_content_check check (char_length(first_utm_content) <= 500),
  add column first_gclid text constraint leads_first_gclid_check check (first_gclid ~ '^[A-Za-z0-9_.-]{1,255}$'),
  add column first_fbclid text constraint leads_first_fbclid_check check (first_fbclid ~ '^[A-Za-z0-9_.-]{1,255}$'),
  add column consent_version text constraint leads_consent_version_check check (consent_version ~ '^[0-9a-f]{12}$'),
  add column consent_hash text constraint leads_consent_hash_check check (consent_hash ~ '^[0-9a-f]{64}$'),
  add constraint leads_consent_record_check check ((consent_version is null) = (consent_hash is null));

-- As 20261128000200_lead_ack_budget.sql, with the new columns copied from p_lead.
create or replace function public.intake_lead(
  p_lead jsonb,
  p_ip_hash text,
  p_limit int default 10,
  p_window interval default interval '10 minutes',
  p_ack_per_day int default 3,
  p_ack_per_client int default 10
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
    -- First hit of a window: forget what is older than a day (keeps both tables small).
    delete from public.lead_rate_limits where window_start < now() - interval '1 day';
    delete from public.lead_ack_grants where granted_at < now() - interval '1 day';
  end if;
  if v_hits > p_limit then
    return jsonb_build_object(
      'outcome', 'rate_limited',
      'retry_after', greatest(1, ceil(extract(epoch from (v_window + p_window - now())))::int)
    );
  end if;

  perform pg_advisory_xact_lock(hashtextextended('intake_lead:ack:' || coalesce(v_key, ''), 0));
  select count(*) into v_recent
  from public.leads
  where mailbox_key = v_key and created_at > now() - interval '1 day' and ack_skipped is null;
  if v_recent >= p_ack_per_day then
    v_skip := 'recipient_limit';
  else
    perform pg_advisory_xact_lock(hashtextextended('intake_lead:ack-client:' || p_ip_hash, 0));
    select count(*) into v_recent
    from public.lead_ack_grants
    where ip_hash = p_ip_hash and granted_at > now() - interval '1 day';
    if v_recent >= p_ack_per_client then
      v_skip := 'client_limit';
    end if;
  end if;

  insert into public.leads (
    id, kind, name, email, phone, company, country, subject, message, products, inner_diameter,
    quantity, quantity_unit, process, shipping_address, locale, page, consent_contact,
    consent_privacy, landing_page, referrer, utm_source, utm_medium, utm_campaign, utm_term,
    utm_content, gclid, fbclid, first_landing_page, first_referrer, first_utm_source,
    first_utm_medium, first_utm_campaign, first_utm_term, first_utm_content, first_gclid,
    first_fbclid, consent_version, consent_hash, ack_skipped
  )
  select
    r.id, r.kind, r.name, r.email, r.phone, r.company, r.country, r.subject, r.message,
    coalesce(r.products, '{}'), r.inner_diameter, r.quantity, r.quantity_unit, r.process,
    r.shipping_address, r.locale, r.page, coalesce(r.consent_contact, false),
    coalesce(r.consent_privacy, false), r.landing_page, r.referrer, r.utm_source, r.utm_medium,
    r.utm_campaign, r.utm_term, r.utm_content, r.gclid, r.fbclid, r.first_landing_page,
    r.first_referrer, r.first_utm_source, r.first_utm_medium, r.first_utm_campaign,
    r.first_utm_term, r.first_utm_content, r.first_gclid, r.first_fbclid, r.consent_version,
    r.consent_hash, v_skip
  from jsonb_populate_record(null::public.leads, p_lead) r
  on conflict (id) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    return jsonb_build_object('outcome', 'duplicate', 'id', v_id);
  end if;
  if v_skip is null then
    insert into public.lead_ack_grants (ip_hash, lead_id) values (p_ip_hash, v_id);
  end if;
  return jsonb_build_object('outcome', 'stored', 'id', v_id, 'ack', v_skip is null, 'ack_skipped', v_skip);
end
$$;

revoke all on function public.intake_lead(jsonb, text, int, interval, int, int) from public, anon, authenticated;
grant execute on function public.intake_lead(jsonb, text, int, interval, int, int) to service_role;
