-- What `supabase db push --include-seed` left behind, checked as the superuser by
-- scripts/pg-check.sh before tests/pg/rls.sql. psql variable expected_versions: the versions of
-- supabase/migrations/*.sql, comma-separated in order.
\set ON_ERROR_STOP 1
\set QUIET 1
set client_min_messages = warning;
-- psql variables do not reach into DO blocks; a custom setting does.
set pg_check.expected_versions = :'expected_versions';

-- Every migration file, each recorded once in the CLI's own history table: the next
-- `supabase db push` (the release) applies only what is new.
do $$ declare got text; begin
  select string_agg(version, ',' order by version) into got from supabase_migrations.schema_migrations;
  if got is distinct from current_setting('pg_check.expected_versions') then
    raise exception 'FAIL: supabase_migrations.schema_migrations holds %, the migrations are %',
      got, current_setting('pg_check.expected_versions');
  end if;
end $$;

-- The seed's admin (supabase/seed.sql), as GoTrue reads it: the admin role in app_metadata
-- (what the policies check), the password bcrypt-hashed, a confirmed address, '' in the token
-- columns GoTrue scans as strings, and an email identity to sign in through.
do $$ declare u auth.users; n int; begin
  select * into u from auth.users where email = 'admin@example.com';
  if u.id is null then raise exception 'FAIL: seed.sql created no admin@example.com'; end if;
  if u.raw_app_meta_data ->> 'role' is distinct from 'admin' then
    raise exception 'FAIL: the seeded admin has app_metadata %', u.raw_app_meta_data;
  end if;
  if u.encrypted_password is distinct from extensions.crypt('netting-admin-2026', u.encrypted_password) then
    raise exception 'FAIL: the seeded admin''s password is not the documented one';
  end if;
  if u.aud <> 'authenticated' or u.role <> 'authenticated' or u.email_confirmed_at is null then
    raise exception 'FAIL: the seeded admin is not a confirmed authenticated user: % % %', u.aud, u.role, u.email_confirmed_at;
  end if;
  if u.confirmation_token is null or u.recovery_token is null or u.email_change_token_new is null or u.email_change is null then
    raise exception 'FAIL: the seeded admin has NULL token columns, which GoTrue cannot read';
  end if;
  select count(*) into n from auth.identities
  where user_id = u.id and provider = 'email' and provider_id = u.id::text and email = 'admin@example.com';
  if n <> 1 then raise exception 'FAIL: the seeded admin has % email identities, expected 1', n; end if;
end $$;
