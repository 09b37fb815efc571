#!/usr/bin/env bash
# `npm test`: the whole suite. Every step runs even when an earlier one fails, and the last line
# is the total over all suites: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
source scripts/lib.sh

ensure_debian_packages \
  "test -x /usr/bin/chromium:chromium" \
  "ls /usr/lib/postgresql/*/bin/postgres:postgresql" \
  "dpkg -s fonts-noto-cjk:fonts-noto-cjk"
ensure_node_modules || exit 1

results=.tmp/test-results
rm -rf "$results" && mkdir -p "$results"
failed_steps=()

step() {
  local name="$1"; shift
  echo
  echo "==> $name"
  if "$@"; then echo "pass: $name" >> "$results/checks.txt"
  else echo "fail: $name" >> "$results/checks.txt"; failed_steps+=("$name"); fi
}

step "build" npm run --silent build
step "typecheck" npm run --silent typecheck
step "lint" npm run --silent lint
step "i18n check" npm run --silent i18n:check
step "unit tests (web)" npx vitest run --root packages/web --reporter=default --reporter=json --outputFile.json="$PWD/$results/web.json"
step "server tests on SQLite" npx vitest run --root packages/server --project sqlite --reporter=default --reporter=json --outputFile.json="$PWD/$results/server-sqlite.json"
step "server tests on PostgreSQL" npx vitest run --root packages/server --project postgres --reporter=default --reporter=json --outputFile.json="$PWD/$results/server-postgres.json"
step "end-to-end tests in Chromium" env PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/$results/e2e.json" npx playwright test --config e2e/playwright.config.ts

echo
[ ${#failed_steps[@]} -gt 0 ] && echo "Failed steps: ${failed_steps[*]}"
node scripts/summarize-tests.mjs "$results"
