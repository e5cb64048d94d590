-- The lead mail path on a Supabase-shaped PostgreSQL, after `supabase db push`: the mailbox key
-- the acknowledgement cap counts, the bare-address net under the schema, and who may call them.
-- Run by scripts/pg-check.sh as supabase_admin, after tests/pg/rls.sql.
\set ON_ERROR_STOP on
set client_min_messages = warning;

-- One mailbox, one key (docs/BACKEND.md, "No relay").
do $$ begin
  if public.mailbox_key('Buyer.One+quotes@Example.NET') <> 'buyer.one@example.net' then
    raise exception 'FAIL: mailbox_key keeps a +tag or the case: %', public.mailbox_key('Buyer.One+quotes@Example.NET');
  end if;
  if public.mailbox_key('J.S.mith+x@googlemail.com') <> 'jsmith@gmail.com' then
    raise exception 'FAIL: mailbox_key keeps Gmail dots: %', public.mailbox_key('J.S.mith+x@googlemail.com');
  end if;
  if public.mailbox_key('first.last@example.org') <> 'first.last@example.org' then
    raise exception 'FAIL: mailbox_key drops dots outside Gmail';
  end if;
  if public.is_bare_email('x<victim@example.org>') or public.is_bare_email('victim@example.org,1')
     or public.is_bare_email('"victim"@example.org') or public.is_bare_email('victim(c)@example.org')
     or public.is_bare_email('victim@example.org.') then
    raise exception 'FAIL: is_bare_email takes more than one bare address';
  end if;
  if not public.is_bare_email('ali@münchen.example') then
    raise exception 'FAIL: is_bare_email refuses an internationalised domain the form accepts';
  end if;
end $$;

-- intake_lead refuses a non-bare address, whoever calls it (the function validates first).
set role service_role;
do $$ begin
  perform public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Spelt',
    'email', 'x<victim@example.org>', 'subject', 's', 'message', 'm', 'locale', 'en',
    'consent_privacy', true, 'consent_contact', true), repeat('f', 64));
  raise exception 'FAIL: intake_lead stored x<victim@example.org>';
exception when check_violation then null;
end $$;
-- The cap counts the mailbox: three spellings of one address, then the fourth is skipped.
do $$ declare r jsonb; i int; begin
  for i in 1..4 loop
    r := public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Spelt',
      'email', (array['Cap.Key@Example.org', 'cap.key+a@example.org', 'CAP.KEY@EXAMPLE.ORG', 'cap.key+b@example.org'])[i],
      'subject', 's', 'message', 'm', 'locale', 'en', 'consent_privacy', true, 'consent_contact', true),
      md5(i::text) || md5(i::text));
  end loop;
  if r ->> 'ack_skipped' is distinct from 'recipient_limit' then
    raise exception 'FAIL: the fourth spelling of one mailbox was acknowledged: %', r;
  end if;
end $$;
-- The acknowledgement budget is per client network: one network's grants do not touch another's.
do $$ declare r jsonb; i int; begin
  for i in 1..3 loop
    r := public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Net',
      'email', 'net' || i || '@example.org', 'subject', 's', 'message', 'm', 'locale', 'en',
      'consent_privacy', true, 'consent_contact', true), repeat('9', 64), p_ack_per_client => 2);
  end loop;
  if r ->> 'ack_skipped' is distinct from 'client_limit' then
    raise exception 'FAIL: a third acknowledgement from one network over a budget of 2: %', r;
  end if;
  r := public.intake_lead(jsonb_build_object('id', gen_random_uuid(), 'kind', 'contact', 'name', 'Net',
    'email', 'net4@example.org', 'subject', 's', 'message', 'm', 'locale', 'en',
    'consent_privacy', true, 'consent_contact', true), repeat('8', 64), p_ack_per_client => 2);
  if (r ->> 'ack')::boolean is not true then
    raise exception 'FAIL: another network lost its acknowledgement to the first one''s budget: %', r;
  end if;
  if (select count(*) from public.lead_ack_grants where ip_hash = repeat('9', 64)) <> 2 then
    raise exception 'FAIL: lead_ack_grants does not hold the 2 grants of the network';
  end if;
