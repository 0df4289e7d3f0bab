#!/usr/bin/env bash
# with-postgres.sh CMD...: runs CMD with a throwaway PostgreSQL cluster on a free
# port of 127.0.0.1 and ZILO_TEST_PG set to its URL; stops and removes it afterwards.
# Uses Debian's postgresql (installed when missing); the cluster runs as the
# unprivileged user `nobody` when started as root (PostgreSQL refuses root).
set -euo pipefail

bin_dir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(bin_dir)" ]; then
  echo "with-postgres: installing postgresql" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
BIN=$(bin_dir)
[ -x "$BIN/initdb" ] || { echo "with-postgres: no initdb under /usr/lib/postgresql" >&2; exit 1; }

DIR=$(mktemp -d /tmp/zilo-pg.XXXXXX)
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
if [ "$(id -u)" = 0 ]; then
  chown nobody "$DIR"
  as_pg() { runuser -u nobody -- "$@"; }
else
  as_pg() { "$@"; }
fi

stop() {
  as_pg "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

as_pg "$BIN/initdb" -D "$DIR/data" -U zilo --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200" start >/dev/null \
  || { cat "$DIR/server.log" >&2; exit 1; }

export ZILO_TEST_PG="postgres://zilo@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') at $ZILO_TEST_PG" >&2
"$@"
