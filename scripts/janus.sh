#!/usr/bin/env bash
# Starts Debian's Janus (apt-get install -y janus) for Parley's SFU path with a config of its own,
# written into a temp dir: the VideoRoom plugin and the HTTP transport only, the API bound to
# 127.0.0.1, no admin API, RTP on the given port range.
#   scripts/janus.sh [http-port] [rtp-min-max] [ice-interfaces]
# ice-interfaces becomes nat.ice_enforce_list (interfaces or addresses, comma-separated). Janus
# 1.1.2 never gathers on loopback (`lo` or 127.0.0.1 there still yields the machine's address), so
# keeping media off the machine's own address takes a network namespace, as e2e/tests/19-voice does.
# JANUS_DEBUG_LEVEL (1-7, default 3) and JANUS_DEBUG_TIMESTAMPS=1 make the log say more, e.g. level 5
# names each session's timeout and destroy, with the time.
# Prints "janus http://127.0.0.1:<port>/janus" once the API answers; runs in the foreground
# (stop it with Ctrl-C or SIGTERM). The config dir is removed on exit.
set -euo pipefail
port="${1:-8088}"
rtp="${2:-20000-20200}"
iface="${3:-}"
bin="$(command -v janus || true)"
[ -x /usr/bin/janus ] && bin=/usr/bin/janus
if [ -z "$bin" ]; then
  echo "janus not found. Install it with: sudo apt-get install -y janus" >&2
  exit 1
fi
libdir="$(dirname "$(dpkg -L janus 2>/dev/null | grep -m1 '/janus/plugins/libjanus_videoroom.so$')" 2>/dev/null || true)"
libdir="${libdir%/plugins}"
[ -d "$libdir" ] || libdir=/usr/lib/x86_64-linux-gnu/janus
dir="$(mktemp -d "${TMPDIR:-/tmp}/parley-janus.XXXXXX")"
trap 'rm -rf "$dir"' EXIT

cat >"$dir/janus.jcfg" <<CFG
general: {
  configs_folder = "$dir"
  plugins_folder = "$libdir/plugins"
  transports_folder = "$libdir/transports"
  events_folder = "$libdir/events"
  loggers_folder = "$libdir/loggers"
  debug_level = ${JANUS_DEBUG_LEVEL:-3}
  admin_secret = "$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/initrd", "/lib", "/lib32", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
certificates: {
}
media: {
  rtp_port_range = "$rtp"
}
nat: {
  nice_debug = false
$([ -n "$iface" ] && echo "  ice_enforce_list = \"$iface\"")
  ignore_mdns = true
}
plugins: {
  disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so"
}
transports: {
  disable = "libjanus_websockets.so,libjanus_pfunix.so,libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_rabbitmq.so"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
  disable = "libjanus_gelfevh.so,libjanus_mqttevh.so,libjanus_nanomsgevh.so,libjanus_rabbitmqevh.so,libjanus_sampleevh.so,libjanus_wsevh.so"
}
CFG

cat >"$dir/janus.transport.http.jcfg" <<CFG
general: {
  json = "compact"
  base_path = "/janus"
  http = true
  port = $port
  ip = "127.0.0.1"
  https = false
}
admin: {
  admin_http = false
  admin_https = false
}
CFG

cat >"$dir/janus.plugin.videoroom.jcfg" <<CFG
general: {
  string_ids = true
}
CFG

"$bin" -C "$dir/janus.jcfg" -F "$dir" -o $([ "${JANUS_DEBUG_TIMESTAMPS:-}" = 1 ] && echo -D) &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
for _ in $(seq 1 100); do
  if curl -fsS -o /dev/null -X POST -d '{"janus":"info","transaction":"up"}' "http://127.0.0.1:$port/janus/info" 2>/dev/null \
    || curl -fsS -o /dev/null "http://127.0.0.1:$port/janus/info" 2>/dev/null; then
    echo "janus http://127.0.0.1:$port/janus"
    wait "$pid"
    exit $?
  fi
  kill -0 "$pid" 2>/dev/null || { echo "janus exited during start" >&2; exit 1; }
  sleep 0.1
done
echo "janus did not answer on 127.0.0.1:$port" >&2
exit 1
