-- Local admin for `supabase start` / `supabase db reset` (config.toml [db.seed]); never run on a
-- hosted project. Same login as the embedded backend (server/local-supabase/auth-store.ts,
-- ADMIN_EMAIL / ADMIN_PASSWORD; tests/unit/supabase-cli-layout.test.ts keeps them equal):
--   admin@example.com / netting-admin-2026
-- app_metadata.role = 'admin' is what the RLS policies check. GoTrue reads '' (not NULL) in its
-- token columns, and signs in through an identity row.
create extension if not exists pgcrypto with schema extensions;

do $$
declare
  v_id uuid := '00000000-0000-4000-8000-00000000ad01';
begin
  if exists (select 1 from auth.users where email = 'admin@example.com') then
    return;
  end if;
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change
  ) values (
    '00000000-0000-0000-0000-000000000000', v_id, 'authenticated', 'authenticated',
    'admin@example.com', extensions.crypt('netting-admin-2026', extensions.gen_salt('bf', 10)), now(),
    '{"provider":"email","providers":["email"],"role":"admin"}', '{}', now(), now(),
    '', '', '', ''
  );
  insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
  values (
    gen_random_uuid(), v_id, v_id::text, 'email',
    jsonb_build_object('sub', v_id::text, 'email', 'admin@example.com', 'email_verified', true),
    now(), now(), now()
  );
end
$$;
