-- Plain-SQL assertions for supabase/migrations/*.sql on a real PostgreSQL (15, 16 or 17), run by
-- scripts/pg-check.sh as the superuser after tests/pg/supabase-roles.sql and `supabase db push`.
-- Each check raises an exception on failure; psql runs with ON_ERROR_STOP, so the first failure
-- stops it. Roles are switched with SET ROLE and claims with request.jwt.claims, as PostgREST
-- does.
\set ON_ERROR_STOP 1
\set QUIET 1
set client_min_messages = warning;

-- Fixtures. Addresses other than the seed's admin@example.com: GoTrue's email index is unique.
insert into auth.users (id, email, raw_app_meta_data) values
  ('00000000-0000-4000-8000-000000000001', 'rls-admin@example.com', '{"role":"admin"}'),
  ('00000000-0000-4000-8000-000000000002', 'rls-visitor@example.com', '{}');

-- Leads arrive through public.intake_lead() as service_role (the submit-lead function). Fields
-- the server owns (created_at, consent_at, status, notes, notification_*) are ignored if sent.
set role service_role;
do $$ declare r jsonb; begin
  r := public.intake_lead(
    '{"id":"10000000-0000-4000-8000-000000000001","kind":"contact","name":"Jean","email":"jean@example.fr",
      "subject":"Hams","message":"Which size?","locale":"fr","consent_contact":true,"consent_privacy":true,
      "created_at":"2099-01-01T00:00:00Z","consent_at":"2001-01-01T00:00:00Z","status":"won","notes":"x",
      "notification_status":"sent","landing_page":"/fr/"}'::jsonb, repeat('a', 64));
  if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: intake_lead did not store: %', r; end if;
  r := public.intake_lead(
    '{"id":"10000000-0000-4000-8000-000000000002","kind":"quote","name":"Ana","email":"ana@example.es",
      "company":"Embutidos SL","country":"España","products":["pork","sausage-salami"],"quantity":"300",
      "quantity_unit":"rolls","locale":"es","consent_privacy":true}'::jsonb, repeat('b', 64));
  if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: intake_lead did not store the quote: %', r; end if;
  r := public.intake_lead('{"id":"10000000-0000-4000-8000-000000000001","kind":"contact"}'::jsonb, repeat('a', 64));
  if r ->> 'outcome' <> 'duplicate' then raise exception 'FAIL: a retried id was not a duplicate: %', r; end if;
end $$;
do $$ declare l public.leads; begin
  select * into l from public.leads where id = '10000000-0000-4000-8000-000000000001';
  if l.status <> 'new' or l.notes is not null or l.notification_status <> 'pending'
     or l.created_at > now() + interval '1 minute' or l.consent_at < now() - interval '1 minute'
     or l.landing_page <> '/fr/' then
    raise exception 'FAIL: forged server fields were stored: %', row_to_json(l);
  end if;
end $$;
-- 10 leads per client hash and window, then rate_limited with a Retry-After within the window.
do $$ declare r jsonb; i int; begin
  for i in 1..10 loop
    r := public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Flood',
      'email', 'f@example.com', 'subject', 's', 'message', 'm', 'locale', 'en', 'consent_contact', true,
      'consent_privacy', true), repeat('c', 64));
    if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: lead % of 10 refused: %', i, r; end if;
  end loop;
  r := public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Flood',
    'email', 'f@example.com', 'subject', 's', 'message', 'm', 'locale', 'en', 'consent_contact', true,
    'consent_privacy', true), repeat('c', 64));
  if r ->> 'outcome' <> 'rate_limited' or (r ->> 'retry_after')::int not between 1 and 600 then
    raise exception 'FAIL: the 11th lead was not rate limited: %', r;
  end if;
  delete from public.leads where name = 'Flood';
end $$;
-- At most 3 acknowledgements per address (any case) in a day; the 4th lead is stored without one.
do $$ declare r jsonb; i int; begin
  for i in 1..4 loop
    r := public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Cap',
      'email', case when i % 2 = 0 then 'VICTIM@example.org' else 'victim@example.org' end, 'subject', 's',
      'message', 'm', 'locale', 'en', 'consent_contact', true, 'consent_privacy', true), repeat(i::text, 64));
    if r ->> 'outcome' <> 'stored' or (r ->> 'ack')::boolean <> (i <= 3) then
      raise exception 'FAIL: acknowledgement cap, lead %: %', i, r;
    end if;
  end loop;
  if (select count(*) from public.leads where name = 'Cap' and ack_skipped = 'recipient_limit') <> 1 then
    raise exception 'FAIL: the capped lead does not record why';
  end if;
  delete from public.leads where name = 'Cap';
end $$;
-- Invisible-only text and bidi controls are refused even without zod.
do $$
declare
  bad text[] := array[E'\u200b\u200b', E'\u3000 \u00a0', E'\u2800', E'Jean\u202eDupont'];
  v text;
begin
  foreach v in array bad loop
    begin
      insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
      values (gen_random_uuid(), 'contact', v, 'x@example.com', 'S', 'M', 'en', true, true);
      raise exception 'FAIL: name % accepted', v;
    exception when check_violation then null;
    end;
  end loop;
end $$;
reset role;

-- anon: no insert (not even through intake_lead), no read, update or delete.
set role anon;
set request.jwt.claims = '{"role":"anon"}';
do $$ begin
  insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
  values (gen_random_uuid(), 'contact', 'Jean', 'jean@example.fr', 'Hams', 'Which size?', 'fr', true, true);
  raise exception 'FAIL: anon can insert leads';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform public.intake_lead('{}'::jsonb, repeat('d', 64));
  raise exception 'FAIL: anon may call intake_lead';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform public.claim_stuck_notifications();
  raise exception 'FAIL: anon may call claim_stuck_notifications';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform 1 from public.lead_rate_limits;
  raise exception 'FAIL: anon can read lead_rate_limits';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform 1 from public.leads;
  raise exception 'FAIL: anon can select leads';
exception when insufficient_privilege then null; end $$;
do $$ begin
  update public.leads set name = 'x';
  raise exception 'FAIL: anon can update leads';
exception when insufficient_privilege then null; end $$;
do $$ begin
  delete from public.leads;
  raise exception 'FAIL: anon can delete leads';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform public.user_has_verified_factor('00000000-0000-4000-8000-000000000001');
  raise exception 'FAIL: anon may call user_has_verified_factor';
exception when insufficient_privilege then null; end $$;
reset role;

-- The CHECK constraints, for whoever inserts (service_role here).
set role service_role;
do $$
declare
  bad text[] := array[
    $q$('contact', 'Jean', 'jean@example', 'S', 'M', true, true, 'fr', '{}')$q$,
    $q$('contact', 'Jean', 'jean@example.fr', 'S', 'M', true, false, 'fr', '{}')$q$,
    $q$('contact', 'Jean', 'jean@example.fr', 'S', 'M', false, true, 'fr', '{}')$q$,
    $q$('contact', 'Jean', 'jean@example.fr', 'S', repeat('x', 5001), true, true, 'fr', '{}')$q$,
    $q$('newsletter', 'Jean', 'jean@example.fr', 'S', 'M', true, true, 'fr', '{}')$q$,
    $q$('contact', '  ', 'jean@example.fr', 'S', 'M', true, true, 'fr', '{}')$q$,
    $q$('contact', 'Jean', 'jean@example.fr', 'S', 'M', true, true, 'pt', '{}')$q$,
    $q$('quote', 'Jean', 'jean@example.fr', null, null, true, true, 'fr', '{}')$q$,
    $q$('samples', 'Jean', 'jean@example.fr', null, null, true, true, 'fr', '{Pork}')$q$
  ];
  v text;
begin
  foreach v in array bad loop
    begin
      execute 'insert into public.leads (id, kind, name, email, subject, message, consent_contact,
               consent_privacy, locale, products) select gen_random_uuid(), k, n, e, s, m, cc, cp, l, p::text[]
               from (values ' || v || ') v(k, n, e, s, m, cc, cp, l, p)';
      raise exception 'FAIL: bad row accepted: %', v;
    exception when check_violation then null;
    end;
  end loop;
end $$;
reset role;

-- A signed-in user without the admin role: zero rows, no writes at all.
set role authenticated;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-000000000002","aal":"aal1","app_metadata":{}}';
do $$ begin
  insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
  values (gen_random_uuid(), 'contact', 'Jean', 'jean@example.fr', 'Hams', 'Which size?', 'fr', true, true);
  raise exception 'FAIL: authenticated can insert leads';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform public.lead_notification_result('10000000-0000-4000-8000-000000000001', 'sent', 1, null);
  raise exception 'FAIL: authenticated may call lead_notification_result';
exception when insufficient_privilege then null; end $$;
-- The mail bookkeeping (20261126000100_lead_mail_safety.sql) is the function's alone.
do $$ begin
  perform public.claim_stuck_notifications(interval '0 seconds', 10);
  raise exception 'FAIL: authenticated may call claim_stuck_notifications';
exception when insufficient_privilege then null; end $$;
do $$ begin
  perform public.claim_lead_notification('10000000-0000-4000-8000-000000000001');
  raise exception 'FAIL: authenticated may call claim_lead_notification';
exception when insufficient_privilege then null; end $$;
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 0 then raise exception 'FAIL: non-admin sees % leads', n; end if;
end $$;
-- DELETE and UPDATE (status, notes) are granted for admins (20261123000200_lead_inbox.sql);
-- for anyone else the policies match no row.
do $$ declare n int; begin
  delete from public.leads;
  get diagnostics n = row_count;
  if n <> 0 then raise exception 'FAIL: non-admin deleted % leads', n; end if;
  update public.leads set status = 'won';
  get diagnostics n = row_count;
  if n <> 0 then raise exception 'FAIL: non-admin updated % leads', n; end if;
end $$;
do $$ begin
  perform 1 from auth.mfa_factors;
  raise exception 'FAIL: authenticated can read auth.mfa_factors';
exception when insufficient_privilege then null; end $$;
reset role;

-- The admin without a verified factor reads at aal1.
set role authenticated;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-000000000001","aal":"aal1","app_metadata":{"role":"admin"}}';
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 2 then raise exception 'FAIL: admin without factor sees % of 2 leads', n; end if;
end $$;
-- The inbox: status and notes yes, any other column no, erasure only at aal2.
do $$ declare n int; begin
  update public.leads set status = 'contacted', notes = 'Called back' where id = '10000000-0000-4000-8000-000000000001';
  get diagnostics n = row_count;
  if n <> 1 then raise exception 'FAIL: admin could not set status and notes'; end if;
  delete from public.leads where id = '10000000-0000-4000-8000-000000000001';
  get diagnostics n = row_count;
  if n <> 0 then raise exception 'FAIL: admin at aal1 erased a lead'; end if;
  select count(*) into n from public.lead_summary(null, null) where dimension = 'total' and leads = 2;
  if n <> 1 then raise exception 'FAIL: lead_summary does not count 2 leads for the admin'; end if;
  select coalesce(sum(leads), 0) into n from public.lead_weekly(null, null) where dimension = 'total';
  if n <> 2 then raise exception 'FAIL: lead_weekly counts % of 2 leads for the admin', n; end if;
end $$;
do $$ begin
  update public.leads set name = 'x', status = 'won';
  raise exception 'FAIL: admin can update name';
exception when insufficient_privilege then null; end $$;
do $$ begin
  update public.leads set created_at = now();
  raise exception 'FAIL: admin can update created_at';
exception when insufficient_privilege then null; end $$;
reset role;

-- An unverified factor changes nothing; a verified one requires aal2.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
values ('20000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000001', 'pending', 'totp', 'unverified', 'X', now(), now());
set role authenticated;
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 2 then raise exception 'FAIL: unverified factor blocked the admin (% rows)', n; end if;
end $$;
reset role;

update auth.mfa_factors set status = 'verified';
set role authenticated;
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 0 then raise exception 'FAIL: admin with verified factor reads % leads at aal1', n; end if;
end $$;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-000000000001","aal":"aal2","app_metadata":{"role":"admin"}}';
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 2 then raise exception 'FAIL: admin at aal2 sees % of 2 leads', n; end if;
end $$;
-- Erasure at aal2; the exception handler rolls the delete back, so the checks below still see two leads.
do $$ declare n int; begin
  delete from public.leads where id = '10000000-0000-4000-8000-000000000002';
  get diagnostics n = row_count;
  if n <> 1 then raise exception 'FAIL: admin at aal2 could not erase a lead'; end if;
  raise exception using errcode = 'P0002', message = 'rollback';
exception when no_data_found then null; end $$;
-- A user_metadata "role" is user-editable and must not count.
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-000000000002","aal":"aal2","user_metadata":{"role":"admin"}}';
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 0 then raise exception 'FAIL: user_metadata.role granted access'; end if;
end $$;
reset role;

-- service_role bypasses RLS and alone may change rows.
set role service_role;
reset request.jwt.claims;
-- updated_at may already be set by the inbox checks above: compare, do not expect NULL.
update public.leads set updated_at = null where id = '10000000-0000-4000-8000-000000000001';
update public.leads set name = 'Jean D.' where id = '10000000-0000-4000-8000-000000000001';
do $$ begin
  if (select updated_at from public.leads where id = '10000000-0000-4000-8000-000000000001') is not null then
    raise exception 'FAIL: updated_at moved on a non-staff column';
  end if;
  update public.leads set status = 'contacted' where id = '10000000-0000-4000-8000-000000000001';
  if (select updated_at from public.leads where id = '10000000-0000-4000-8000-000000000001') is null then
    raise exception 'FAIL: a status change did not set updated_at';
  end if;
end $$;
delete from public.leads where id = '10000000-0000-4000-8000-000000000002';
do $$ declare n int; begin
  select count(*) into n from public.leads;
  if n <> 1 then raise exception 'FAIL: service_role sees % leads after delete', n; end if;
end $$;
reset role;

-- Where pg_trgm exists (here: Debian's contrib), the inbox search has its trigram indexes.
do $$ declare n int; begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    select count(*) into n from pg_indexes where schemaname = 'public' and tablename = 'leads' and indexname like 'leads\_%\_trgm\_idx';
    if n <> 6 then raise exception 'FAIL: % of 6 trigram indexes for the lead search', n; end if;
  end if;
end $$;

\echo 'pg-check: all RLS and CHECK assertions passed'
