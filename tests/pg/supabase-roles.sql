-- A PostgreSQL database shaped like a hosted Supabase project before any project migration, for
-- scripts/pg-check.sh (`npm run test:pg`). It runs as the cluster's superuser, supabase_admin,
-- once per database; the Supabase CLI then applies supabase/migrations/*.sql and
-- supabase/seed.sql as `postgres`, exactly as `supabase db push` does on a hosted project.
--
-- Sources, in supabase/postgres (the image every project runs):
--   migrations/db/init-scripts/00000000000000-initial-schema.sql   roles, extensions, grants
--   migrations/db/init-scripts/00000000000001-auth-schema.sql      auth schema and its owner
--   migrations/db/init-scripts/00000000000003-post-setup.sql       postgres' search_path
--   migrations/db/migrations/10000000000000_demote-postgres.sql    postgres is no superuser
--   migrations/db/migrations/20230529180330_alter_api_roles_for_inherit.sql
--   migrations/db/migrations/20250421084701_revoke_admin_roles_from_postgres.sql
-- and in supabase/auth (GoTrue), migrations/*.up.sql for the auth tables' columns.
--
-- psql variable api_default_grants (on/off): whether tables, functions and sequences that
-- postgres creates in public are granted to the API roles automatically. Projects created
-- before 30 May 2026 had that default until 30 October 2026; every project has it off since
-- (Supabase changelog, "New tables in the public schema will no longer be exposed to the Data
-- API automatically"). The migrations must hold either way, so pg-check runs both.

\set ON_ERROR_STOP 1
set client_min_messages = warning;

-- Roles are cluster-wide: created once, skipped in the second database.
do $$
begin
  -- The role migrations and the dashboard use. Not a superuser, as on hosted Supabase
  -- (demote-postgres): anything a migration needs beyond the grants below fails here too.
  -- BYPASSRLS as there, so the table owner is not filtered by its own policies.
  if not exists (select 1 from pg_roles where rolname = 'postgres') then
    create role postgres login nosuperuser createdb createrole replication bypassrls;
  end if;
  -- The API roles PostgREST switches to from the JWT's role claim. Created NOINHERIT, and made
  -- INHERIT since 2023 (alter_api_roles_for_inherit); service_role skips RLS.
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin inherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin inherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin inherit bypassrls;
  end if;
  -- PostgREST logs in as authenticator and may only SET ROLE to the three API roles:
  -- NOINHERIT, so it holds none of their rights itself.
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
    grant anon, authenticated, service_role to authenticator;
  end if;
  -- GoTrue's own role, owner of the auth tables; postgres is no longer a member of it.
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole;
  end if;
end
$$;

-- Migrations may create extensions (trusted ones such as pg_trgm) and schemas
-- (supabase_migrations, which the CLI creates on its first push): demote-postgres grants all
-- on the database. postgres owns public, where the migrations create their tables.
do $$ begin execute format('grant all on database %I to postgres', current_database()); end $$;
alter schema public owner to postgres;
grant usage on schema public to anon, authenticated, service_role;
alter role postgres set search_path to "$user", public, extensions;

-- Extensions live in their own schema; the seed calls extensions.crypt() and gen_salt().
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to postgres;

-- GoTrue's schema, owned by supabase_auth_admin. postgres may read and write the auth tables
-- (the seed inserts the admin, public.user_has_verified_factor() reads auth.mfa_factors) but
-- not create objects in auth (revoke_admin_roles_from_postgres). The API roles only have USAGE.
create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
set role supabase_auth_admin;

-- The columns GoTrue has today (users since 00_init_auth_schema, renamed and extended later).
-- The token columns are nullable, but GoTrue scans them as strings: a row it should sign in
-- needs '' there, which is why the seed sets them.
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;

-- GoTrue signs in through an identity: provider 'email', provider_id the user's id. email is
-- generated from identity_data, id has a default (add_id_pkey_identities).
create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);

-- Read by public.user_has_verified_factor() (the admin policies' aal2 rule). Enums, and
-- timestamps without defaults, as in GoTrue's add_mfa_schema.
do $$ begin
  create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  create type auth.factor_status as enum ('unverified', 'verified');
exception when duplicate_object then null;
end $$;
create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  last_challenged_at timestamptz unique
);

-- GoTrue's helpers for policies. The migrations read request.jwt.claims through
-- public.jwt_claims() instead, but a policy written the usual Supabase way must work here too.
-- GoTrue's own definitions, as the local backend's stand-in has them too
-- (server/local-supabase/bootstrap.sql); each stand-in stays one file its engine runs whole.
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
reset role;
grant all on all tables in schema auth to postgres;
grant execute on all functions in schema auth to postgres, anon, authenticated, service_role;

-- Objects supabase_admin creates in public (extensions the platform installs there) are granted
-- to the API roles on every project; that default cannot be changed from postgres.
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- What postgres creates in public: granted to the API roles with the old default, left to the
-- migration's own GRANTs with the new one.
\if :api_default_grants
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
\endif
