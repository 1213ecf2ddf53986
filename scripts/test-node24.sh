#!/usr/bin/env bash
# Runs the unit and API tests again on Node.js 24 LTS (the supported versions are Node.js 20.19+
# and 24). The npm registry's `node` package brings Node.js 24 — nothing else is downloaded.
# Like `npm run test:unit`, API tests also run on PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
node24=(npx --yes --package node@24 -- node)
echo "Unit and API tests on Node.js $("${node24[@]}" --version)"
"${node24[@]}" node_modules/vitest/vitest.mjs run "$@"
