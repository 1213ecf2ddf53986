#!/usr/bin/env bash
# A PostgreSQL 15 primary and its streaming replica for tests and benchmarks, in a folder of
# their own, on free ports (the machine's own PostgreSQL at 5432 is left alone):
#
#   bash scripts/pg-replica.sh start DIR [PRIMARY_PORT REPLICA_PORT]
#       initdb a primary in DIR/primary, pg_basebackup it into DIR/replica (-R: a standby that
#       streams from the primary) and start both; prints PRIMARY_URL=… and REPLICA_URL=…
#       (also written to DIR/urls.env). Ports default to free ones.
#   bash scripts/pg-replica.sh stop DIR
#       stops both and removes DIR.
#
# PostgreSQL refuses to run as root: as root, the servers run as the `postgres` user.
# PG_BIN overrides where the PostgreSQL binaries are (default /usr/lib/postgresql/15/bin).
set -euo pipefail

PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
command="${1:-}"
dir="${2:-}"
if [ -z "$command" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR [PRIMARY_PORT REPLICA_PORT]" >&2
  exit 2
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

wait_ready() {
  for _ in $(seq 1 300); do
    if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$1"; then return 0; fi
    sleep 0.1
  done
  echo "PostgreSQL on port $1 did not start" >&2
  return 1
}

case "$command" in
  start)
    primary_port="${3:-$(free_port)}"
    replica_port="${4:-$(free_port)}"
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_postgres "$PG_BIN/initdb" -D "$dir/primary" -U postgres --auth=trust --no-sync \
      -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
    # initdb's pg_hba.conf already lets local replication connections in (trust).
    cat >>"$dir/primary/postgresql.conf" <<EOF
port = $primary_port
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
wal_level = replica
max_wal_senders = 4
hot_standby = on
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 32MB
max_connections = 200
EOF
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t 60 start >/dev/null
    wait_ready "$primary_port"
    as_postgres "$PG_BIN/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres \
      -D "$dir/replica" -R -X stream --checkpoint=fast --no-sync
    cat >>"$dir/replica/postgresql.conf" <<EOF
port = $replica_port
# The standby answers reads while it replays; queries that conflict with replay wait a bit.
max_standby_streaming_delay = 5s
EOF
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 60 start >/dev/null
    wait_ready "$replica_port"
    {
      echo "PRIMARY_URL=postgres://postgres@127.0.0.1:$primary_port/postgres"
      echo "REPLICA_URL=postgres://postgres@127.0.0.1:$replica_port/postgres"
    } | tee "$dir/urls.env"
    ;;
  stop)
    for node in replica primary; do
      if [ -f "$dir/$node/postmaster.pid" ]; then
        as_postgres "$PG_BIN/pg_ctl" -D "$dir/$node" -m immediate -w stop >/dev/null 2>&1 || true
      fi
    done
    rm -rf "$dir"
    ;;
  *)
    echo "unknown command: $command (start or stop)" >&2
    exit 2
    ;;
esac
