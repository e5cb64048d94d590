#!/usr/bin/env bash
# The migrations and seed.sql applied the way production applies them, then checked: a throwaway
# PostgreSQL cluster set up like a hosted Supabase project (tests/pg/supabase-roles.sql, as the
# superuser supabase_admin), `supabase db push --include-seed` with the pinned Supabase CLI as the
# non-superuser postgres over TCP, then tests/pg/cli-push.sql (every migration recorded, the
# seed's admin), tests/pg/rls.sql (grants, RLS, CHECKs, the intake function),
# tests/pg/lead-mail.sql (the mailbox key, the mail outbox and who may call it),
# tests/pg/lead-deliveries.sql (the webhook outbox, its RLS and constraints),
# tests/pg/lead-touches.sql (first and last touch, click ids, the consent record) and
# tests/pg/contacts.sql (one contact per buyer, who reads contacts, simultaneous first submissions).
#
# Two databases in the one cluster, because hosted projects have had two defaults for what
# postgres creates in public: `postgres` with none (every project since 30 October 2026) and
# `legacy_grants` with everything granted to anon, authenticated and service_role (before).
# A migration that forgets a GRANT fails in the first, one that forgets a REVOKE in the second.
#
# Finds PostgreSQL 17, 16 or 15 (Debian/Ubuntu /usr/lib/postgresql/<v>/bin, GitHub's runners
# included, or initdb on PATH); PG_BIN overrides. Without one, or without the CLI
# (node_modules/.bin/supabase), it skips (exit 0) with a message, except when CI is set: there a
# missing piece fails loudly instead of passing silently.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

skip() {
  if [[ -n "${CI:-}" ]]; then
    echo "pg-check: FAILED: $1 (CI is set, so this is an error)" >&2
    exit 1
  fi
  echo "pg-check: skipped, $1"
  exit 0
}

find_pg_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  for v in 17 16 15; do
    if [[ -x "/usr/lib/postgresql/$v/bin/initdb" ]]; then echo "/usr/lib/postgresql/$v/bin"; return; fi
  done
  local initdb
  initdb="$(command -v initdb 2>/dev/null || true)"
  if [[ -n "$initdb" ]]; then
    local major
    major="$("$initdb" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')"
    if [[ "$major" =~ ^(15|16|17)$ ]]; then dirname "$(readlink -f "$initdb")"; return; fi
  fi
}

PG_BIN="$(find_pg_bin)"
[[ -n "$PG_BIN" ]] || skip "no PostgreSQL 15, 16 or 17 found (install postgresql-15, or set PG_BIN)"
for tool in initdb pg_ctl psql postgres; do
  [[ -x "$PG_BIN/$tool" ]] || skip "$PG_BIN/$tool not found"
done
SUPABASE="$ROOT/node_modules/.bin/supabase"
[[ -x "$SUPABASE" ]] || skip "no Supabase CLI at $SUPABASE (run npm ci)"

# PostgreSQL refuses to run as root; as root, run the server as the postgres user.
AS_SERVER=()
if [[ "$(id -u)" -eq 0 ]]; then
  id postgres >/dev/null 2>&1 || skip "running as root and there is no postgres user to run the server"
  AS_SERVER=(runuser -u postgres --)
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/pg-check.XXXXXX")"
[[ ${#AS_SERVER[@]} -gt 0 ]] && chown postgres "$WORK"
cleanup() {
  "${AS_SERVER[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# supabase_admin is the bootstrap superuser, as in Supabase's image; postgres is created without
# superuser rights by supabase-roles.sql. trust and --no-sync: a throwaway cluster on loopback only.
"${AS_SERVER[@]}" "$PG_BIN/initdb" -D "$WORK/data" -U supabase_admin --auth=trust -E UTF8 --no-sync >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log"; exit 1; }

# The CLI connects over TCP, so the server listens on 127.0.0.1 (and on a Unix socket in the temp
# dir for psql). The port is one the kernel just handed out as free; should another process take
# it before the server binds, the server fails to start and another port is tried.
free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close() })"
}
PORT=""
for _ in 1 2 3 4 5; do
  port="$(free_port)"
  log="$WORK/server-$port.log"
  if "${AS_SERVER[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $WORK -c fsync=off" start >/dev/null; then
    PORT="$port"
    break
  fi
  grep -q 'could not bind' "$log" || { cat "$log"; exit 1; }
done
[[ -n "$PORT" ]] || { echo "pg-check: the server found no free port in 5 tries" >&2; cat "$log"; exit 1; }

su_psql() { "$PG_BIN/psql" -X -h "$WORK" -p "$PORT" -U supabase_admin -v ON_ERROR_STOP=1 -q "$@"; }

versions=()
for f in "$ROOT"/supabase/migrations/[0-9]*_*.sql; do
  name="$(basename "$f")"
  versions+=("${name%%_*}")
done
expected_versions="$(IFS=,; echo "${versions[*]}")"

# One database: Supabase's setup, the CLI's push, the assertions. $2 (on/off): whether what
# postgres creates in public is granted to the API roles by default.
check_database() {
  local db="$1" grants="$2"
  { [[ "$db" == postgres ]] || su_psql -d postgres -c "create database $db"; } &&
    su_psql -d "$db" -v api_default_grants="$grants" -f "$ROOT/tests/pg/supabase-roles.sql" &&
    # --yes answers the CLI's "push these migrations?" and "seed?" prompts.
    "$SUPABASE" db push --workdir "$ROOT" --include-seed --yes \
      --db-url "postgresql://postgres@127.0.0.1:$PORT/$db?sslmode=disable" &&
    su_psql -d "$db" -v expected_versions="$expected_versions" -f "$ROOT/tests/pg/cli-push.sql" &&
    su_psql -d "$db" -f "$ROOT/tests/pg/rls.sql" &&
    su_psql -d "$db" -f "$ROOT/tests/pg/lead-mail.sql" &&
    su_psql -d "$db" -f "$ROOT/tests/pg/lead-deliveries.sql" &&
    su_psql -d "$db" -f "$ROOT/tests/pg/lead-touches.sql" &&
    su_psql -d "$db" -f "$ROOT/tests/pg/contacts.sql"
}

# Both databases at once: the two pushes overlap, each mostly the CLI waiting on the server.
targets=("postgres off" "legacy_grants on")
pids=()
for target in "${targets[@]}"; do
  read -r db grants <<<"$target"
  check_database "$db" "$grants" >"$WORK/check-$db.log" 2>&1 &
  pids+=("$!")
done
failed=0
for i in "${!targets[@]}"; do
  read -r db grants <<<"${targets[$i]}"
  if wait "${pids[$i]}"; then
    grep '^pg-check: ' "$WORK/check-$db.log" | sed "s/^pg-check: /pg-check: database $db: /"
  else
    failed=1
    cat "$WORK/check-$db.log" >&2
    echo "pg-check: FAILED in database $db (API roles granted new objects by default: $grants)" >&2
  fi
done
[[ "$failed" -eq 0 ]] || exit 1
# The CLI's version, read from its package rather than by starting the CLI once more.
cli_version="$(sed -nE 's/^  "version": "(.+)",$/\1/p' "$ROOT/node_modules/supabase/package.json")"
echo "pg-check: $("$PG_BIN/postgres" --version), Supabase CLI $cli_version"
