#!/bin/sh
# Chromium in a network namespace of its own (a user namespace makes that possible without
# privileges): its networks are that namespace's loopback and a veth pair that exists only so
# that Chromium sees itself online (10.255.0.1, reaching nothing outside), so WebRTC between its
# pages cannot use the machine's addresses. The web server is reached through a Unix socket that the spec
# serves from the host side (`e2e/netns/forward.mjs`). Used by `e2e/tests/19-voice.spec.ts`.
here=$(dirname "$0")
exec unshare --map-root-user --net sh -c '
  ip link set lo up
  ip link add v0 type veth peer name v1
  ip addr add 10.255.0.1/24 dev v0
  ip link set v1 up
  ip link set v0 up
  ip route add default dev v0
  node "$0/forward.mjs" tcp-to-unix "$PARLEY_NETNS_PORT" "$PARLEY_NETNS_SOCKET" 3>&- 4>&- &
  exec /usr/bin/chromium "$@"
' "$here" "$@"
