-- Minimal stand-in for the parts of hosted Supabase that exist before any project migration:
-- the API roles and GoTrue's auth schema. Runs before supabase/migrations/* on PGlite (the local
-- server). Never run it against hosted Supabase. The real PostgreSQL check (scripts/pg-check.sh)
-- uses tests/pg/supabase-roles.sql instead, closer to a hosted project: postgres without
-- superuser rights, GoTrue's full auth.users and auth.identities (which supabase/seed.sql needs).
--
-- Column names mirror GoTrue's real tables (auth.users, auth.sessions, auth.refresh_tokens,
-- auth.mfa_factors, auth.mfa_challenges, auth.mfa_amr_claims) so SQL written against them,
-- such as public.user_has_verified_factor(), behaves the same in both places. Enums are plain
-- text with CHECKs: comparisons like status = 'verified' read the same either way.
-- Idempotent, because it runs on every start of a persistent database.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

create schema if not exists auth;
-- Usage only, as on hosted Supabase: the API roles may call auth.uid() but read no auth table.
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists users_email_key on auth.users (lower(email));

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  factor_id uuid,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2', 'aal3')),
  not_after timestamptz
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  -- varchar, as in GoTrue, which predates uuid user ids.
  user_id varchar(255) not null,
  revoked boolean not null default false,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  status text not null check (status in ('unverified', 'verified')),
  secret text,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The local server's replay protection: the TOTP time step of the last accepted code.
alter table auth.mfa_factors add column if not exists last_totp_step bigint;
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (user_id, friendly_name) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet
);

create table if not exists auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- Same definitions as hosted Supabase, so later migrations may use them locally too.
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

create schema if not exists supabase_migrations;
-- Same table the Supabase CLI uses to remember applied migrations.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);
