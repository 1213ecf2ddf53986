#!/usr/bin/env bash
# Runs the server's and the packages' tests again on Node.js 24 LTS (the supported versions are
# Node.js 20.19+ and 24). The npm registry's `node` package brings Node.js 24 — nothing else is
# downloaded. What differs between the two Node versions is the runtime the server, PGlite and
# the packages run on, so the API tests run once, on PGlite (the embedded database `npm start`
# uses); the PostgreSQL pass and the web app's jsdom tests (browser code) stay with the Node 20
# run. Arguments go to vitest (e.g. a file, or `--project web` to add the web tests).
# The server tests of rendered pages read the web build (`npm run build` first).
set -euo pipefail
cd "$(dirname "$0")/.."
node24=(npx --yes --package node@24 -- node)
echo "Server and package tests on Node.js $("${node24[@]}" --version)"
projects=(--project contract --project github-stub --project markdown --project server:pglite)
env -u TEST_DATABASE_URL "${node24[@]}" node_modules/vitest/vitest.mjs run "${projects[@]}" "$@"
