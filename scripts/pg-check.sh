#!/usr/bin/env bash
# Runs the lead migration on a throwaway PostgreSQL 15 cluster and checks grants, RLS and CHECKs
# with tests/pg/rls.sql: proof that the SQL is not PGlite-only. Skips (exit 0) with a message
# when the server binaries are missing. PG_BIN overrides the binary directory.
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

for tool in initdb pg_ctl psql; do
  if [[ ! -x "$PG_BIN/$tool" ]]; then
    echo "pg-check: skipped, $PG_BIN/$tool not found (install postgresql-15 or set PG_BIN)"
    exit 0
  fi
done

# PostgreSQL refuses to run as root; as root, run the server as the postgres user.
AS_SERVER=()
if [[ "$(id -u)" -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "pg-check: skipped, running as root and there is no postgres user to run the server"
    exit 0
  fi
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
