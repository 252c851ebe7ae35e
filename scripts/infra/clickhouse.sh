#!/usr/bin/env bash
# ClickHouse server from Debian (clickhouse-server 18.16), HTTP on 127.0.0.1:8123.
# Usage: scripts/infra/clickhouse.sh install|up|down|status   (normally called through up.sh/down.sh)
# The Debian package's config listens on loopback only (127.0.0.1 and ::1: 8123 HTTP, 9000 native,
# 9009 interserver) and keeps data in /var/lib/clickhouse, logs in /var/log/clickhouse-server.
# As root the server is run as the package's `clickhouse` user, like its systemd unit does: started
# as root it would create root-owned files that the packaged service can no longer open.
# `up` reuses a server that already answers; `down` stops only a server that `up` started.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

CH_CONFIG=/etc/clickhouse-server/config.xml
CH_LOG_DIR=/var/log/clickhouse-server
CH_DATA_DIR=/var/lib/clickhouse
CH_RUN_DIR=/var/run/clickhouse-server
CH_PID_FILE="$CH_RUN_DIR/clickhouse-server.pid"
CH_STATE_DIR="$INFRA_DIR/clickhouse"
CH_STARTED_MARK="$CH_STATE_DIR/started-pid"
CH_READY_TIMEOUT_S=${CH_READY_TIMEOUT_S:-60}

clickhouse_answers() {
  [[ "$(curl -fsS --max-time 2 "$CLICKHOUSE_URL/?query=SELECT%201" 2>/dev/null)" == 1 ]]
}

clickhouse_logs() {
  echo "$CH_LOG_DIR/clickhouse-server.err.log"
  echo "$CH_LOG_DIR/stderr.log"
  echo "$CH_LOG_DIR/clickhouse-server.log"
}

clickhouse_install() {
  local pkgs=(clickhouse-server clickhouse-client)
  command -v curl >/dev/null 2>&1 || pkgs+=(curl)
  apt_ensure "${pkgs[@]}"
}

clickhouse_up() {
  if clickhouse_answers; then
    if [[ -f $CH_STARTED_MARK ]] && pid_alive "$(cat "$CH_STARTED_MARK")" clickhouse-server; then
      infra_log "clickhouse: already running (pid $(cat "$CH_STARTED_MARK")) at $CLICKHOUSE_URL"
    else
      infra_log "clickhouse: a server already answers at $CLICKHOUSE_URL (not started by infra:up; left alone by infra:down)"
    fi
    return 0
  fi
  command -v clickhouse-server >/dev/null 2>&1 ||
    infra_die "clickhouse: clickhouse-server not installed: run scripts/infra/clickhouse.sh install"
  local port
  for port in 8123 9000 9009; do
    if port_open 127.0.0.1 "$port"; then
      infra_die "clickhouse: port $port is in use but $CLICKHOUSE_URL does not answer 'SELECT 1' ($(ss -ltnpH "sport = :$port" 2>/dev/null | head -1))"
    fi
  done

  local run=()
  if [[ $(id -u) -eq 0 ]] && id clickhouse >/dev/null 2>&1; then
    # Repair ownership left by an earlier start as root, then drop to the package's user.
    mkdir -p "$CH_DATA_DIR" "$CH_LOG_DIR" "$CH_RUN_DIR"
    chown -R clickhouse:clickhouse "$CH_DATA_DIR" "$CH_LOG_DIR" "$CH_RUN_DIR"
    run=(runuser -u clickhouse --)
  elif [[ ! -w $CH_LOG_DIR || ! -w $CH_DATA_DIR ]]; then
    infra_die "clickhouse: $CH_LOG_DIR / $CH_DATA_DIR are not writable by $(id -un); run infra:up as root (or with sudo)"
  fi
  rm -f "$CH_PID_FILE"
  infra_log "clickhouse: starting clickhouse-server --config-file=$CH_CONFIG --daemon"
  # cd /: the daemon keeps its working directory; do not pin the checkout.
  if ! (cd / && "${run[@]}" clickhouse-server --config-file="$CH_CONFIG" --daemon --pid-file="$CH_PID_FILE" \
    </dev/null >/dev/null 2>&1 9>&-); then
    mapfile -t logs < <(clickhouse_logs)
    tail_log clickhouse "${logs[@]}"
    infra_die "clickhouse: clickhouse-server --daemon failed"
  fi
  local deadline=$(($(date +%s) + CH_READY_TIMEOUT_S))
  until clickhouse_answers; do
    if (($(date +%s) >= deadline)); then
      mapfile -t logs < <(clickhouse_logs)
      tail_log clickhouse "${logs[@]}"
      [[ -s $CH_PID_FILE ]] && stop_pid clickhouse "$(cat "$CH_PID_FILE")" clickhouse-server 30
      infra_die "clickhouse: $CLICKHOUSE_URL did not answer 'SELECT 1' within ${CH_READY_TIMEOUT_S}s"
    fi
    sleep 0.2
  done

  for _ in $(seq 1 50); do
    [[ -s $CH_PID_FILE ]] && break
    sleep 0.1
  done
  mkdir -p "$CH_STATE_DIR"
  cat "$CH_PID_FILE" >"$CH_STARTED_MARK" 2>/dev/null ||
    infra_log "clickhouse: WARNING: no pid file at $CH_PID_FILE; infra:down will not be able to stop it"
  infra_log "clickhouse: ready at $CLICKHOUSE_URL, version $(curl -fsS --max-time 2 "$CLICKHOUSE_URL/?query=SELECT%20version()")"
}

clickhouse_down() {
  if [[ -f $CH_STARTED_MARK ]]; then
    local pid
    pid=$(cat "$CH_STARTED_MARK")
    if pid_alive "$pid" clickhouse-server; then
      stop_pid clickhouse "$pid" clickhouse-server 30
      infra_log "clickhouse: stopped"
    else
      infra_log "clickhouse: not running"
    fi
    rm -f "$CH_STARTED_MARK"
  elif clickhouse_answers; then
    infra_log "clickhouse: left running (it was not started by infra:up in this checkout)"
  else
    infra_log "clickhouse: not running"
  fi
}

clickhouse_status() {
  if clickhouse_answers; then echo "clickhouse: up ($CLICKHOUSE_URL)"; else echo "clickhouse: down"; fi
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  source "$(dirname "${BASH_SOURCE[0]}")/postgres.sh"
  source "$(dirname "${BASH_SOURCE[0]}")/kafka.sh"
  case "${1:-}" in
  install | up | down | status) "clickhouse_$1" ;;
  *) infra_die "usage: $0 install|up|down|status" ;;
  esac
  [[ ${1:-} == status ]] || write_services_env
fi
