#!/usr/bin/env bash
# `npm test`: lint, typecheck and formatting; one production build; unit and API tests on
# PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set); the browser tests and the
# bundle budget on that same build. Each stage prints its wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/stage.sh

trap stop_beside EXIT

# `npm run check` and the build, on two cores: lint (type-aware, ~90 s of CPU, the longest part)
# runs beside typecheck (~50 s), formatting and the build, which run one after the other; the
# build no longer waits for lint to end.
stage_beside lint npm run lint --silent
stage typecheck+format bash -c 'npm run typecheck --silent && npm run format:check --silent'
# The one build: server tests of rendered pages read it, the browser tests serve it.
stage build npm run build --silent
stage_join lint
# One vitest run covers every project: the packages, the web, the server on PGlite and, when
# TEST_DATABASE_URL is set, the server again on PostgreSQL (vitest.config.ts). TEST_WORKERS test
# files at a time (default 2): every server test file has a database of its own and much of a
# file's time is spent waiting (on a child process, the PostgreSQL server, a worker thread), so
# one file at a time left a core idle. Both projects in one run let a long file of one overlap
# the other's short ones (2026-11-27: all 1,597 tests green with 2 at once, at load 8–12).
workers=(--maxWorkers="${TEST_WORKERS:-2}")
# NODE24_BESIDE_UNIT=1 runs the Node.js 24 pass beside this stage (CI runs it after): two test
# files at a time leave a core idle much of the time (a file waiting on a child process or the
# PostgreSQL server), and the Node 24 pass fills it.
[ -z "${NODE24_BESIDE_UNIT:-}" ] || stage_beside node24 bash scripts/test-node24.sh
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage "unit PGlite+PostgreSQL" npx vitest run "${workers[@]}"
else
  stage "unit PGlite" npx vitest run "${workers[@]}"
fi
[ -z "${NODE24_BESIDE_UNIT:-}" ] || stage_join node24
stage e2e env E2E_SKIP_BUILD=1 bash scripts/e2e.sh
stage bundle npx tsx bench/bundle-size.ts
