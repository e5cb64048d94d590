-- Leads pushed out (supabase/migrations/20261129000300_lead_deliveries.sql) on a Supabase-shaped
-- PostgreSQL, after `supabase db push`: the delivery is created with the lead, claimed once,
-- recorded only by its claim's holder, backed off then given up; admins read it, the browser
-- roles write nothing. Run by scripts/pg-check.sh as supabase_admin, after tests/pg/lead-mail.sql.
\set ON_ERROR_STOP on
set client_min_messages = warning;

insert into auth.users (id, email, raw_app_meta_data) values
  ('00000000-0000-4000-8000-0000000000d1', 'deliveries-admin@example.com', '{"role":"admin"}'),
  ('00000000-0000-4000-8000-0000000000d2', 'deliveries-visitor@example.com', '{}');

set role service_role;
do $$ declare r jsonb; c jsonb; v_id uuid := '20000000-0000-4000-8000-0000000000d1'; v_key uuid; st text; i int; delays int[] := '{}'; begin
  r := public.intake_lead(jsonb_build_object('id', v_id, 'kind', 'contact', 'name', 'Pushed',
    'email', 'pushed@example.org', 'subject', 's', 'message', 'm', 'locale', 'en',
    'consent_privacy', true, 'consent_contact', true), md5('deliveries-pushed') || md5('deliveries-pushed'));
  if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: intake_lead did not store: %', r; end if;
  if (select count(*) from public.lead_deliveries where lead_id = v_id and state = 'pending' and attempts = 0) <> 1 then
    raise exception 'FAIL: the lead''s insert did not create one pending delivery';
  end if;
  select id into v_key from public.lead_deliveries where lead_id = v_id;

  -- A pending delivery younger than p_pending_age belongs to the worker that stored it.
  if jsonb_array_length(public.claim_lead_deliveries(p_lead => v_id)) <> 0 then
    raise exception 'FAIL: the re-drive took a delivery its worker had just stored';
  end if;
  c := public.claim_lead_deliveries(p_lead => v_id, p_pending_age => interval '0 seconds');
  if jsonb_array_length(c) <> 1 or (c -> 0 ->> 'id')::uuid <> v_key or c -> 0 -> 'lead' ->> 'name' <> 'Pushed' then
    raise exception 'FAIL: the claim %', c;
  end if;
  if jsonb_array_length(public.claim_lead_deliveries(p_lead => v_id, p_pending_age => interval '0 seconds')) <> 0 then
    raise exception 'FAIL: a held claim was claimed again';
  end if;
  if public.lead_delivery_result(v_key, gen_random_uuid(), 'delivered', 200) <> 'stale' then
    raise exception 'FAIL: a stranger recorded a claimed delivery';
  end if;

  -- Failures back off as the function says (here 10 s, 20 s), then give up; the id never changes.
  for i in 1..3 loop
    st := public.lead_delivery_result(v_key, (select claim_token from public.lead_deliveries where id = v_key), 'failed', 500, 'HTTP 500',
      array['10 seconds', '20 seconds']::interval[]);
    if st = 'failed' then
      delays := delays || (select round(extract(epoch from next_attempt_at - updated_at))::int from public.lead_deliveries where id = v_key);
      if jsonb_array_length(public.claim_lead_deliveries(p_lead => v_id)) <> 0 then
        raise exception 'FAIL: a failed delivery was claimed before its backoff ran out';
      end if;
      update public.lead_deliveries set next_attempt_at = now() where id = v_key;
      c := public.claim_lead_deliveries(p_lead => v_id);
      if (c -> 0 ->> 'id')::uuid is distinct from v_key then raise exception 'FAIL: the retry has another id: %', c; end if;
    end if;
  end loop;
  if delays <> array[10, 20] then raise exception 'FAIL: backoff %', delays; end if;
  if st <> 'gave_up' or (select attempts from public.lead_deliveries where id = v_key) <> 3 then
    raise exception 'FAIL: after the last backoff the delivery is % after % tries', st, (select attempts from public.lead_deliveries where id = v_key);
  end if;
  update public.lead_deliveries set next_attempt_at = now() - interval '1 day' where id = v_key;
  if jsonb_array_length(public.claim_lead_deliveries(p_lead => v_id, p_pending_age => interval '0 seconds')) <> 0 then
    raise exception 'FAIL: a delivery that gave up was claimed again';
  end if;

  -- A second lead: delivered once, never claimed again; the constraints hold its state honest.
  perform public.intake_lead(jsonb_build_object('id', '20000000-0000-4000-8000-0000000000d2', 'kind', 'contact', 'name', 'Once',
    'email', 'once@example.org', 'subject', 's', 'message', 'm', 'locale', 'en',
    'consent_privacy', true, 'consent_contact', true), md5('deliveries-once') || md5('deliveries-once'));
  c := public.claim_lead_deliveries(p_lead => '20000000-0000-4000-8000-0000000000d2', p_pending_age => interval '0 seconds');
  st := public.lead_delivery_result((c -> 0 ->> 'id')::uuid, (c -> 0 ->> 'claim_token')::uuid, 'delivered', 204);
  if st <> 'delivered' or (select delivered_at from public.lead_deliveries where lead_id = '20000000-0000-4000-8000-0000000000d2') is null then
    raise exception 'FAIL: delivered recorded as %', st;
  end if;
  update public.lead_deliveries set next_attempt_at = now() - interval '1 day' where lead_id = '20000000-0000-4000-8000-0000000000d2';
  if jsonb_array_length(public.claim_lead_deliveries(p_lead => '20000000-0000-4000-8000-0000000000d2', p_pending_age => interval '0 seconds')) <> 0 then
    raise exception 'FAIL: a delivered delivery was claimed again';
  end if;
  begin
    update public.lead_deliveries set delivered_at = null where lead_id = '20000000-0000-4000-8000-0000000000d2';
    raise exception 'FAIL: a delivered row without delivered_at';
  exception when check_violation then null;
  end;
  begin
    insert into public.lead_deliveries (lead_id) values ('20000000-0000-4000-8000-0000000000d2');
    raise exception 'FAIL: a second delivery for one lead';
  exception when unique_violation then null;
  end;
  begin
    update public.lead_deliveries set state = 'lost' where lead_id = v_id;
    raise exception 'FAIL: an unknown state';
  exception when check_violation then null;
  end;

  -- Without a webhook URL the function marks pending deliveries skipped.
  r := public.intake_lead(jsonb_build_object('id', '20000000-0000-4000-8000-0000000000d3', 'kind', 'contact', 'name', 'Skipped',
    'email', 'skipped@example.org', 'subject', 's', 'message', 'm', 'locale', 'en',
    'consent_privacy', true, 'consent_contact', true), md5('deliveries-skip') || md5('deliveries-skip'));
  if r ->> 'outcome' <> 'stored' then raise exception 'FAIL: intake_lead did not store the third lead: %', r; end if;
  -- Two statements: one expression would read the state with the snapshot from before the update.
  i := public.skip_lead_deliveries(p_lead => '20000000-0000-4000-8000-0000000000d3', p_pending_age => interval '0 seconds');
  if i <> 1 or (select state from public.lead_deliveries where lead_id = '20000000-0000-4000-8000-0000000000d3') <> 'skipped' then
    raise exception 'FAIL: skip_lead_deliveries did not mark the pending delivery skipped';
  end if;
