-- One contact per buyer (issue 43, item 2): every lead belongs to the contact of its email.
--
-- Same buyer = same public.contact_email_key(email): the address trimmed and lower-cased, so
-- 'A@x.com ' and 'a@x.com' are one contact. Not public.mailbox_key(): that one also drops a +tag
-- and Gmail's dots, which is right for an anti-abuse cap (over-counting there only skips an
-- acknowledgement) but would merge sales+eu@firm.com and sales+us@firm.com, which firms do use
-- for different people. Merging two buyers is worse than showing one buyer twice.
--
-- The phone decides nothing. The Edge Function normalises it to E.164 with libphonenumber-js
-- (the lead's country as the default region) and records it with public.lead_record_phone();
-- the contact shows the phone of its latest submission that had one. Two contacts with the same
-- phone stay two: a switchboard number is shared by everyone at a company, and a typo would merge
-- strangers. The inbox shows a shared phone as a hint instead.
--
-- Attached by triggers on public.leads rather than inside public.intake_lead(): the same
-- transaction as the insert (atomic), whatever version of intake_lead() a later migration
-- installs, and for every other insert path too. The unique index on email_key plus
-- INSERT … ON CONFLICT makes two simultaneous first submissions of one buyer find ONE contact.
--
-- Who may do what (public.contacts): admins read under the leads' rule (role admin, aal2 when
-- the admin has a factor); nobody from the browser writes; only these triggers (security
-- definer) and service_role change it. Erasing a buyer's last lead erases the contact too.

create function public.contact_email_key(p_email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(btrim(p_email))
$$;

create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  email_key text not null constraint contacts_email_key_check check (email_key = public.contact_email_key(email_key)),
  -- The latest submission's values, as the buyer typed them.
  email text not null,
  name text not null,
  company text,
  phone_e164 text constraint contacts_phone_e164_check check (phone_e164 ~ '^\+[1-9][0-9]{6,14}$'),
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  submissions integer not null default 0 constraint contacts_submissions_check check (submissions >= 0)
);
create unique index contacts_email_key_idx on public.contacts (email_key);
create index contacts_last_seen_at_idx on public.contacts (last_seen_at desc, id);
create index contacts_phone_e164_idx on public.contacts (phone_e164) where phone_e164 is not null;

alter table public.leads
  add column contact_id uuid references public.contacts (id),
  add column phone_e164 text constraint leads_phone_e164_check check (phone_e164 ~ '^\+[1-9][0-9]{6,14}$');

-- Leads stored before: one contact per key, its display values from the latest lead. Their
-- phones stay unparsed (E.164 needs libphonenumber, which lives in the function, not in SQL).
insert into public.contacts (email_key, email, name, company, first_seen_at, last_seen_at, submissions)
select distinct on (l.k) l.k, l.email, l.name, l.company,
  min(l.created_at) over w, max(l.created_at) over w, count(*) over w
from (select public.contact_email_key(email) as k, * from public.leads) l
window w as (partition by l.k)
order by l.k, l.created_at desc, l.id desc;
update public.leads l set contact_id = c.id from public.contacts c where c.email_key = public.contact_email_key(l.email);

alter table public.leads alter column contact_id set not null;
create index leads_contact_id_created_at_idx on public.leads (contact_id, created_at desc);

-- Before the insert: find or create the contact (the ON CONFLICT waits for a concurrent insert
-- of the same key and then takes its row) and set contact_id. The counts change after the
-- insert, so an insert that ends as a duplicate id (ON CONFLICT (id) DO NOTHING) counts nothing.
create function public.leads_attach_contact()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.contacts as c (email_key, email, name, company, first_seen_at, last_seen_at)
  values (public.contact_email_key(new.email), new.email, new.name, new.company, new.created_at, new.created_at)
  on conflict (email_key) do update set email_key = c.email_key
  returning c.id into new.contact_id;
  return new;
end
$$;

create function public.leads_count_contact()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.contacts c set
    submissions = c.submissions + 1,
    first_seen_at = least(c.first_seen_at, new.created_at),
    last_seen_at = greatest(c.last_seen_at, new.created_at),
    email = case when new.created_at >= c.last_seen_at then new.email else c.email end,
    name = case when new.created_at >= c.last_seen_at then new.name else c.name end,
    company = case when new.created_at >= c.last_seen_at then new.company else c.company end,
    phone_e164 = case when new.created_at >= c.last_seen_at then coalesce(new.phone_e164, c.phone_e164) else c.phone_e164 end
  where c.id = new.contact_id;
  return new;
end
$$;

-- One contact's values again from the leads it still has; none left: the contact goes (an
-- erasure must not leave the buyer's name and address behind).
create function public.contact_refresh(p_contact uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.leads where contact_id = p_contact) then
    delete from public.contacts where id = p_contact;
    return;
  end if;
  update public.contacts c set
    submissions = s.n, first_seen_at = s.first_at, last_seen_at = s.last_at,
    email = latest.email, name = latest.name, company = latest.company,
    phone_e164 = (select l.phone_e164 from public.leads l
                  where l.contact_id = p_contact and l.phone_e164 is not null
                  order by l.created_at desc, l.id desc limit 1)
  from (select count(*)::int as n, min(created_at) as first_at, max(created_at) as last_at
        from public.leads where contact_id = p_contact) s,
       (select email, name, company from public.leads where contact_id = p_contact
        order by created_at desc, id desc limit 1) latest
  where c.id = p_contact;
end
$$;

create function public.leads_release_contact()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.contact_refresh(old.contact_id);
  return old;
end
$$;

create trigger leads_attach_contact before insert on public.leads
  for each row execute function public.leads_attach_contact();
create trigger leads_count_contact after insert on public.leads
  for each row execute function public.leads_count_contact();
create trigger leads_release_contact after delete on public.leads
  for each row execute function public.leads_release_contact();

-- The phone of a stored lead in E.164 (null: it did not parse). Called by the Edge Function right
-- after intake_lead(); a lead stored without it is still whole (the phone is only a hint).
create function public.lead_record_phone(p_id uuid, p_phone_e164 text)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_contact uuid;
begin
  update public.leads set phone_e164 = p_phone_e164 where id = p_id returning contact_id into v_contact;
  if v_contact is not null then
    perform public.contact_refresh(v_contact);
  end if;
end
$$;

alter table public.contacts enable row level security;
alter table public.contacts force row level security;
revoke all on public.contacts from public, anon, authenticated;
grant select on public.contacts to authenticated;
grant all on public.contacts to service_role;

create policy contacts_select_admin on public.contacts
  for select to authenticated
  using (
    (select public.jwt_claims()) -> 'app_metadata' ->> 'role' = 'admin'
    and (select public.jwt_claims()) ->> 'sub' is not null
    and (
      (select public.jwt_claims()) ->> 'aal' = 'aal2'
      or not (select public.user_has_verified_factor(((select public.jwt_claims()) ->> 'sub')::uuid))
    )
  );

-- Trigger functions run only as triggers; the refresh and the phone only for the server.
revoke all on function public.contact_email_key(text) from public, anon, authenticated;
revoke all on function public.leads_attach_contact() from public, anon, authenticated;
revoke all on function public.leads_count_contact() from public, anon, authenticated;
revoke all on function public.leads_release_contact() from public, anon, authenticated;
revoke all on function public.contact_refresh(uuid) from public, anon, authenticated;
revoke all on function public.lead_record_phone(uuid, text) from public, anon, authenticated;
grant execute on function public.contact_email_key(text) to authenticated, service_role;
grant execute on function public.lead_record_phone(uuid, text) to service_role;
grant execute on function public.contact_refresh(uuid) to service_role;
