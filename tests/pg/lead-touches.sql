-- First and last touch, click ids and the consent on record (20261129000100_lead_touches.sql) on
-- a Supabase-shaped PostgreSQL, after `supabase db push`: intake_lead() copies them, the CHECKs
-- hold without the function's zod in front, and staff cannot rewrite them.
-- Run by scripts/pg-check.sh as supabase_admin, after tests/pg/lead-mail.sql.
\set ON_ERROR_STOP on
set client_min_messages = warning;

set role service_role;
do $$ declare r jsonb; l public.leads; begin
  r := public.intake_lead((
    '{"id":"30000000-0000-4000-8000-000000000001","kind":"contact","name":"Touch","email":"touch@example.de",
      "subject":"s","message":"m","locale":"de","consent_contact":true,"consent_privacy":true,
      "landing_page":"/de/kontakt/","gclid":"G-1","first_landing_page":"/de/","first_referrer":"https://www.google.de/",
      "first_utm_source":"google","first_gclid":"Cj0KCQ-x_1.y","first_fbclid":"IwAR2",
      "consent_version":"0123456789ab","consent_hash":"' || repeat('ab', 32) || '"}')::jsonb, repeat('d', 64));
  if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: intake_lead did not store the touches: %', r; end if;
  select * into l from public.leads where id = '30000000-0000-4000-8000-000000000001';
  if l.landing_page <> '/de/kontakt/' or l.gclid <> 'G-1' or l.first_landing_page <> '/de/' or l.first_utm_source <> 'google'
     or l.first_gclid <> 'Cj0KCQ-x_1.y' or l.first_fbclid <> 'IwAR2' or l.consent_version <> '0123456789ab'
     or l.consent_hash <> repeat('ab', 32) then
    raise exception 'FAIL: intake_lead dropped a touch or the consent record: %', row_to_json(l);
  end if;
end $$;

-- Each CHECK, by name, through intake_lead as the function calls it.
do $$ declare
  bad jsonb;
  cases text[][] := array[
    ['{"gclid":"a b"}', 'leads_gclid_check'],
    ['{"first_fbclid":"x<y"}', 'leads_first_fbclid_check'],
    ['{"first_gclid":"' || repeat('g', 256) || '"}', 'leads_first_gclid_check'],
    ['{"first_referrer":"' || repeat('r', 501) || '"}', 'leads_first_referrer_check'],
    ['{"consent_version":"V1","consent_hash":"' || repeat('ab', 32) || '"}', 'leads_consent_version_check'],
    ['{"consent_version":"0123456789ab","consent_hash":"' || repeat('AB', 32) || '"}', 'leads_consent_hash_check'],
    ['{"consent_hash":"' || repeat('ab', 32) || '"}', 'leads_consent_record_check']
  ];
  c text[];
  constraint_name text;
begin
  foreach c slice 1 in array cases loop
    bad := jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Bad', 'email', 'bad@example.de',
      'subject', 's', 'message', 'm', 'locale', 'de', 'consent_contact', true, 'consent_privacy', true) || c[1]::jsonb;
    begin
      perform public.intake_lead(bad, repeat('e', 64), 1000);
      raise exception 'FAIL: % was stored', c[1];
    exception when check_violation then
      get stacked diagnostics constraint_name = constraint_name;
      if constraint_name <> c[2] then raise exception 'FAIL: % broke % instead of %', c[1], constraint_name, c[2]; end if;
    end;
  end loop;
end $$;
reset role;

-- Staff triage status and notes only: a touch or the consent record is the buyer's, not theirs.
do $$ begin
  if has_column_privilege('authenticated', 'public.leads', 'first_utm_source', 'update')
     or has_column_privilege('authenticated', 'public.leads', 'consent_hash', 'update')
     or has_column_privilege('anon', 'public.leads', 'first_gclid', 'select') then
    raise exception 'FAIL: an API role may rewrite or an anonymous one read the touches or the consent record';
  end if;
  if not has_column_privilege('authenticated', 'public.leads', 'first_landing_page', 'select') then
    raise exception 'FAIL: the admin cannot read the first touch';
  end if;
end $$;

\echo 'pg-check: lead touches assertions passed'
