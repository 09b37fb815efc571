# Shared by start.sh and test.sh.

# `npm install` (not `npm ci`) with the committed lockfile: see TOOLCHAIN notes in docs/testing.md.
ensure_node_modules() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] \
    || [ ! -f node_modules/better-sqlite3/build/Release/better_sqlite3.node ]; then
    echo "==> installing dependencies (npm install; the first time compiles better-sqlite3, about 2 minutes)"
    npm install --no-audit --no-fund
  fi
}

# Installs Debian packages when running as root, otherwise stops with the command to run.
ensure_debian_packages() {
  local missing=()
  for spec in "$@"; do
    local check="${spec%%:*}" pkg="${spec##*:}"
    if ! eval "$check" >/dev/null 2>&1; then missing+=("$pkg"); fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "==> installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Missing system packages. Run:  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
}
