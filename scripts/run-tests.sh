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
# TEST_WORKERS test files at a time (default 1, vitest's default on 2 cores). Every server test
# file has a database of its own and much of a file's time is spent waiting (on a child process,
# the PostgreSQL server, a worker thread), so 2 may leave a core less idle; not yet proven on a
# whole run, so not the default.
workers=(--maxWorkers="${TEST_WORKERS:-1}")
stage "unit PGlite" env -u TEST_DATABASE_URL npx vitest run "${workers[@]}"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage "unit PostgreSQL" npx vitest run --project server:postgres "${workers[@]}"
fi
stage e2e env E2E_SKIP_BUILD=1 bash scripts/e2e.sh
stage bundle npx tsx bench/bundle-size.ts
