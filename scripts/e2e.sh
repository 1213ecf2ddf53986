#!/usr/bin/env bash
# Builds the app and runs the browser tests (arguments go to `playwright test`, e.g. a spec
# file or --grep). A lock keeps concurrent runs on one machine from rebuilding under each other.
set -euo pipefail
cd "$(dirname "$0")/.."
exec 9>/tmp/repolog-e2e.lock
flock 9
npm run build --silent
cd e2e && npx playwright test "$@"
