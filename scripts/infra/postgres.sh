#!/usr/bin/env bash
# PostgreSQL for tests: the machine's own cluster on 127.0.0.1:5432 (trust auth, user postgres).
# Usage: scripts/infra/postgres.sh install|up|down|status   (normally called through up.sh/down.sh)
# `up` starts the Debian cluster with pg_ctlcluster only when it is not running, and remembers that
# it did, so that `down` stops only what `up` started.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_STATE_DIR="$INFRA_DIR/postgres"
PG_STARTED_MARK="$PG_STATE_DIR/started-by-infra"

pg_ready_quiet() {
  if command -v psql >/dev/null 2>&1; then
    psql "$PG_ADMIN_URL" -XAtqc 'select 1' >/dev/null 2>&1
  elif command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h "$PG_HOST" -p "$PG_PORT"
  else
    port_open "$PG_HOST" "$PG_PORT"
  fi
}

pg_clusters() {
  # "VERSION NAME" pairs of the Debian clusters on this machine
  local d
  for d in /etc/postgresql/*/*/; do
    [[ -f $d/postgresql.conf ]] || continue
    d=${d%/}
    echo "$(basename "$(dirname "$d")") $(basename "$d")"
  done
}

pg_logs() {
  local v n
  while read -r v n; do
    [[ -n $v ]] && echo "/var/log/postgresql/postgresql-$v-$n.log"
  done < <(pg_clusters)
}

postgres_install() {
  # The client tools come with the server package on this machine kind; install them if absent.
  if ! command -v psql >/dev/null 2>&1 && ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_ensure postgresql-client
  fi
}

postgres_up() {
  if pg_ready_quiet; then
    infra_log "postgres: already running at $PG_ADMIN_URL"
    return 0
  fi
  command -v pg_ctlcluster >/dev/null 2>&1 ||
    infra_die "postgres: nothing answers at $PG_ADMIN_URL and pg_ctlcluster is not available; start a PostgreSQL (trust auth for user postgres on 127.0.0.1:5432) or set TEST_DATABASE_URL"
  local v n started=0
  while read -r v n; do
    [[ -n $v ]] || continue
    infra_log "postgres: pg_ctlcluster $v $n start"
    if as_root pg_ctlcluster --skip-systemctl-redirect "$v" "$n" start; then
      started=1
      mkdir -p "$PG_STATE_DIR"
      echo "$v $n" >>"$PG_STARTED_MARK"
    fi
  done < <(pg_clusters)
  ((started)) || {
    mapfile -t logs < <(pg_logs)
    tail_log postgres "${logs[@]}"
    infra_die "postgres: no cluster under /etc/postgresql could be started"
  }
  local deadline=$(($(date +%s) + 30))
  until pg_ready_quiet; do
    if (($(date +%s) >= deadline)); then
      mapfile -t logs < <(pg_logs)
      tail_log postgres "${logs[@]}"
      infra_die "postgres: not answering 'select 1' at $PG_ADMIN_URL after 30s"
    fi
    sleep 0.3
  done
  infra_log "postgres: ready at $PG_ADMIN_URL"
}

postgres_down() {
  if [[ -f $PG_STARTED_MARK ]]; then
    local v n
    while read -r v n; do
      [[ -n $v ]] || continue
      infra_log "postgres: pg_ctlcluster $v $n stop (it was started by infra:up)"
      as_root pg_ctlcluster --skip-systemctl-redirect "$v" "$n" stop || true
    done <"$PG_STARTED_MARK"
    rm -f "$PG_STARTED_MARK"
  else
    infra_log "postgres: left running (it was not started by infra:up)"
  fi
}

postgres_status() {
  if pg_ready_quiet; then echo "postgres: up ($PG_ADMIN_URL)"; else echo "postgres: down"; fi
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  source "$(dirname "${BASH_SOURCE[0]}")/kafka.sh"
  source "$(dirname "${BASH_SOURCE[0]}")/clickhouse.sh"
  case "${1:-}" in
  install | up | down | status) "postgres_$1" ;;
  *) infra_die "usage: $0 install|up|down|status" ;;
  esac
  [[ ${1:-} == status ]] || write_services_env
fi
