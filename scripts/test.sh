#!/usr/bin/env bash
# Command 2 of the README: installs everything the tests need (npm packages, Chromium, HAProxy)
# and runs lint, typecheck, formatting, unit and API tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set) and the browser tests (scripts/run-tests.sh, i.e. `npm test`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/stage.sh

install() {
  bash scripts/install-chromium.sh
  bash scripts/install-haproxy.sh
  npm ci --no-audit --no-fund
}
stage install install

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "TEST_DATABASE_URL is not set: API tests run on embedded PGlite only."
  echo "  (set it, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test, to run them on PostgreSQL too)"
fi
bash scripts/run-tests.sh
