-- Leads pushed out (issue 43, item 3): every new lead is delivered once to a configured URL
-- (LEAD_WEBHOOK_URL), signed as Standard Webhooks describe. An outbox, one row per lead, written
-- by a trigger in the transaction that stores the lead, like public.lead_mails:
--   pending    stored with the lead, not yet tried
--   sending    claimed: one worker holds it until lease_until
--   delivered  the receiver answered 2xx: never sent again
--   failed     a try got no 2xx (an error status, a refused connection, or no answer within the
--              try's deadline): tried again at next_attempt_at, with the same webhook-id, so a
--              receiver that did get the lapsed try drops the copy (its idempotency key)
--   gave_up    still failing after the last backoff; the admin shows it
--   skipped    no LEAD_WEBHOOK_URL was configured when the lead came in: nothing is sent
--
-- Unlike a mail, a delivery whose outcome is unknown is retried: the receiver, not the sender,
-- can tell a copy by its webhook-id (mail has no such key every server honours, hence the mail
-- outbox's "uncertain" state). A lapsed lease (a worker killed mid-try) is claimed again too.
--
-- Why not Database Webhooks (pg_net): pg_net fires one request from the trigger and keeps the
-- answer a few hours; it neither retries nor signs, and a lost answer is a lost lead for the CRM.
-- Why not Supabase Queues (pgmq): as for the mails, pgmq is not on Debian's PostgreSQL 15 nor on
-- the PGlite version the local backend runs, and the admin needs the per-delivery state anyway.
-- docs/BACKEND.md, "Leads pushed out", says more.

create table public.lead_deliveries (
  -- The idempotency key: the webhook-id header of every try.
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null unique references public.leads (id) on delete cascade,
  state text not null default 'pending'
    constraint lead_deliveries_state_check check (state in ('pending', 'sending', 'delivered', 'failed', 'gave_up', 'skipped')),
  attempts int not null default 0 constraint lead_deliveries_attempts_check check (attempts >= 0),
  claim_token uuid,
  lease_until timestamptz,
  next_attempt_at timestamptz not null default now(),
  -- The receiver's last HTTP status (null: no answer).
  last_status int constraint lead_deliveries_last_status_check check (last_status between 100 and 599),
  last_error text constraint lead_deliveries_last_error_check check (char_length(last_error) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz,
  constraint lead_deliveries_delivered_check check ((state = 'delivered') = (delivered_at is not null)),
  constraint lead_deliveries_claim_check check (state <> 'sending' or (claim_token is not null and lease_until is not null))
);
create index lead_deliveries_due_idx on public.lead_deliveries (next_attempt_at) where state in ('pending', 'failed', 'sending');

alter table public.lead_deliveries enable row level security;
alter table public.lead_deliveries force row level security;
revoke all on public.lead_deliveries from public, anon, authenticated;
grant select on public.lead_deliveries to authenticated;
grant all on public.lead_deliveries to service_role;

-- Whoever may read the lead (the admin policy of public.leads, aal2 included) reads its delivery.
-- Nobody writes from the browser: no write grant, no write policy.
create policy lead_deliveries_select_lead_readers on public.lead_deliveries
  for select to authenticated
  using (exists (select 1 from public.leads l where l.id = lead_id));

create function public.lead_deliveries_create()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  insert into public.lead_deliveries (lead_id) values (new.id);
  return new;
end
$$;
create trigger lead_deliveries_create after insert on public.leads
  for each row execute function public.lead_deliveries_create();
-- Leads stored before this migration get no row: they were never meant to be pushed.

-- Claims the deliveries that are due, at most p_limit, each for p_lease; returns them with their
-- lead as a JSON array. p_lead: one lead's only. Pending rows younger than p_pending_age belong
-- to the worker that stored them.
create function public.claim_lead_deliveries(
  p_lead uuid default null,
  p_lease interval default interval '1 minute',
  p_limit int default 20,
  p_pending_age interval default interval '1 minute'
)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  with due as (
    select d.id
    from public.lead_deliveries d
    where (p_lead is null or d.lead_id = p_lead)
      and (
        (d.state = 'pending' and d.created_at <= now() - p_pending_age)
        or (d.state = 'failed' and d.next_attempt_at <= now())
        or (d.state = 'sending' and d.lease_until < now())
      )
    order by d.next_attempt_at
    limit p_limit
    for update skip locked
  ),
  claimed as (
    update public.lead_deliveries d
    set state = 'sending',
        claim_token = gen_random_uuid(),
        lease_until = now() + p_lease,
        attempts = d.attempts + 1,
        updated_at = now()
    from due
    where d.id = due.id
    returning d.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', c.id, 'lead_id', c.lead_id, 'claim_token', c.claim_token, 'attempts', c.attempts,
      'lead', to_jsonb(l))), '[]'::jsonb)
  from claimed c join public.leads l on l.id = c.lead_id
$$;

-- Records one try of a claimed delivery: 'delivered' (2xx) or 'failed' (tried again after the
-- next backoff; gave_up past the last). Only the holder of the claim may record; anyone else
-- gets 'stale' and changes nothing. p_backoff is the function's setting (LEAD_WEBHOOK_BACKOFF).
create function public.lead_delivery_result(
  p_id uuid,
  p_claim uuid,
  p_outcome text,
  p_status int default null,
  p_error text default null,
  p_backoff interval[] default array['1 minute', '5 minutes', '30 minutes', '2 hours', '6 hours', '24 hours']::interval[]
)
returns text
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_state text;
begin
  if p_outcome not in ('delivered', 'failed') then
    raise exception 'lead_delivery_result: unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update public.lead_deliveries d
  set state = case
        when p_outcome = 'delivered' then 'delivered'
        when d.attempts > coalesce(array_length(p_backoff, 1), 0) then 'gave_up'
        else 'failed'
      end,
      next_attempt_at = case when p_outcome = 'failed' and d.attempts <= coalesce(array_length(p_backoff, 1), 0)
        then now() + p_backoff[d.attempts] else d.next_attempt_at end,
      last_status = p_status,
      last_error = case when p_outcome = 'delivered' then null else left(p_error, 2000) end,
      delivered_at = case when p_outcome = 'delivered' then now() end,
      claim_token = null,
      lease_until = null,
      updated_at = now()
  where d.id = p_id and d.claim_token = p_claim and d.state = 'sending'
  returning d.state into v_state;
  return coalesce(v_state, 'stale');
end
$$;

-- No LEAD_WEBHOOK_URL: the lead's delivery (or, from the sweep, every pending one older than
-- p_pending_age) is marked skipped, so the admin says so instead of "pending" for ever.
create function public.skip_lead_deliveries(
  p_lead uuid default null,
  p_pending_age interval default interval '1 minute',
  p_reason text default 'no webhook URL is configured'
)
returns int
language sql
security invoker
set search_path = ''
as $$
  with skipped as (
    update public.lead_deliveries d
    set state = 'skipped', last_error = left(p_reason, 2000), updated_at = now()
    where d.state = 'pending'
      and (p_lead is null or d.lead_id = p_lead)
      and d.created_at <= now() - p_pending_age
    returning 1
  )
  select count(*)::int from skipped
$$;

revoke all on function public.lead_deliveries_create() from public, anon, authenticated;
revoke all on function public.claim_lead_deliveries(uuid, interval, int, interval) from public, anon, authenticated;
revoke all on function public.lead_delivery_result(uuid, uuid, text, int, text, interval[]) from public, anon, authenticated;
revoke all on function public.skip_lead_deliveries(uuid, interval, text) from public, anon, authenticated;
grant execute on function public.lead_deliveries_create() to service_role;
grant execute on function public.claim_lead_deliveries(uuid, interval, int, interval) to service_role;
grant execute on function public.lead_delivery_result(uuid, uuid, text, int, text, interval[]) to service_role;
grant execute on function public.skip_lead_deliveries(uuid, interval, text) to service_role;
