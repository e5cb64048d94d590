-- The sales inbox: admins change a lead's status and notes and nothing else; an
-- admin whose session reached aal2 may erase one lead (GDPR); indexes for the admin page's
-- filters and sort; lead_summary() for the attribution summary.
--
-- Who may do what after this migration (public.leads):
--   anon                      no UPDATE, no DELETE (no grant: 42501)
--   authenticated, not admin  UPDATE/DELETE match zero rows (policies)
--   admin                     UPDATE of status and notes only (column grant; other columns 42501),
--                             under the same admin/aal2 rule as reading
--   admin at aal2             DELETE (erasure). Nothing else deletes except service_role.

-- Column-level grant: an UPDATE naming any other column fails with 42501 before RLS is asked.
grant update (status, notes) on public.leads to authenticated;
grant delete on public.leads to authenticated;

-- The same rule as leads_select_admin (0001_leads.sql): an admin, and aal2 when the admin has a
-- verified factor. USING picks the rows; WITH CHECK re-checks the new row under the same rule.
create policy leads_update_admin on public.leads
  for update to authenticated
  using (
    (select public.jwt_claims()) -> 'app_metadata' ->> 'role' = 'admin'
    and (select public.jwt_claims()) ->> 'sub' is not null
    and (
      (select public.jwt_claims()) ->> 'aal' = 'aal2'
      or not (select public.user_has_verified_factor(((select public.jwt_claims()) ->> 'sub')::uuid))
    )
  )
  with check (
    (select public.jwt_claims()) -> 'app_metadata' ->> 'role' = 'admin'
    and (select public.jwt_claims()) ->> 'sub' is not null
    and (
      (select public.jwt_claims()) ->> 'aal' = 'aal2'
      or not (select public.user_has_verified_factor(((select public.jwt_claims()) ->> 'sub')::uuid))
    )
  );

-- Erasure is stricter than reading: always aal2, so a stolen password alone never deletes.
create policy leads_delete_admin_aal2 on public.leads
  for delete to authenticated
  using (
    (select public.jwt_claims()) -> 'app_metadata' ->> 'role' = 'admin'
    and (select public.jwt_claims()) ->> 'sub' is not null
    and (select public.jwt_claims()) ->> 'aal' = 'aal2'
  );

-- The list is sorted newest first (created_at desc, id as tiebreaker for stable pages) and
-- filtered by one or more equality columns; each index serves "filter, then newest first"
-- without a sort of the whole table. Products are an array: GIN serves products @> '{pork}'.
create index leads_created_at_id_idx on public.leads (created_at desc, id);
create index leads_status_created_at_idx on public.leads (status, created_at desc);
create index leads_kind_created_at_idx on public.leads (kind, created_at desc);
create index leads_locale_created_at_idx on public.leads (locale, created_at desc);
create index leads_country_created_at_idx on public.leads (country, created_at desc);
create index leads_products_idx on public.leads using gin (products);
-- 0001's single-column index is a prefix of leads_created_at_id_idx.
drop index if exists public.leads_created_at_idx;

-- Host of a referrer URL ('https://www.google.com/search?q=x' -> 'www.google.com'); NULL when
-- the referrer is absent or not an http(s) URL.
create or replace function public.lead_referrer_host(p_referrer text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(lower(substring(p_referrer from '^[hH][tT][tT][pP][sS]?://([^/?#:]+)')), '')
$$;

-- Leads per language, per landing page (country pages included) and per source over
-- [p_from, p_to) (NULL: open-ended). security invoker: it runs as the caller, so RLS decides
-- what is counted (a non-admin counts nothing). Source is utm_source, else the referrer's host,
-- else '(direct)'. Landing page falls back to the form's page for leads stored before
-- attribution existed. One scan (GROUPING SETS); at most 50 values per dimension, largest first,
-- since utm_source and referrers are whatever visitors' links carried.
create or replace function public.lead_summary(p_from timestamptz, p_to timestamptz)
returns table (dimension text, value text, leads integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select g.dimension, g.value, g.leads
  from (
    select s.dimension, s.value, s.leads,
           row_number() over (partition by s.dimension order by s.leads desc, s.value) as rank
    from (
      select case
               when grouping(p.locale) = 0 then 'locale'
               when grouping(p.landing) = 0 then 'landing_page'
               when grouping(p.source) = 0 then 'source'
               else 'total'
             end as dimension,
             coalesce(p.locale, p.landing, p.source) as value,
             count(*)::integer as leads
      from (
        select l.locale,
               coalesce(l.landing_page, l.page, '(unknown)') as landing,
               coalesce(nullif(btrim(l.utm_source), ''), public.lead_referrer_host(l.referrer), '(direct)') as source
        from public.leads l
        where (p_from is null or l.created_at >= p_from) and (p_to is null or l.created_at < p_to)
      ) p
      group by grouping sets ((), (p.locale), (p.landing), (p.source))
    ) s
  ) g
  where g.rank <= 50
  order by g.dimension <> 'total', g.dimension, g.leads desc, g.value
$$;

revoke all on function public.lead_summary(timestamptz, timestamptz) from public, anon;
grant execute on function public.lead_summary(timestamptz, timestamptz) to authenticated, service_role;

-- Search (ILIKE '%text%' over the columns the admin searches) with trigram indexes where
-- pg_trgm is available: hosted Supabase has it (schema extensions), as does PostgreSQL with its
-- contrib package. The local PGlite backend does not load it, so there the search scans the
-- table (slower at 100,000 leads; scripts/bench/admin-inbox.ts measures it).
do $$
declare
  ext_schema text;
  col text;
begin
  begin
    if not exists (select 1 from pg_extension where extname = 'pg_trgm') then
      execute format('create extension pg_trgm with schema %I',
        case when exists (select 1 from pg_namespace where nspname = 'extensions') then 'extensions' else 'public' end);
    end if;
  exception when others then
    raise notice 'pg_trgm is not available (%): lead search scans the table', sqlerrm;
    return;
  end;
  select extnamespace::regnamespace::text into ext_schema from pg_extension where extname = 'pg_trgm';
  foreach col in array array['name', 'email', 'company', 'country', 'subject', 'message'] loop
    execute format('create index if not exists %I on public.leads using gin (%I %s.gin_trgm_ops)',
      'leads_' || col || '_trgm_idx', col, ext_schema);
  end loop;
end
$$;
