#!/usr/bin/env bash
# with-postgres.sh CMD...: runs CMD with a throwaway PostgreSQL cluster on a free
# port of 127.0.0.1 and ZILO_TEST_PG set to its URL; stops and removes it afterwards
# (on success, failure, Ctrl-C or SIGTERM). Exits with CMD's status.
#
# Uses the newest /usr/lib/postgresql/*/bin; only when there is none does it
# install Debian's `postgresql` with apt-get. PostgreSQL refuses to run as root:
# started as root, the cluster runs as the unprivileged system user `zilo-pg`
# (created when missing; `nobody` if it cannot be created).
set -euo pipefail

say() { echo "with-postgres: $*" >&2; }

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(bin_dir)" ]; then
  say "no /usr/lib/postgresql/*/bin: installing postgresql with apt-get"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
BIN=$(bin_dir)
for tool in initdb pg_ctl postgres; do
  [ -x "$BIN/$tool" ] || { say "no $tool in $BIN"; exit 1; }
done

DIR=$(mktemp -d /tmp/zilo-pg.XXXXXX)
RUN_AS=
if [ "$(id -u)" = 0 ]; then
  RUN_AS=zilo-pg
  if ! id -u "$RUN_AS" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_AS" 2>/dev/null || RUN_AS=nobody
  fi
  chown "$RUN_AS" "$DIR"
fi
# From inside the cluster's directory: the unprivileged user may not be able to read ours.
as_pg() {
  if [ -n "$RUN_AS" ]; then
    (cd "$DIR" && runuser -u "$RUN_AS" -- "$@")
  else
    (cd "$DIR" && "$@")
  fi
}

stop() {
  local status=$?
  trap - EXIT INT TERM
  if [ -f "$DIR/data/postmaster.pid" ]; then
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w -t 20 stop >/dev/null 2>&1 ||
      as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w -t 10 stop >/dev/null 2>&1 || {
        # Last resort: the postmaster's pid is the file's first line.
        pid=$(head -1 "$DIR/data/postmaster.pid" 2>/dev/null || true)
        [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null || true
      }
  fi
  rm -rf "$DIR"
  exit "$status"
}
CHILD=
# A signal ends CMD too (bash runs traps only between commands, hence CMD in the background).
interrupted() {
  [ -n "$CHILD" ] && kill -TERM "$CHILD" 2>/dev/null || true
  exit "$1"
}
trap stop EXIT
trap 'interrupted 130' INT
trap 'interrupted 143' TERM

# A port nobody listens on now (the kernel's pick, or a random one that connects nowhere).
free_port() {
  if command -v python3 >/dev/null; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
  else
    local port
    while :; do
      port=$((20000 + RANDOM % 40000))
      (: </dev/tcp/127.0.0.1/$port) 2>/dev/null || { echo "$port"; return; }
    done
  fi
}

as_pg "$BIN/initdb" -D "$DIR/data" -U zilo --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
# Another program may take the port between the pick and the start: try a few.
started=
for attempt in 1 2 3 4 5; do
  PORT=$(free_port)
  if as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
      -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200" start >/dev/null 2>&1; then
    started=1
    break
  fi
  say "could not start on port $PORT (attempt $attempt)"
done
[ -n "$started" ] || { cat "$DIR/server.log" >&2; exit 1; }

export ZILO_TEST_PG="postgres://zilo@127.0.0.1:$PORT/postgres"
say "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') at $ZILO_TEST_PG (as ${RUN_AS:-$(id -un)})"
"$@" &
CHILD=$!
wait "$CHILD"
