-- Mail that cannot be abused and cannot get stuck.
--
-- 1. Acknowledgement caps. Anyone can type any address into a form, so the buyer's
--    acknowledgement is capped: at most p_ack_per_day per address in 24 hours, and at most
--    p_ack_per_hour for the whole site in an hour. The lead is always stored; leads.ack_skipped
--    says why its acknowledgement was not sent, and the admin shows it.
-- 2. Which mails went out (leads.mails_sent), so a resend sends only the missing one.
-- 3. Leads whose mails are still pending after a deadline (the worker stopped mid-send) are
--    claimed by claim_stuck_notifications() and sent again by the function's retry-pending
--    route, which a scheduled job calls (docs/BACKEND.md, "Mail that never went out").
--    claim_lead_notification() lets the function resend one lead an admin asked for.

alter table public.leads
  add column ack_skipped text
    constraint leads_ack_skipped_check check (ack_skipped in ('recipient_limit', 'hourly_limit')),
  add column mails_sent text[] not null default '{}'
    constraint leads_mails_sent_check check (mails_sent <@ array['sales', 'ack']::text[]),
  add column notification_claimed_at timestamptz;

-- Leads notified before this migration sent both mails (or had no acknowledgement to send).
update public.leads set mails_sent = array['ack', 'sales'] where notification_status = 'sent';

-- The per-address count reads the last day of one address; the stuck sweep reads pending leads.
create index leads_email_created_at_idx on public.leads (lower(email), created_at desc);
create index leads_pending_idx on public.leads (created_at) where notification_status = 'pending';

drop function public.intake_lead(jsonb, text, int, interval);

-- One call = at most one lead. Returns {"outcome": "stored" | "duplicate" | "rate_limited",
-- "retry_after": seconds, "ack": may the buyer be acknowledged, "ack_skipped": why not}.
-- Duplicates (a retried submit with the same client-generated id) are answered before the limit
-- is counted, so a buyer's retry never uses up their allowance.
create function public.intake_lead(
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
  v_email text := lower(btrim(p_lead ->> 'email'));
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

  -- The caps count acknowledgements granted, whatever became of their delivery. The locks make
  -- concurrent intakes for one address (and for the hourly budget) count one after another, so
  -- ten parallel requests cannot all see "two so far".
  perform pg_advisory_xact_lock(hashtextextended('intake_lead:ack:' || coalesce(v_email, ''), 0));
  select count(*) into v_recent
  from public.leads
  where lower(email) = v_email and created_at > now() - interval '1 day' and ack_skipped is null;
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

  -- Named columns only: created_at, consent_at, status, notes, notification_*, mails_sent and
  -- ack_skipped take their defaults (or the server's decision) whatever the body says.
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

drop function public.lead_notification_result(uuid, text, int, text);

-- Records the outcome of the notification mails (the admin shows "notification failed") and
-- which of them went out.
create function public.lead_notification_result(
  p_id uuid,
  p_status text,
  p_attempts int,
  p_error text default null,
  p_sent text[] default null
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
      notified_at = case when p_status = 'sent' then now() else notified_at end,
      mails_sent = array(select distinct m from unnest(mails_sent || coalesce(p_sent, '{}')) m order by m)
  where id = p_id
$$;

-- Leads still pending p_older_than after they were stored (or last claimed): claimed now, so a
-- second sweep running at the same time skips them, and returned for sending.
create function public.claim_stuck_notifications(
  p_older_than interval default interval '5 minutes',
  p_limit int default 20
)
returns setof public.leads
language sql
security invoker
set search_path = ''
as $$
  update public.leads l
  set notification_claimed_at = now()
  where l.id in (
    select s.id from public.leads s
    where s.notification_status = 'pending'
      and coalesce(s.notification_claimed_at, s.created_at) <= now() - p_older_than
    order by s.created_at
    limit p_limit
    for update skip locked
  )
  returning l.*
$$;

-- One lead whose mails did not all go out, claimed for a resend an admin asked for. Returns
-- nothing when every mail it may send has been sent.
create function public.claim_lead_notification(p_id uuid)
returns public.leads
language sql
security invoker
set search_path = ''
as $$
  update public.leads
  set notification_status = 'pending', notification_claimed_at = now()
  where id = p_id
    and not (mails_sent @> case when ack_skipped is null then array['sales', 'ack'] else array['sales'] end)
  returning *
$$;

-- Hosted Supabase grants EXECUTE on new functions to anon and authenticated by default.
revoke all on function public.intake_lead(jsonb, text, int, interval, int, int) from public, anon, authenticated;
revoke all on function public.lead_notification_result(uuid, text, int, text, text[]) from public, anon, authenticated;
revoke all on function public.claim_stuck_notifications(interval, int) from public, anon, authenticated;
revoke all on function public.claim_lead_notification(uuid) from public, anon, authenticated;
grant execute on function public.intake_lead(jsonb, text, int, interval, int, int) to service_role;
grant execute on function public.lead_notification_result(uuid, text, int, text, text[]) to service_role;
grant execute on function public.claim_stuck_notifications(interval, int) to service_role;
grant execute on function public.claim_lead_notification(uuid) to service_role;
