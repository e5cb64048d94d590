-- One contact per buyer (supabase/migrations/20261129000200_lead_contacts.sql) on a real
-- PostgreSQL, run by scripts/pg-check.sh as the superuser after the push and the other checks:
-- the key, the counts, erasure through the admin's own role, who reads and writes contacts, and
-- two simultaneous first submissions of one buyer (a second connection through dblink).
\set ON_ERROR_STOP 1
\set QUIET 1
set client_min_messages = warning;

insert into auth.users (id, email, raw_app_meta_data) values
  ('00000000-0000-4000-8000-0000000000c1', 'contacts-admin@example.com', '{"role":"admin"}'),
  ('00000000-0000-4000-8000-0000000000c2', 'contacts-visitor@example.com', '{}');

-- Through intake_lead() as the function calls it: three spellings of one address, one contact.
set role service_role;
do $$ declare r jsonb; e text; i int := 0; begin
  foreach e in array array['A@x.com', 'a@x.com', 'A@X.COM'] loop
    i := i + 1;
    r := public.intake_lead(jsonb_build_object('id', ('c0000000-0000-4000-8000-00000000000' || i)::uuid, 'kind', 'contact',
      'name', 'Anna ' || i, 'email', e, 'subject', 's', 'message', 'm', 'locale', 'de', 'consent_contact', true,
      'consent_privacy', true), repeat('c', 63) || i);
    if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: intake % not stored: %', e, r; end if;
  end loop;
  perform public.lead_record_phone('c0000000-0000-4000-8000-000000000002', '+49301234567');
end $$;
reset role;
do $$ declare c public.contacts; n int; begin
  select count(*) into n from public.contacts where email_key = 'a@x.com';
  if n <> 1 then raise exception 'FAIL: % contacts for one address', n; end if;
  select * into c from public.contacts where email_key = 'a@x.com';
  if c.submissions <> 3 or c.name <> 'Anna 3' or c.email <> 'A@X.COM' or c.phone_e164 <> '+49301234567' then
    raise exception 'FAIL: contact values: %', row_to_json(c);
  end if;
  select count(*) into n from public.leads where contact_id = c.id;
  if n <> 3 then raise exception 'FAIL: % leads attached to the contact', n; end if;
end $$;

-- anon: no grant at all.
set role anon;
set request.jwt.claims = '{"role":"anon"}';
do $$ begin
  perform 1 from public.contacts;
  raise exception 'FAIL: anon reads contacts';
exception when insufficient_privilege then null; end $$;
reset role;

-- A signed-in non-admin: no rows, no writes, no phone recording.
set role authenticated;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-0000000000c2","aal":"aal1","app_metadata":{}}';
do $$ declare n int; begin
  select count(*) into n from public.contacts;
  if n <> 0 then raise exception 'FAIL: a non-admin sees % contacts', n; end if;
end $$;
do $$ begin
  perform public.lead_record_phone('c0000000-0000-4000-8000-000000000001', '+49301234567');
  raise exception 'FAIL: authenticated may call lead_record_phone';
exception when insufficient_privilege then null; end $$;
reset role;

-- The admin (no factor, aal1) reads, writes nothing; at aal2 erases leads and the contact follows.
set role authenticated;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-0000000000c1","aal":"aal1","app_metadata":{"role":"admin"}}';
do $$ declare n int; begin
  select count(*) into n from public.contacts where email_key = 'a@x.com';
  if n <> 1 then raise exception 'FAIL: the admin does not read the contact'; end if;
end $$;
do $$ begin
  update public.contacts set name = 'Forged';
  raise exception 'FAIL: an admin updates contacts';
exception when insufficient_privilege then null; end $$;
do $$ begin
  insert into public.contacts (email_key, email, name, first_seen_at, last_seen_at) values ('f@x.com', 'f@x.com', 'F', now(), now());
  raise exception 'FAIL: an admin inserts contacts';
exception when insufficient_privilege then null; end $$;
do $$ begin
  delete from public.contacts;
  raise exception 'FAIL: an admin deletes contacts';
exception when insufficient_privilege then null; end $$;
do $$ begin
  update public.leads set contact_id = contact_id;
  raise exception 'FAIL: an admin moves a lead to another contact';
exception when insufficient_privilege then null; end $$;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-0000000000c1","aal":"aal2","app_metadata":{"role":"admin"}}';
do $$ declare c public.contacts; begin
  delete from public.leads where id = 'c0000000-0000-4000-8000-000000000003';
  select * into c from public.contacts where email_key = 'a@x.com';
  if c.submissions <> 2 or c.name <> 'Anna 2' then raise exception 'FAIL: after an erasure: %', row_to_json(c); end if;
  delete from public.leads where id in ('c0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000002');
  if exists (select 1 from public.contacts where email_key = 'a@x.com') then
    raise exception 'FAIL: the contact outlives its last lead';
  end if;
end $$;
reset role;

-- Two first submissions of one buyer at the same time: the second connection's insert waits on
-- the unique key of the first's uncommitted contact, then attaches to it.
create extension if not exists dblink;
do $$
declare
  conn text := format('host=%s port=%s dbname=%s user=%s',
    split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port'), current_database(), current_user);
  lead text := 'insert into public.leads (id, kind, name, email, subject, message, locale, consent_contact, consent_privacy)
                values (gen_random_uuid(), ''contact'', ''Race'', %L, ''s'', ''m'', ''en'', true, true)';
  n int;
  i int;
begin
  perform dblink_connect('first', conn);
  perform dblink_connect('second', conn);
  perform dblink_exec('first', 'begin');
  perform dblink_exec('first', format(lead, 'Race@x.com'));
  perform dblink_send_query('second', format(lead, 'race@X.com'));
  -- Wait until the second is blocked on the first's transaction (a lock not granted), so the
  -- two really overlap; the first then commits.
  for i in 1..1000 loop
    exit when exists (select 1 from pg_locks where not granted);
    perform pg_sleep(0.01);
  end loop;
  if not exists (select 1 from pg_locks where not granted) then
    raise exception 'FAIL: the second submission never waited on the first';
  end if;
  perform dblink_exec('first', 'commit');
  perform * from dblink_get_result('second') as r(status text);
  perform * from dblink_get_result('second') as r(status text);
  perform dblink_disconnect('first');
  perform dblink_disconnect('second');
  select count(*) into n from public.contacts where email_key = 'race@x.com';
  if n <> 1 then raise exception 'FAIL: simultaneous first submissions made % contacts', n; end if;
  select submissions into n from public.contacts where email_key = 'race@x.com';
  if n <> 2 then raise exception 'FAIL: the raced contact counts % submissions', n; end if;
end $$;
delete from public.leads where name = 'Race';
drop extension dblink;

\echo 'pg-check: contact assertions passed'
