#!/usr/bin/env bash
# Runs the API (server) test suite against a real PostgreSQL server: a throwaway cluster from
# Debian's postgresql package, on a free loopback port (or PG_TEST_PORT), removed again on exit.
# Extra arguments go to vitest (e.g. a file filter or --reporter options).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$PWD
source scripts/lib/debian.sh
PG_PORT=${PG_TEST_PORT:-$(free_port)}

find_pg_bin() {
  # The newest installed major, e.g. /usr/lib/postgresql/15/bin
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$bin" && -x "$bin/postgres" && -x "$bin/initdb" && -x "$bin/pg_ctl" ]]; then echo "$bin"; fi
}

ensure_debian_package '/usr/lib/postgresql/*/bin/postgres' postgresql || exit 1
PG_BIN=$(find_pg_bin)
if [[ -z "$PG_BIN" ]]; then
  echo "test-postgres: PostgreSQL server binaries (postgres, initdb, pg_ctl) not found under /usr/lib/postgresql/*/bin." >&2
  echo "test-postgres: install postgresql (Debian/Ubuntu: sudo apt-get install postgresql), then run again." >&2
  exit 1
fi
PG_VERSION=$("$PG_BIN/postgres" --version | awk '{print $3}')
if [[ ${PG_VERSION%%.*} -lt 15 ]]; then
  echo "test-postgres: PostgreSQL $PG_VERSION found; Pipewise needs 15 or newer (install postgresql-15)." >&2
  exit 1
fi

# initdb and postgres refuse to run as root: as root they run as the postgres user.
AS_PG=()
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "test-postgres: running as root needs the 'postgres' system user (created by the postgresql package)." >&2
    exit 1
  fi
  AS_PG=(runuser -u postgres --)
fi

# The cluster lives in .tmp/pg unless the postgres user cannot reach it (e.g. a repo under /root)
# or the socket path would be too long for a unix socket.
PG_DIR="$ROOT/.tmp/pg"
mkdir -p "$PG_DIR"
if { [[ ${#AS_PG[@]} -gt 0 ]] && ! "${AS_PG[@]}" test -x "$ROOT/.tmp"; } || [[ ${#PG_DIR} -gt 80 ]]; then
  PG_DIR=$(mktemp -d /tmp/pipewise-pg.XXXXXX)
fi
DATA="$PG_DIR/data"
SOCK="$PG_DIR/sock"
LOG="$PG_DIR/postgres.log"

stop_cluster() {
  if [[ -f "$DATA/postmaster.pid" ]]; then
    "${AS_PG[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
}

# A cluster left behind by an interrupted run goes first.
stop_cluster
rm -rf "$DATA" "$SOCK"
mkdir -p "$DATA" "$SOCK"
if [[ ${#AS_PG[@]} -gt 0 ]]; then chown -R postgres:postgres "$PG_DIR"; fi
chmod 700 "$DATA"

cleanup() {
  stop_cluster
  rm -rf "$DATA" "$SOCK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"${AS_PG[@]}" "$PG_BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 || {
  cat "$PG_DIR/initdb.log" >&2
  exit 1
}
# Durability off: the cluster is thrown away, and the suite runs several times faster.
if ! "${AS_PG[@]}" "$PG_BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start -o \
  "-p $PG_PORT -k $SOCK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=128MB" \
  >/dev/null; then
  echo "test-postgres: PostgreSQL did not start on port $PG_PORT; its log:" >&2
  cat "$LOG" >&2 || true
  exit 1
fi

psql_admin() { "${AS_PG[@]}" "$PG_BIN/psql" -h "$SOCK" -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
psql_admin -c "create role pipewise login createdb password 'pipewise'" >/dev/null
psql_admin -c "create database pipewise owner pipewise" >/dev/null
# Test databases are dropped `with (force)`, which must be able to end an autovacuum worker on them.
psql_admin -c "grant pg_signal_backend to pipewise" >/dev/null
SERVER_VERSION=$(psql_admin -c "show server_version" | awk '{print $1}')

export TEST_DATABASE_URL="postgres://pipewise:pipewise@127.0.0.1:$PG_PORT/pipewise"
# The superuser (trust authentication on this throwaway cluster) runs what docs/configuration.md asks
# an operator to run once migrated: pg_trgm's word similarity at COST 100.
export TEST_DATABASE_SUPERUSER_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
echo
echo "== API suite on PostgreSQL $SERVER_VERSION =="
echo
# Files whose run here would repeat the PGlite pass's exactly: those that run the embedded database
# (PGlite) whatever TEST_DATABASE_URL says (start-script alone spawns a dozen servers), and those that
# use no database. Everything else, new files included, runs on PostgreSQL.
PGLITE_ONLY=(
  apps/server/src/start-script.test.ts
  apps/server/src/db/lock.test.ts
  apps/server/src/db/pglite-driver.test.ts
  apps/server/src/db/pglite-statements.test.ts
  # No database at all: the OpenAI speech-to-text adapter against a local stand-in, cutting audio
  # with ffmpeg (about a minute of the pass, the same run as on PGlite).
  apps/server/src/adapters/stt/openai-stt.test.ts
)
EXCLUDES=()
for f in "${PGLITE_ONLY[@]}"; do EXCLUDES+=(--exclude "$f"); done
set +e
npx vitest run --project server "${EXCLUDES[@]}" "$@"
status=$?
set -e
exit $status
