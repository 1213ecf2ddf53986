#!/usr/bin/env bash
# Proves the server and the packages run on Node.js 24 LTS (the supported versions are Node.js
# 20.19+ and 24). The npm registry's `node` package brings Node.js 24 — nothing else is
# downloaded. What differs between the two Node versions is the runtime, not Repolog's rules:
# the full server suite already runs on Node 20 on both databases, so running it all again
# here (~10 min) would mostly re-prove the same SQL and services. This pass runs the packages'
# tests and the server test files that lean on what a Node version changes, each once, on
# embedded PGlite (what `npm start` uses):
#   server.test.ts                     `npm start` itself: listen, demo seed, graceful shutdown
#   db/client.test.ts                  PGlite (WebAssembly) on disk, restart, migrations
#   articles/render-pool.test.ts       worker threads (piscina): render, time limit, terminate
#   pages/page-render-pool.test.ts     React's server renderer in worker threads
#   drafts/live-drafts.test.ts         WebSockets (ws) and Yjs
#   drafts/live-drafts.crash.test.ts   child processes, SIGKILL, reconnection
#   notifications/notifications.stream SSE streams
#   media/media.upload.test.ts         sharp's native image encoder
#   media/media.s3.test.ts             the AWS SDK's HTTP client against an S3 server
#   email/email.test.ts                SMTP (nodemailer) and MJML templates
#   github-app/github-app.test.ts      Octokit: App JWTs, webhook signatures (node:crypto)
#   auth/auth.test.ts                  OAuth + PKCE through fetch (undici), cookies, crypto
#   plugins/http-cache.test.ts         compression (zlib), ETags, conditional requests
#   plugins/redis.test.ts              ioredis sockets, a Redis outage and a hung Redis
# The PostgreSQL pass and the web app's jsdom tests (browser code) stay with the Node 20 run.
# Arguments go to vitest (e.g. a file to run just that one); `--all` runs every server test.
# The server tests of rendered pages read the web build, and server.test.ts runs the built server
# (`npm run build` first).
set -euo pipefail
cd "$(dirname "$0")/.."
node24=(npx --yes --package node@24 -- node)
echo "Server and package tests on Node.js $("${node24[@]}" --version)"
projects=(--project contract --project github-stub --project markdown --project server:pglite)
files=(
  apps/server/src/server.test.ts
  apps/server/src/db/client.test.ts
  apps/server/src/articles/render-pool.test.ts
  apps/server/src/pages/page-render-pool.test.ts
  apps/server/src/drafts/live-drafts.test.ts
  apps/server/src/drafts/live-drafts.crash.test.ts
  apps/server/src/notifications/notifications.stream.test.ts
  apps/server/src/media/media.upload.test.ts
  apps/server/src/media/media.s3.test.ts
  apps/server/src/email/email.test.ts
  apps/server/src/github-app/github-app.test.ts
  apps/server/src/auth/auth.test.ts
  apps/server/src/plugins/http-cache.test.ts
  apps/server/src/plugins/redis.test.ts
  # Every test of the packages (a filter names a project's folder, not a parent of several).
  packages/contract packages/github-stub packages/markdown
)
if [ "${1:-}" = "--all" ]; then
  shift
  files=()
elif [ $# -gt 0 ]; then
  files=()
fi
env -u TEST_DATABASE_URL "${node24[@]}" node_modules/vitest/vitest.mjs run "${projects[@]}" \
  --maxWorkers="${TEST_WORKERS:-2}" "${files[@]}" "$@"
