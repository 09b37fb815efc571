#!/usr/bin/env bash
# `npm start`: install what is missing, build, then run one Parley node (migrations run at start).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
source scripts/lib.sh
ensure_node_modules
echo "==> building"
npm run --silent build
exec node packages/server/dist/main.js
