-- Acknowledgements nobody can switch off for others (issue 41, item 3).
--
-- The site-wide hourly budget (p_ack_per_hour) was a switch any attacker could flip: two
-- networks within their rate limit spent the 100 acknowledgements of an hour, and every buyer
-- after them, from any network, got none. It is replaced by a budget per client network (the
-- rate limit's key: one IPv4 address or one IPv6 /64, hashed with RATE_LIMIT_SALT): at most
-- p_ack_per_client acknowledgements in 24 hours for the leads one network sends, on top of the
-- per-mailbox cap (p_ack_per_day, 3). An attacker spends only their own networks' budgets; a
-- buyer on another network is never affected. Grants are kept a day, hashed, never an address.

create table public.lead_ack_grants (
  ip_hash text not null constraint lead_ack_grants_ip_hash_check check (ip_hash ~ '^[0-9a-f]{64}$'),
  granted_at timestamptz not null default now(),
  lead_id uuid not null references public.leads (id) on delete cascade
);
create index lead_ack_grants_ip_hash_idx on public.lead_ack_grants (ip_hash, granted_at);
create index lead_ack_grants_lead_id_idx on public.lead_ack_grants (lead_id);

alter table public.lead_ack_grants enable row level security;
alter table public.lead_ack_grants force row level security;
revoke all on public.lead_ack_grants from public, anon, authenticated;
grant all on public.lead_ack_grants to service_role;

-- 'client_limit' joins the reasons; 'hourly_limit' stays readable on leads stored before.
alter table public.leads drop constraint leads_ack_skipped_check;
alter table public.leads
  add constraint leads_ack_skipped_check check (ack_skipped in ('recipient_limit', 'client_limit', 'hourly_limit'));

drop function public.intake_lead(jsonb, text, int, interval, int, int);

create function public.intake_lead(
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

  -- The locks make concurrent intakes for one mailbox, and for one network, count one after
  -- another, so ten parallel requests cannot all see "two so far".
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
  if v_skip is null then
    insert into public.lead_ack_grants (ip_hash, lead_id) values (p_ip_hash, v_id);
  end if;
  return jsonb_build_object('outcome', 'stored', 'id', v_id, 'ack', v_skip is null, 'ack_skipped', v_skip);
end
$$;

revoke all on function public.intake_lead(jsonb, text, int, interval, int, int) from public, anon, authenticated;
grant execute on function public.intake_lead(jsonb, text, int, interval, int, int) to service_role;
