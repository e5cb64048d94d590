#!/usr/bin/env bash
# Applies supabase/config.toml to the hosted project with the pinned Supabase CLI (`npx supabase`,
# package-lock.json): sign-ups closed, the 12-character password minimum, TOTP, token lifetimes,
# and the [api] settings. Run by the release after the migrations; by hand the same way:
#
#   SUPABASE_PROJECT_REF=<ref> SITE_URL=https://www.example.com bash scripts/supabase-config-push.sh
#
# (after `npx supabase login`, or with SUPABASE_ACCESS_TOKEN set, as in the release).
#
# [auth] site_url and additional_redirect_urls are env() references (local values in
# supabase/.env). The CLI sends an unset reference as its literal text, and supabase/.env would
# give the hosted project a loopback URL, so this refuses to push unless SITE_URL is the site's
# public https:// address. Extra arguments go to `supabase config push` (tests pass --workdir).
set -euo pipefail

fail() {
  echo "supabase-config-push: $*" >&2
  exit 1
}

[ -n "${SUPABASE_PROJECT_REF:-}" ] || fail "SUPABASE_PROJECT_REF is not set (the project ref, Dashboard → Project Settings → General)"
site="${SITE_URL:-}"
site="${site%/}"
[[ "$site" =~ ^https://[^/?#@[:space:]]+(/[^?#[:space:]]*)?$ ]] ||
  fail "SITE_URL must be the site's public https:// address (for example https://www.example.com), got '${SITE_URL:-}'"
host="${site#https://}"
host="${host%%/*}"
host="${host%%:*}"
case "$host" in
localhost | *.localhost | 127.* | 0.0.0.0 | "[" | "[::1]") # "[": an IPv6 literal
  fail "SITE_URL must be the site's public address, not the local one ($site)"
  ;;
esac

export SUPABASE_AUTH_SITE_URL="$site"
export SUPABASE_AUTH_ADMIN_URL="$site/en/admin/"
exec npx --no-install supabase config push --project-ref "$SUPABASE_PROJECT_REF" --yes "$@"