end $$;
-- The outbox: a lead's mails are created with it; a claim holds each mail once; only the claim's
-- holder records; failures back off 1 min … 24 h, then need attention.
do $$ declare r jsonb; c jsonb; again jsonb; v_id uuid := gen_random_uuid(); begin
  r := public.intake_lead(jsonb_build_object('id', v_id, 'kind', 'contact', 'name', 'Outbox',
    'email', 'outbox@example.org', 'subject', 's', 'message', 'm', 'locale', 'en',
    'consent_privacy', true, 'consent_contact', true), repeat('7', 64));
  if (select count(*) from public.lead_mails where lead_id = v_id and state = 'pending') <> 2 then
    raise exception 'FAIL: intake_lead did not create the two pending mails';
  end if;
  c := public.claim_lead_mails(p_lead => v_id, p_pending_age => interval '0 seconds', p_domain => 'example.com');
  if jsonb_array_length(c) <> 2 then raise exception 'FAIL: claimed % mails, not 2', jsonb_array_length(c); end if;
  if c -> 0 ->> 'message_id' not like '<' || v_id || '.%@example.com>' then
    raise exception 'FAIL: Message-ID %', c -> 0 ->> 'message_id';
  end if;
  again := public.claim_lead_mails(p_lead => v_id, p_pending_age => interval '0 seconds', p_force => true);
  if jsonb_array_length(again) <> 0 then raise exception 'FAIL: a held claim was claimed again'; end if;
  if public.lead_mail_result(v_id, 'sales', gen_random_uuid(), 'sent') <> 'stale' then
    raise exception 'FAIL: a stranger recorded a claimed mail';
  end if;
end $$;
do $$ declare v_id uuid; st text; i int; delays int[] := '{}'; begin
  select id into v_id from public.leads where name = 'Outbox';
  st := public.lead_mail_result(v_id, 'sales', (select claim_token from public.lead_mails where lead_id = v_id and mail = 'sales'), 'sent');
  if st <> 'sent' then raise exception 'FAIL: the holder could not record sent: %', st; end if;
  for i in 1..7 loop
    st := public.lead_mail_result(v_id, 'ack', (select claim_token from public.lead_mails where lead_id = v_id and mail = 'ack'), 'failed', 'SMTP down');
    if st = 'failed' then
      delays := delays || (select round(extract(epoch from next_attempt_at - updated_at))::int from public.lead_mails where lead_id = v_id and mail = 'ack');
      update public.lead_mails set next_attempt_at = now() where lead_id = v_id and mail = 'ack';
      perform public.claim_lead_mails(p_lead => v_id);
    end if;
  end loop;
  if delays <> array[60, 300, 1800, 7200, 21600, 86400] then raise exception 'FAIL: backoff %', delays; end if;
  if st <> 'needs_attention' then raise exception 'FAIL: after the last backoff the mail is %', st; end if;
  if (select notification_status from public.leads where id = v_id) <> 'needs_attention'
     or (select mails_sent from public.leads where id = v_id) <> array['sales'] then
    raise exception 'FAIL: the lead summary does not say needs_attention with the sales mail sent';
  end if;
end $$;
reset role;

-- lead_mails and its functions belong to service_role alone.
do $$ begin
  if has_table_privilege('authenticated', 'public.lead_mails', 'select') or has_table_privilege('anon', 'public.lead_mails', 'select') then
    raise exception 'FAIL: an API role may read lead_mails';
  end if;
  if has_function_privilege('authenticated', 'public.claim_lead_mails(uuid, interval, int, interval, boolean, boolean, text)', 'execute')
     or has_function_privilege('anon', 'public.lead_mail_result(uuid, text, uuid, text, text, interval[])', 'execute') then
    raise exception 'FAIL: an API role may claim or record mails';
  end if;
  if not (select relforcerowsecurity from pg_class where oid = 'public.lead_mails'::regclass) then
    raise exception 'FAIL: lead_mails without forced row level security';
  end if;
end $$;

-- lead_ack_grants belongs to service_role alone.
do $$ begin
  if has_table_privilege('anon', 'public.lead_ack_grants', 'select') or has_table_privilege('authenticated', 'public.lead_ack_grants', 'select')
     or has_table_privilege('authenticated', 'public.lead_ack_grants', 'insert') then
    raise exception 'FAIL: an API role may touch lead_ack_grants';
  end if;
  if not has_table_privilege('service_role', 'public.lead_ack_grants', 'insert') then
    raise exception 'FAIL: service_role may not write lead_ack_grants';
  end if;
  if not (select relrowsecurity and relforcerowsecurity from pg_class where oid = 'public.lead_ack_grants'::regclass) then
    raise exception 'FAIL: lead_ack_grants without forced row level security';
  end if;
end $$;

-- Who may call what: the API roles only what the admin needs.
do $$ begin
  if has_function_privilege('anon', 'public.mailbox_key(text)', 'execute') then
    raise exception 'FAIL: anon may execute mailbox_key';
  end if;
  if not has_function_privilege('authenticated', 'public.mailbox_key(text)', 'execute') then
    raise exception 'FAIL: authenticated may not execute mailbox_key (the generated column needs it on update)';
  end if;
end $$;

\echo 'pg-check: lead mail assertions passed'
