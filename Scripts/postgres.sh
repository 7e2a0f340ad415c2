#!/bin/bash
# A throwaway PostgreSQL server for tests and benchmarks (#30), on a Debian machine as root:
#
#   Scripts/postgres.sh start DIR   installs Debian's postgresql if missing, makes a cluster in
#                                   DIR (owned by the postgres system user: initdb refuses
#                                   root), starts it on a Unix socket in DIR and on 127.0.0.1
#                                   at a random free port, and prints what a client needs:
#                                   PGHOST=DIR PGPORT=N PGUSER=postgres (also in DIR/env)
#   Scripts/postgres.sh pause DIR   stops its server (fast: clients are told and dropped),
#                                   keeping DIR, so that clients find it gone
#   Scripts/postgres.sh resume DIR  starts a paused server again: the same data, port and
#                                   addresses (run it where `start` ran: in the same namespace)
#   Scripts/postgres.sh stop DIR    stops it (immediately) and removes DIR
#
# The server listens on nothing but loopback and its socket, and trusts those: it is for this
# machine's tests only. POSTGRES_LISTEN=ADDRESS[/PREFIX] (as 10.1.2.3 or 10.1.2.3/24) adds an
# address of this machine (or of the network namespace it runs in) for other namespaces' tests
# to reach, trusting the network around it (the /24 unless PREFIX says); the env then names it
# as PGHOST, and the socket stays in DIR. A namespace reaches no package registry: there,
# `Scripts/postgres.sh install` first, outside it, installs what `start` would.
#
# It stops by itself after POSTGRES_LIFETIME seconds (default 3600), in case the caller dies before its `stop`: a watchdog started with it ends it, and a `stop`
# ends the watchdog. Every step that could hang runs under `timeout -k`.
set -euo pipefail

usage() {
  echo "usage: $0 start|pause|resume|stop DIR | install" >&2
  exit 2
}
[ $# = 2 ] || [ "$*" = install ] || usage
command=$1
dir=${2:-}
lifetime=${POSTGRES_LIFETIME:-3600}
listen=${POSTGRES_LISTEN:-}

# The newest installed major version's binaries: Debian's postgresql puts them out of PATH.
bindir() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  [ -n "$found" ] && [ -x "$found/initdb" ] && echo "$found"
}

# As the postgres system user, the working folder one it may enter.
as_postgres() {
  (cd / && runuser -u postgres -- "$@")
}

# Debian's postgresql, installed if missing; its binaries' folder on standard output.
install() {
  local bin
  if ! bin=$(bindir); then
    echo "Installing Debian's postgresql…" >&2
    timeout -k 10 600 apt-get update -qq
    # Debian's package starts a cluster of its own on port 5432: this one never uses it.
    DEBIAN_FRONTEND=noninteractive timeout -k 10 900 apt-get install -y -qq postgresql >/dev/null
    bin=$(bindir) || {
      echo "$0: no initdb after installing postgresql" >&2
      exit 1
    }
  fi
  echo "$bin"
}

case $command in
install)
  [ "$(id -u)" = 0 ] || {
    echo "$0: run as root (it installs postgresql)" >&2
    exit 1
  }
  install >/dev/null
  ;;
