#!/bin/bash
# A throwaway HAProxy in front of a night's edges (#30), for tests, on a Debian machine as root:
#
#   Scripts/haproxy.sh start DIR LISTEN EDGE...
#       installs Debian's haproxy if missing, writes DIR/haproxy.cfg and runs haproxy (not
#       Debian's service) in the background, listening on LISTEN (ADDRESS:PORT) and balancing
#       over the EDGEs (ADDRESS:PORT, or NAME=ADDRESS:PORT; named edge1, edge2… otherwise).
#       Prints the address it listens on once it does.
#   Scripts/haproxy.sh status DIR
#       one line per edge: NAME STATUS SESSIONS (UP or DOWN as its health checks have it, and
#       the connections it holds now), read from haproxy's stats socket in DIR
#   Scripts/haproxy.sh stop DIR
#       stops it and removes DIR
#   Scripts/haproxy.sh install
#       installs Debian's haproxy if missing, as `start` would: a network namespace reaches no
#       package registry, so a test installs first, outside it
#
# In HTTP mode, as a night's players come: WebSocket upgrades pass through (a tunnel that
# lives an hour), X-Forwarded-For says who each player is (`option forwardfor`), and each edge
# is checked every 500 ms, so a killed edge leaves the pool within a second or two while a
# player's attempt on it meanwhile is sent to another (`retries`, `option redispatch`).
# HAPROXY_BALANCE: leastconn (default) or roundrobin.
#
# Run it inside a network namespace with `ip netns exec NS Scripts/haproxy.sh start DIR …`: the
# stats socket is a file, so `status` and `stop` work from any namespace. It stops by itself
# after HAPROXY_LIFETIME seconds (default 3600), in case the caller dies before its `stop`: a
# watchdog started with it ends it, and a `stop` ends the watchdog. Every step that could hang
# runs under `timeout -k`.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR LISTEN EDGE... | status DIR | stop DIR | install" >&2
  exit 2
}
[ $# -ge 2 ] || [ "$*" = install ] || usage
command=$1
dir=${2:-}
shift $(($# < 2 ? $# : 2))
lifetime=${HAPROXY_LIFETIME:-3600}
balance=${HAPROXY_BALANCE:-leastconn}

# ADDRESS:PORT, the address IPv4 or a name, the port 1 to 65535.
valid_address() {
  [[ $1 =~ ^[A-Za-z0-9._-]+:[0-9]+$ ]] && [ "${1##*:}" -ge 1 ] && [ "${1##*:}" -le 65535 ]
}

# A line to haproxy's stats socket, its answer on standard output.
ask() {
  timeout -k 5 10 python3 - "$dir/admin.sock" "$1" <<'EOF'
import socket, sys
s = socket.socket(socket.AF_UNIX)
s.settimeout(5)
s.connect(sys.argv[1])
s.sendall((sys.argv[2] + "\n").encode())
data = b""
while True:
    chunk = s.recv(65536)
    if not chunk:
        break
    data += chunk
sys.stdout.write(data.decode())
EOF
}

# Debian's haproxy, installed if missing.
install() {
  [ "$(id -u)" = 0 ] || {
    echo "$0: run as root (it installs haproxy)" >&2
    exit 1
  }
  if ! command -v haproxy >/dev/null; then
    echo "Installing Debian's haproxy…" >&2
    timeout -k 10 600 apt-get update -qq
    # Debian's package starts a service of its own where systemd runs: this one never uses it.
    DEBIAN_FRONTEND=noninteractive timeout -k 10 900 apt-get install -y -qq haproxy >/dev/null
    command -v haproxy >/dev/null || {
      echo "$0: no haproxy after installing it" >&2
      exit 1
    }
  fi
}

case $command in
install) install ;;
start)
  [ $# -ge 2 ] || usage
  listen=$1
  shift
  valid_address "$listen" || {
    echo "$0: LISTEN must be ADDRESS:PORT, not '$listen'" >&2
    exit 2
  }
  case $balance in leastconn | roundrobin) ;; *)
    echo "$0: HAPROXY_BALANCE must be leastconn or roundrobin, not '$balance'" >&2
    exit 2
    ;;
  esac
  servers=""
  number=0
  for edge in "$@"; do
    number=$((number + 1))
    name=edge$number
    if [[ $edge == *=* ]]; then
      name=${edge%%=*}
      edge=${edge#*=}
    fi
    [[ $name =~ ^[A-Za-z0-9_-]+$ ]] || {
      echo "$0: an edge's name is letters, digits, - and _, not '$name'" >&2
      exit 2
    }
    valid_address "$edge" || {
      echo "$0: an EDGE must be ADDRESS:PORT or NAME=ADDRESS:PORT, not '$edge'" >&2
      exit 2
    }
    servers+="  server $name $edge"$'\n'
  done
  install
  [ ! -e "$dir/haproxy.cfg" ] || {
    echo "$0: $dir/haproxy.cfg already exists" >&2
    exit 1
  }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  cat >"$dir/haproxy.cfg" <<EOF
# Scripts/haproxy.sh: a throwaway balancer in front of a night's edges.
global
  # Within the hard limit of open files a test machine has (each connection takes two).
  maxconn 4000
  stats socket $dir/admin.sock mode 600 level admin

defaults
  mode http
  option forwardfor
  # A connection refused by an edge just killed is tried again, on another edge.
  retries 3
  option redispatch
  timeout connect 2s
  timeout check 1s
  timeout http-request 10s
  timeout client 1h
  timeout server 1h
  # A WebSocket, once upgraded, is a tunnel: it lives while the night does.
  timeout tunnel 1h
  timeout client-fin 5s

frontend night
  bind $listen
  default_backend edges

backend edges
  balance $balance
  # Checked every 500 ms: down after two failures, up again after one success.
  default-server check inter 500ms fastinter 500ms downinter 500ms fall 2 rise 1
$servers
EOF
  timeout -k 10 30 haproxy -c -q -f "$dir/haproxy.cfg" || {
    echo "$0: haproxy refused its configuration:" >&2
    cat "$dir/haproxy.cfg" >&2
    exit 1
  }
  timeout -k 10 30 haproxy -D -f "$dir/haproxy.cfg" -p "$dir/haproxy.pid" </dev/null >"$dir/haproxy.log" 2>&1 || {
    echo "$0: haproxy did not start:" >&2
    cat "$dir/haproxy.log" >&2
    exit 1
  }
  # The watchdog: stops haproxy after its lifetime unless `stop` ends the watchdog first.
  setsid bash -c "sleep $lifetime; kill \$(cat '$dir/haproxy.pid') 2>/dev/null" </dev/null >/dev/null 2>&1 &
  echo $! >"$dir/watchdog.pid"
  # Listening once it answers on its socket: -D returns once the worker is forked.
  for _ in $(seq 100); do
    if ask "show info" 2>/dev/null | grep -q '^Pid:'; then
      echo "$listen"
      exit 0
    fi
    sleep 0.1
  done
  echo "$0: haproxy does not answer on $dir/admin.sock" >&2
  exit 1
  ;;
status)
  [ $# = 0 ] || usage
  # show stat is CSV: proxy name, server name, …, current sessions (5th), …, status (18th).
  ask "show stat" | awk -F, '$1 == "edges" && $2 != "BACKEND" { print $2, $18, $5 }'
  ;;
stop)
  [ $# = 0 ] || usage
  [ -d "$dir" ] || exit 0
  dir=$(cd "$dir" && pwd)
  if [ -f "$dir/watchdog.pid" ]; then
    # Its process group, the sleep included; nothing else is in it.
    kill -- -"$(cat "$dir/watchdog.pid")" 2>/dev/null || true
  fi
  if [ -f "$dir/haproxy.pid" ]; then
    for pid in $(cat "$dir/haproxy.pid"); do
      # Only a haproxy: the pid may have gone to another process since.
      if [ "$(cat /proc/"$pid"/comm 2>/dev/null)" = haproxy ]; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do
          [ -d /proc/"$pid" ] || break
          sleep 0.1
        done
        kill -9 "$pid" 2>/dev/null || true
      fi
    done
  fi
  # Only a folder this script made.
  if [ -f "$dir/haproxy.cfg" ]; then
    rm -rf "$dir"
  fi
  ;;
*) usage ;;
esac
