#!/usr/bin/env bash
# `npm test`: the whole suite. Every step runs even when an earlier one fails, and the last line
# is the total over all suites: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
source scripts/lib.sh

# redis-server and nginx: the scaled-mode tests start their own on free loopback ports with their
# own config (packages/server/test/support/). The system services these packages start on install
# (nginx on port 80 unless taken, Redis on 6379) may run or not; the tests never use them.
ensure_debian_packages \
  "test -x /usr/bin/chromium:chromium" \
  "ls /usr/lib/postgresql/*/bin/postgres:postgresql" \
  "dpkg -s fonts-noto-cjk:fonts-noto-cjk" \
  "test -x /usr/bin/redis-server:redis-server" \
  "test -x /usr/sbin/nginx:nginx" \
  "command -v ip:iproute2" \
  "command -v unshare:util-linux" \
  "test -x /usr/bin/janus:janus"
ensure_node_modules || exit 1

results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

# A check counts as one passed or failed item; a suite is counted by its JSON report, and a suite
# that exits non-zero with no failed test in its report (a crash, an unhandled error) counts as one
# failure more.
run_step() {
  local name="$1"; shift
  echo
  echo "==> $name"
  if "$@"; then return 0; fi
  failed_steps+=("$name")
  return 1
}
check() {
  if run_step "$@"; then echo "pass: $1" >> "$results/checks.txt"; else echo "fail: $1" >> "$results/checks.txt"; fi
}
suite() {
  local report="$1"; shift
  # Listed before it runs, so a suite that leaves no report still counts as a failure.
  echo "$report" >> "$results/suites.txt"
  run_step "$@" || echo "$report" >> "$results/exited-nonzero.txt"
}
touch "$results/checks.txt" "$results/exited-nonzero.txt" "$results/suites.txt"

check "build" npm run --silent build
check "typecheck" npm run --silent typecheck
check "lint" npm run --silent lint
check "i18n check" npm run --silent i18n:check
check "script tests" node --test scripts/check-docs.test.mjs scripts/check-cycles.test.mjs scripts/summarize-tests.test.mjs
check "size budget" node scripts/check-size-budget.mjs
suite web "unit tests (web)" npx vitest run --root packages/web --reporter=default --reporter=json --outputFile.json="$PWD/$results/web.json"
suite server-sqlite "server tests on SQLite" npx vitest run --root packages/server --project sqlite --reporter=default --reporter=json --outputFile.json="$PWD/$results/server-sqlite.json"
suite server-postgres "server tests on PostgreSQL" npx vitest run --root packages/server --project postgres --reporter=default --reporter=json --outputFile.json="$PWD/$results/server-postgres.json"
suite server-cluster "server tests on three scaled-mode nodes behind nginx, and failover" npx vitest run --root packages/server --project cluster --reporter=default --reporter=json --outputFile.json="$PWD/$results/server-cluster.json"
suite e2e "end-to-end tests in Chromium" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/e2e.json" npx playwright test --config e2e/playwright.config.ts

echo
[ ${#failed_steps[@]} -gt 0 ] && echo "Failed steps: ${failed_steps[*]}"
node scripts/summarize-tests.mjs "$results"
