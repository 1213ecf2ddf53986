#!/usr/bin/env bash
# `npm test`: lint, typecheck and formatting; one production build; unit and API tests on
# PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set); the browser tests and the
# bundle budget on that same build. Each stage prints its wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/stage.sh

# `npm run check`, with lint and typecheck (one core each) side by side.
check() {
  local lint typecheck
  lint=$(mktemp)
  typecheck=$(mktemp)
  npm run lint --silent >"$lint" 2>&1 &
  local lint_pid=$!
  local failed=0
  { npm run typecheck --silent && npm run format:check --silent; } >"$typecheck" 2>&1 || failed=1
  wait "$lint_pid" || failed=1
  cat "$lint" "$typecheck"
  rm -f "$lint" "$typecheck"
  return "$failed"
}
stage check check
# The one build: server tests of rendered pages read it, the browser tests serve it.
stage build npm run build --silent
# One vitest run covers every project: the packages, the web, the server on PGlite and, when
# TEST_DATABASE_URL is set, the server again on PostgreSQL (vitest.config.ts). TEST_WORKERS test
# files at a time (default 2): every server test file has a database of its own and much of a
# file's time is spent waiting (on a child process, the PostgreSQL server, a worker thread), so
# one file at a time left a core idle. Both projects in one run let a long file of one overlap
# the other's short ones (2026-11-27: all 1,597 tests green with 2 at once, at load 8–12).
workers=(--maxWorkers="${TEST_WORKERS:-2}")
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage "unit PGlite+PostgreSQL" npx vitest run "${workers[@]}"
else
  stage "unit PGlite" npx vitest run "${workers[@]}"
fi
stage e2e env E2E_SKIP_BUILD=1 bash scripts/e2e.sh
stage bundle npx tsx bench/bundle-size.ts
