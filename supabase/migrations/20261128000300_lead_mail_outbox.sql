-- Every mail exactly once (issue 41, item 4): an outbox, one row per mail of each lead.
--
-- Each row has a state, a claim with a lease, an attempt count and a stable Message-ID:
--   pending          stored with the lead (trigger below), not yet tried
--   sending          claimed: one worker holds it until lease_until
--   sent             the mail server accepted it
--   failed           a try failed before the message was handed over; tried again at
--                    next_attempt_at (1 min, 5 min, 30 min, 2 h, 6 h, 24 h after each failure)
--   uncertain        the message was handed over and no answer came within the try's deadline
--                    (or a second lease lapsed): it may have arrived, so it is never sent again
--                    without an admin saying so
--   needs_attention  refused for good (5xx), or still failing after the last backoff
-- Claims use `for update skip locked`: two workers (the inline send, the scheduled re-drive, an
-- admin's resend) never hold one row at once; the loser claims nothing and answers 409 or skips.
-- A worker that dies holding a claim (kill -9 between handing over and recording) leaves the
-- row "sending"; when its lease lapses the next claim sends it once more (at most one duplicate,
-- with the same Message-ID), and a second lapse makes it "uncertain" instead.
--
-- Why a table and not Supabase Queues (pgmq): pgmq is not where the tests run. Debian ships no
-- pgmq package for PostgreSQL 15 (npm run test:pg), and @electric-sql/pglite-pgmq 0.0.6 is
-- built for PGlite 0.5.8 (a peer dependency pinned to that version) while the local backend
-- runs 0.5.16. A queue would also still need this per-mail state for the admin and for
-- "uncertain", which a visibility timeout does not record.

create table public.lead_mails (
  lead_id uuid not null references public.leads (id) on delete cascade,
  mail text not null constraint lead_mails_mail_check check (mail in ('sales', 'ack')),
  state text not null default 'pending'
    constraint lead_mails_state_check check (state in ('pending', 'sending', 'sent', 'failed', 'uncertain', 'needs_attention')),
  attempts int not null default 0 constraint lead_mails_attempts_check check (attempts >= 0),
  message_id text constraint lead_mails_message_id_check check (char_length(message_id) <= 300),
  claim_token uuid,
  lease_until timestamptz,
  lease_lapses int not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text constraint lead_mails_last_error_check check (char_length(last_error) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (lead_id, mail)
);
create index lead_mails_due_idx on public.lead_mails (next_attempt_at) where state in ('pending', 'failed', 'sending');

alter table public.lead_mails enable row level security;
alter table public.lead_mails force row level security;
revoke all on public.lead_mails from public, anon, authenticated;
grant all on public.lead_mails to service_role;

-- The lead's own summary, which the admin reads: two new outcomes.
alter table public.leads drop constraint leads_notification_status_check;
alter table public.leads
  add constraint leads_notification_status_check
  check (notification_status in ('pending', 'sent', 'failed', 'uncertain', 'needs_attention'));

-- A lead's mails, created with it: sales always, the acknowledgement when the caps allowed it.
create function public.lead_mails_create()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  insert into public.lead_mails (lead_id, mail) values (new.id, 'sales');
  if new.ack_skipped is null then
    insert into public.lead_mails (lead_id, mail) values (new.id, 'ack');
  end if;
  return new;
end
$$;
create trigger lead_mails_create after insert on public.leads
  for each row execute function public.lead_mails_create();

-- Leads stored before: their mails as the old columns describe them.
insert into public.lead_mails (lead_id, mail, state, attempts, sent_at, last_error)
select l.id, m.mail,
  case when m.mail = any (l.mails_sent) then 'sent' when l.notification_status = 'failed' then 'failed' else 'pending' end,
  l.notification_attempts,
  case when m.mail = any (l.mails_sent) then coalesce(l.notified_at, l.created_at) end,
  case when not m.mail = any (l.mails_sent) then l.notification_error end
from public.leads l cross join (values ('sales'), ('ack')) as m (mail)
where m.mail = 'sales' or l.ack_skipped is null;

-- The lead's summary from its mails (the admin's notification_* columns and mails_sent).
create function public.lead_mails_rollup(p_lead uuid)
returns void
language sql
security invoker
set search_path = ''
as $$
  update public.leads l
  set notification_status = s.status,
      notification_attempts = s.attempts,
      notification_error = left(s.error, 2000),
      mails_sent = s.sent,
      notified_at = case when s.status = 'sent' then coalesce(l.notified_at, now()) else l.notified_at end
  from (
    select
      case
        when bool_or(m.state = 'needs_attention') then 'needs_attention'
        when bool_or(m.state = 'uncertain') then 'uncertain'
        when bool_or(m.state = 'failed') then 'failed'
        when bool_and(m.state = 'sent') then 'sent'
        else 'pending'
      end as status,
      max(m.attempts) as attempts,
      string_agg(m.mail || ': ' || m.last_error, '; ' order by m.mail) filter (where m.state <> 'sent' and m.last_error is not null) as error,
      coalesce(array_agg(m.mail order by m.mail) filter (where m.state = 'sent'), '{}') as sent
    from public.lead_mails m
    where m.lead_id = p_lead
  ) s
  where l.id = p_lead
$$;

-- Claims the mails that are due, at most p_limit, each for p_lease; returns them with their lead
-- as a JSON array. p_lead: one lead's mails only. p_force (an admin's resend): failed and
-- needs_attention mails whatever their next_attempt_at; p_uncertain: uncertain ones too (the
-- admin confirmed after checking the inbox). A lapsed lease is claimed once more; a second lapse
-- makes the mail uncertain.
create function public.claim_lead_mails(
  p_lead uuid default null,
  p_lease interval default interval '1 minute',
  p_limit int default 20,
  p_pending_age interval default interval '1 minute',
  p_force boolean default false,
  p_uncertain boolean default false,
  p_domain text default 'submit-lead.invalid'
)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_claimed jsonb;
  v_lead uuid;
