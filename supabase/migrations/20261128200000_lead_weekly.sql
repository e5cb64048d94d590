-- The inbox's charts (components/admin/lead-charts.tsx): leads per week (weeks start on Monday,
-- UTC) in all, per language, per source and per product, each with how many were answered
-- (status no longer 'new'). A week is named by its Monday as text ('2026-11-23'), the same from
-- PostgREST and the local stand-in. Counted in the database, not in the browser: the browser holds one
-- page of 50 leads and a chart over months would have to download every lead first.
-- security invoker, like lead_summary(): it runs as the caller, so RLS decides what is counted (a
-- non-admin counts nothing). Source is what lead_summary() calls source: utm_source, else the
-- referrer's host, else '(direct)'. A lead naming two products counts once for each. At most 20
-- sources and 20 products per week, the largest; the 'total' row holds every lead of the week.
create or replace function public.lead_weekly(p_from timestamptz, p_to timestamptz)
returns table (week text, dimension text, value text, leads integer, answered integer)
language sql
stable
security invoker
set search_path = ''
as $$
  with l as (
    select to_char(date_trunc('week', x.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
           x.locale,
           coalesce(nullif(btrim(x.utm_source), ''), public.lead_referrer_host(x.referrer), '(direct)') as source,
           x.products,
           x.status <> 'new' as answered
    from public.leads x
    where (p_from is null or x.created_at >= p_from) and (p_to is null or x.created_at < p_to)
  ),
  counted as (
    select l.week, 'total' as dimension, null::text as value, count(*)::integer as leads, (count(*) filter (where l.answered))::integer as answered
    from l group by l.week
    union all
    select l.week, 'locale', l.locale, count(*)::integer, (count(*) filter (where l.answered))::integer
    from l group by l.week, l.locale
    union all
    select l.week, 'source', l.source, count(*)::integer, (count(*) filter (where l.answered))::integer
    from l group by l.week, l.source
    union all
    select l.week, 'product', p.product, count(*)::integer, (count(*) filter (where l.answered))::integer
    from l cross join lateral unnest(l.products) as p(product)
    group by l.week, p.product
  )
  select c.week, c.dimension, c.value, c.leads, c.answered
  from (
    select counted.*, row_number() over (partition by counted.week, counted.dimension order by counted.leads desc, counted.value) as rank
    from counted
  ) c
  where c.rank <= 20
  order by c.week, c.dimension, c.leads desc, c.value
$$;

revoke all on function public.lead_weekly(timestamptz, timestamptz) from public, anon;
grant execute on function public.lead_weekly(timestamptz, timestamptz) to authenticated, service_role;
