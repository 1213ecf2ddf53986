#!/usr/bin/env bash
# Builds the app and runs the browser tests (arguments go to `playwright test`, e.g. a spec
# file or --grep). A lock keeps concurrent runs on one machine from rebuilding under each other.
# E2E_SKIP_BUILD=1 runs them on the build already there (`npm test` builds once, before).
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/repolog-e2e.lock
waited=$SECONDS
flock 9
waited=$((SECONDS - waited))
[ "$waited" -eq 0 ] || echo "(waited ${waited} s for another run's browser tests to finish)"
if [ "${E2E_SKIP_BUILD:-}" != 1 ]; then npm run build --silent; fi
# With a PostgreSQL server at hand (TEST_DATABASE_URL, as in CI), each worker's server gets a
# database of its own there (e2e/start-server.mjs) instead of embedded PGlite: PGlite runs as
# WASM on the server's own thread and cost each server about twice the CPU (7 s of it just to
# start). The API tests cover PGlite, and `npm start`'s own test the embedded demo.
if [ -z "${E2E_DATABASE_URL:-}" ] && [ -n "${TEST_DATABASE_URL:-}" ]; then
  export E2E_DATABASE_URL="$TEST_DATABASE_URL"
fi
if [ -n "${E2E_DATABASE_URL:-}" ]; then
  echo "browser tests: each server on a PostgreSQL database of its own"
else
  echo "browser tests: each server on embedded PGlite"
fi

cd e2e
status=0
npx playwright test "$@" || status=$?
if [ "$status" -ne 0 ] || [ -n "${E2E_SHOW_SERVER_LOG:-}" ]; then
  # What the servers warned of (a failed delivery, a slow GitHub) explains many failed journeys.
  for log in .e2e-data/*/server.log; do
    [ -s "$log" ] || continue
    echo "=== $log (last 40 lines)"
    tail -n 40 "$log"
  done
fi
exit "$status"
