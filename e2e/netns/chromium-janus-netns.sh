#!/bin/sh
# chromium-netns.sh plus Janus (scripts/janus.sh) in the same network namespace, for
# e2e/tests/27-sfu.spec.ts: Janus gathers ICE on the namespace's veth address 10.255.0.1 (it never
# gathers on loopback), which only Chromium's pages share, so SFU media never touches the
# machine's addresses. Janus's HTTP API (127.0.0.1:8088 inside) is reached from the host side
# through the Unix socket PARLEY_JANUS_SOCKET (`forward.mjs unix-to-tcp`); its log goes to
# PARLEY_JANUS_LOG. Janus and the forwarders stop when Chromium exits.
here=$(dirname "$0")
exec unshare --map-root-user --net sh -c '
  ip link set lo up
  ip link add v0 type veth peer name v1
  ip addr add 10.255.0.1/24 dev v0
  ip link set v1 up
  ip link set v0 up
  ip route add default dev v0
  node "$0/forward.mjs" tcp-to-unix "$PARLEY_NETNS_PORT" "$PARLEY_NETNS_SOCKET" 3>&- 4>&- &
  web=$!
  bash "$0/../../scripts/janus.sh" 8088 40000-40199 v0 >"$PARLEY_JANUS_LOG" 2>&1 3>&- 4>&- &
  janus=$!
  node "$0/forward.mjs" unix-to-tcp 8088 "$PARLEY_JANUS_SOCKET" 3>&- 4>&- &
  api=$!
  /usr/bin/chromium "$@"
  status=$?
  kill "$web" "$janus" "$api" 2>/dev/null
  wait "$janus" 2>/dev/null
  exit "$status"
' "$here" "$@"
