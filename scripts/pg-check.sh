#!/usr/bin/env bash
# Runs the migrations on a throwaway PostgreSQL cluster and checks grants, RLS, CHECKs and the
# intake function with tests/pg/rls.sql: proof that the SQL is not PGlite-only.
#
# Finds PostgreSQL 17, 16 or 15 (Debian/Ubuntu /usr/lib/postgresql/<v>/bin, GitHub's runners
# included, or initdb on PATH); PG_BIN overrides. Without one it skips (exit 0) with a message,
# except when CI is set: there a missing server fails loudly instead of passing silently.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

skip() {
  if [[ -n "${CI:-}" ]]; then
    echo "pg-check: FAILED: $1 (CI is set, so this is an error; install postgresql-15/16/17 or set PG_BIN)" >&2
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
[[ -n "$PG_BIN" ]] || skip "no PostgreSQL 15, 16 or 17 found"
for tool in initdb pg_ctl psql postgres; do
  [[ -x "$PG_BIN/$tool" ]] || skip "$PG_BIN/$tool not found"
done

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

"${AS_SERVER[@]}" "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 >"$WORK/initdb.log" 2>&1 ||
  { cat "$WORK/initdb.log"; exit 1; }
# Unix socket in the temp dir only: no TCP port to collide with a running server.
"${AS_SERVER[@]}" "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/server.log" -w \
  -o "-c listen_addresses='' -k $WORK -c fsync=off" start >/dev/null ||
  { cat "$WORK/server.log"; exit 1; }

files=("$ROOT/server/local-supabase/bootstrap.sql")
for f in "$ROOT"/supabase/migrations/[0-9]*_*.sql; do files+=("$f"); done
files+=("$ROOT/tests/pg/rls.sql")

args=()
for f in "${files[@]}"; do args+=(-f "$f"); done
"$PG_BIN/psql" -X -h "$WORK" -U postgres -d postgres -v ON_ERROR_STOP=1 -q "${args[@]}"
echo "pg-check: $("$PG_BIN/postgres" --version)"
