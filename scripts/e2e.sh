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