end $$;
reset role;

-- An admin reads the deliveries (as the leads: aal2 once a factor is enrolled) and changes nothing.
set role authenticated;
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-0000000000d1","aal":"aal1","app_metadata":{"role":"admin"}}';
do $$ begin
  if (select count(*) from public.lead_deliveries) < 3 then raise exception 'FAIL: an admin does not read the deliveries'; end if;
  update public.lead_deliveries set state = 'delivered' where state = 'gave_up';
  raise exception 'FAIL: an admin updated a delivery';
exception when insufficient_privilege then null;
end $$;
do $$ begin
  delete from public.lead_deliveries;
  raise exception 'FAIL: an admin deleted deliveries';
exception when insufficient_privilege then null;
end $$;
do $$ begin
  perform public.claim_lead_deliveries();
  raise exception 'FAIL: an admin claimed deliveries';
exception when insufficient_privilege then null;
end $$;
-- Another signed-in user (no admin role, or the role only in user_metadata) reads none.
set request.jwt.claims = '{"role":"authenticated","sub":"00000000-0000-4000-8000-0000000000d2","aal":"aal2","user_metadata":{"role":"admin"}}';
do $$ begin
  if (select count(*) from public.lead_deliveries) <> 0 then raise exception 'FAIL: a non-admin reads deliveries'; end if;
end $$;
reset role;
set role anon;
set request.jwt.claims = '{"role":"anon"}';
do $$ begin
  perform count(*) from public.lead_deliveries;
  raise exception 'FAIL: anon reads deliveries';
exception when insufficient_privilege then null;
end $$;
reset role;

do $$ begin
  if not (select relrowsecurity and relforcerowsecurity from pg_class where oid = 'public.lead_deliveries'::regclass) then
    raise exception 'FAIL: lead_deliveries without forced row level security';
  end if;
  if has_table_privilege('authenticated', 'public.lead_deliveries', 'insert') or has_table_privilege('authenticated', 'public.lead_deliveries', 'update')
     or has_table_privilege('anon', 'public.lead_deliveries', 'select') then
    raise exception 'FAIL: a browser role may write lead_deliveries, or anon read it';
  end if;
  if has_function_privilege('authenticated', 'public.lead_delivery_result(uuid, uuid, text, int, text, interval[])', 'execute')
     or has_function_privilege('anon', 'public.skip_lead_deliveries(uuid, interval, text)', 'execute') then
    raise exception 'FAIL: an API role may record or skip deliveries';
  end if;
end $$;
\echo 'pg-check: lead delivery assertions passed'