start)
  extra_address=""
  extra_network=""
  if [ -n "$listen" ]; then
    [[ $listen =~ ^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})(/([0-9]{1,2}))?$ ]] &&
      [ "${BASH_REMATCH[6]:-24}" -le 32 ] || {
      echo "$0: POSTGRES_LISTEN must be an IPv4 address, with /PREFIX or not, not '$listen'" >&2
      exit 2
    }
    extra_address=${listen%/*}
    # The network around it: its /24 unless given, as the address with its host bits cleared.
    extra_network=$(python3 -c 'import ipaddress, sys; print(ipaddress.ip_interface(sys.argv[1]).network)' \
      "$extra_address/${BASH_REMATCH[6]:-24}")
  fi
  [ "$(id -u)" = 0 ] || {
    echo "$0: run as root (it installs postgresql and runs the server as the postgres user)" >&2
    exit 1
  }
  bin=$(install)
  id -u postgres >/dev/null 2>&1 || {
    echo "$0: no postgres system user" >&2
    exit 1
  }
  [ ! -e "$dir/data" ] || {
    echo "$0: $dir/data already exists" >&2
    exit 1
  }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  chown postgres: "$dir"
  chmod 700 "$dir"
  # Every folder above DIR must let postgres through.
  parent=$(dirname "$dir")
  as_postgres test -x "$parent" || {
    echo "$0: the postgres user cannot enter $parent: choose a DIR under /tmp" >&2
    exit 1
  }
  timeout -k 10 120 runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 \
    --no-instructions >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  # A free port: the kernel's choice for a socket bound to port 0, released just before the
  # server takes it. Another process could take it between the two: the start then fails and
  # says so, and trying again picks another.
  port=$(python3 -c 'import socket, sys; s = socket.socket(); s.bind((sys.argv[1], 0)); print(s.getsockname()[1])' \
    "${extra_address:-127.0.0.1}")
  cat >>"$dir/data/postgresql.conf" <<EOF

# Scripts/postgres.sh: a throwaway server on loopback and a Unix socket only (and on
# POSTGRES_LISTEN when given).
listen_addresses = '127.0.0.1${extra_address:+, $extra_address}'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
logging_collector = off
EOF
  if [ -n "$extra_network" ]; then
    # initdb's pg_hba.conf trusts loopback and the socket; this trusts the test's network too.
    echo "host all all $extra_network trust" >>"$dir/data/pg_hba.conf"
  fi
  timeout -k 10 120 runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    >/dev/null || {
    echo "$0: the server did not start; its log:" >&2
    tail -20 "$dir/server.log" >&2
    exit 1
  }
  # The watchdog: stops the server after its lifetime unless `stop` ends the watchdog first.
  setsid bash -c "sleep $lifetime; timeout -k 10 60 runuser -u postgres -- '$bin/pg_ctl' -D '$dir/data' -m immediate stop" \
    </dev/null >/dev/null 2>&1 &
  echo $! >"$dir/watchdog.pid"
  printf 'PGHOST=%s\nPGPORT=%s\nPGUSER=postgres\nPGDATABASE=postgres\n' "${extra_address:-$dir}" "$port" |
    tee "$dir/env"
  ;;
pause | resume)
  [ -f "$dir/data/PG_VERSION" ] || {
    echo "$0: no cluster in $dir" >&2
    exit 1
  }
  bin=$(bindir) || {
    echo "$0: no postgresql installed" >&2
    exit 1
  }
  dir=$(cd "$dir" && pwd)
  if [ "$command" = pause ]; then
    timeout -k 10 60 runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null || {
      echo "$0: the server did not stop" >&2
      exit 1
    }
  else
    # Its port and addresses are in DIR/data/postgresql.conf, as `start` wrote them.
    timeout -k 10 120 runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
      >/dev/null || {
      echo "$0: the server did not start again; its log:" >&2
      tail -20 "$dir/server.log" >&2
      exit 1
    }
  fi
  ;;
stop)
  [ -d "$dir" ] || exit 0
  dir=$(cd "$dir" && pwd)
  if [ -f "$dir/watchdog.pid" ]; then
    # Its process group, the sleep included; nothing else is in it.
    kill -- -"$(cat "$dir/watchdog.pid")" 2>/dev/null || true
  fi
  if [ -f "$dir/data/postmaster.pid" ] && bin=$(bindir); then
    timeout -k 10 60 runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null ||
      true
  fi
  # Only a folder this script made: it holds the cluster's data.
  if [ -f "$dir/data/PG_VERSION" ] || [ -f "$dir/env" ]; then
    rm -rf "$dir"
  fi
  ;;
*) usage ;;
esac
