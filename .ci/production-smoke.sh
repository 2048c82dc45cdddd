#!/usr/bin/env bash
# Production smoke: the compiled server (the Dockerfile's CMD, under the Node 24 of node_modules/.bin) with
# NODE_ENV=production on a PostgreSQL database given as $1; waits for /readyz, checks /healthz and that the API
# refuses an anonymous call (401), then stops it with SIGTERM and requires a clean exit. Mail is never sent here,
# and nodemailer connects only to send, so the SMTP URL names no server.
set -euo pipefail
cd "$(dirname "$0")/.."
database_url="$1"
node=node_modules/.bin/node
port=$("$node" -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
log=$(mktemp)
data_dir=$(mktemp -d)
NODE_ENV=production PORT="$port" HOST=127.0.0.1 DATA_DIR="$data_dir" DATABASE_URL="$database_url" \
  SESSION_PASSWORD="ci-production-smoke-$(head -c 24 /dev/urandom | base64 | tr -d '/+=')" \
  IDENTITY_KEY_ENCRYPTION_KEY="ci-smoke-kek-$(head -c 30 /dev/urandom | base64 | tr -d '/+=')" \
  SMTP_URL=smtp://127.0.0.1:2525 PUBLIC_URL="http://127.0.0.1:$port" LOG_LEVEL=warn \
  "$node" packages/server/dist/main.js >"$log" 2>&1 &
pid=$!
fail() { echo "production smoke: $1"; cat "$log"; kill "$pid" 2>/dev/null || true; exit 1; }
started=$(date +%s%N)
until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ]; do
  kill -0 "$pid" 2>/dev/null || fail "the server exited before /readyz answered 200"
  [ $(( ($(date +%s%N) - started) / 1000000000 )) -lt 300 ] || fail "no /readyz 200 within 300 s"
  sleep 0.1
done
echo "production smoke: /readyz 200 after $(( ($(date +%s%N) - started) / 1000000 )) ms"
[ "$(curl -s "http://127.0.0.1:$port/healthz")" = '{"status":"ok"}' ] || fail "/healthz did not answer ok"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/app/labels")
[ "$code" = 401 ] || fail "GET /api/app/labels without a session answered $code, not 401"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || fail "the server exited with $status after SIGTERM"
if grep -q '"level":50\|"level":60' "$log"; then fail "errors were logged"; fi
rm -rf "$data_dir" "$log"
echo "production smoke: /healthz ok, anonymous API call 401, clean exit on SIGTERM"
