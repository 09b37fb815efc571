#!/usr/bin/env bash
# `npm start`: install what is missing, build, then run one Parley node (migrations run at start).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
source scripts/lib.sh
ensure_node_modules
echo "==> building"
npm run --silent build
# One bundled file instead of ~1,250 modules: ~20 MB less memory at rest and a faster start
# (docs/benchmarks.md, "A bundled server"). The tests run the unbundled build.
main=packages/server/dist/main.js
if node scripts/bundle-server.mjs; then
  main=packages/server/dist-bundle/main.js
else
  echo "==> bundling failed: running the unbundled build"
fi
# glibc keeps a malloc arena per thread that allocated (event loop, SQLite writer, thread pool);
# two arenas hold ~9 MB less at rest. A value in the environment wins.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node "$main"