begin
  -- A second lapsed lease: the mail may well have gone out twice already; no third blind try.
  for v_lead in
    update public.lead_mails m
    set state = 'uncertain', updated_at = now(),
        last_error = 'the worker stopped twice while sending; it may have been delivered'
    where m.state = 'sending' and m.lease_until < now() and m.lease_lapses >= 1
      and (p_lead is null or m.lead_id = p_lead)
    returning m.lead_id
  loop
    perform public.lead_mails_rollup(v_lead);
  end loop;

  with due as (
    select m.lead_id, m.mail
    from public.lead_mails m
    where (p_lead is null or m.lead_id = p_lead)
      and (
        (m.state = 'pending' and m.created_at <= now() - p_pending_age)
        or (m.state = 'failed' and (p_force or m.next_attempt_at <= now()))
        or (m.state = 'sending' and m.lease_until < now())
        or (m.state = 'needs_attention' and p_force)
        or (m.state = 'uncertain' and p_force and p_uncertain)
      )
    order by m.next_attempt_at
    limit p_limit
    for update skip locked
  ),
  claimed as (
    update public.lead_mails m
    set state = 'sending',
        claim_token = gen_random_uuid(),
        lease_until = now() + p_lease,
        lease_lapses = m.lease_lapses + case when m.state = 'sending' then 1 else 0 end,
        attempts = m.attempts + 1,
        message_id = coalesce(m.message_id, '<' || m.lead_id || '.' || m.mail || '@' || p_domain || '>'),
        updated_at = now()
    from due
    where m.lead_id = due.lead_id and m.mail = due.mail
    returning m.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'lead_id', c.lead_id, 'mail', c.mail, 'claim_token', c.claim_token, 'attempts', c.attempts,
      'message_id', c.message_id, 'lead', to_jsonb(l) - 'mailbox_key')), '[]'::jsonb)
  into v_claimed
  from claimed c join public.leads l on l.id = c.lead_id;

  for v_lead in select distinct (e ->> 'lead_id')::uuid from jsonb_array_elements(v_claimed) e loop
    perform public.lead_mails_rollup(v_lead);
  end loop;
  return v_claimed;
end
$$;

-- Records one try of a claimed mail: 'sent', 'failed' (tried again after the next backoff, or
-- needs_attention past the last), 'refused' (5xx: needs_attention), 'uncertain'. Only the
-- holder of the claim may record; anyone else gets 'stale' and changes nothing. A late 'sent' on
-- an uncertain mail (the server answered after the deadline) is recorded.
create function public.lead_mail_result(
  p_lead uuid,
  p_mail text,
  p_claim uuid,
  p_outcome text,
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
  if p_outcome not in ('sent', 'failed', 'refused', 'uncertain') then
    raise exception 'lead_mail_result: unknown outcome %', p_outcome using errcode = '22023';
  end if;
  update public.lead_mails m
  set state = case
        when p_outcome = 'sent' then 'sent'
        when p_outcome = 'uncertain' then 'uncertain'
        when p_outcome = 'refused' or m.attempts > coalesce(array_length(p_backoff, 1), 0) then 'needs_attention'
        else 'failed'
      end,
      next_attempt_at = case when p_outcome = 'failed' and m.attempts <= coalesce(array_length(p_backoff, 1), 0)
        then now() + p_backoff[m.attempts] else m.next_attempt_at end,
      last_error = case when p_outcome = 'sent' then null else left(p_error, 2000) end,
      sent_at = case when p_outcome = 'sent' then now() else m.sent_at end,
      lease_until = null,
      updated_at = now()
  where m.lead_id = p_lead and m.mail = p_mail and m.claim_token = p_claim
    and (m.state = 'sending' or (m.state = 'uncertain' and p_outcome = 'sent'))
  returning m.state into v_state;
  if v_state is null then
    return 'stale';
  end if;
  perform public.lead_mails_rollup(p_lead);
  return v_state;
end
$$;

revoke all on function public.lead_mails_create() from public, anon, authenticated;
revoke all on function public.lead_mails_rollup(uuid) from public, anon, authenticated;
revoke all on function public.claim_lead_mails(uuid, interval, int, interval, boolean, boolean, text) from public, anon, authenticated;
revoke all on function public.lead_mail_result(uuid, text, uuid, text, text, interval[]) from public, anon, authenticated;
grant execute on function public.lead_mails_create() to service_role;
grant execute on function public.lead_mails_rollup(uuid) to service_role;
grant execute on function public.claim_lead_mails(uuid, interval, int, interval, boolean, boolean, text) to service_role;
grant execute on function public.lead_mail_result(uuid, text, uuid, text, text, interval[]) to service_role;
