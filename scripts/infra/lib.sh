# shellcheck shell=bash
# Shared helpers for scripts/infra/*.sh. Sourced, never executed.
# Everything lives under $INFRA_DIR (<repo>/.infra, git-ignored) and binds to loopback only.

INFRA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
INFRA_DIR="$INFRA_ROOT/.infra"
SERVICES_ENV="$INFRA_DIR/services.env"

# Fixed endpoints (documented in docs/engineering/infrastructure.md).
PG_HOST=127.0.0.1
PG_PORT=5432
PG_ADMIN_URL="postgres://postgres@${PG_HOST}:${PG_PORT}/postgres"
# Kafka ports can be moved (e.g. a second checkout running its own broker next to the first one);
# ClickHouse is the machine's single Debian service and PostgreSQL the machine's cluster.
KAFKA_PORT=${INFRA_KAFKA_PORT:-19092}
KAFKA_CONTROLLER_PORT=${INFRA_KAFKA_CONTROLLER_PORT:-19093}
KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT
# shellcheck disable=SC2034 # used by kafka.sh
KAFKA_CONTROLLER=127.0.0.1:$KAFKA_CONTROLLER_PORT
CLICKHOUSE_URL=http://127.0.0.1:8123

infra_log() { printf '[infra] %s\n' "$*" >&2; }
infra_die() {
  printf '[infra] ERROR: %s\n' "$*" >&2
  exit 1
}

now_ms() { date +%s%3N; }
# fmt_ms START_MS -> "1.234s" elapsed since START_MS
fmt_ms() {
  local d=$(($(now_ms) - $1))
  printf '%d.%03ds' $((d / 1000)) $((d % 1000))
}

# tail_log TITLE FILE... : print the end of each existing log file (for failures).
tail_log() {
  local title=$1
  shift
  local f
  for f in "$@"; do
    if [[ -s $f ]]; then
      printf '\n[infra] ----- %s: last 80 lines of %s -----\n' "$title" "$f" >&2
      tail -n 80 "$f" >&2
      printf '[infra] ----- end of %s -----\n\n' "$f" >&2
    else
      printf '[infra] (%s: %s is missing or empty)\n' "$title" "$f" >&2
    fi
  done
}

# port_open HOST PORT : true when something accepts TCP connections there.
port_open() {
  (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null
}

# pid_alive PID [PATTERN] : process exists (and its command line contains PATTERN).
pid_alive() {
  local pid=$1 pattern=${2:-}
  [[ -n $pid && -d /proc/$pid ]] || return 1
  # a zombie is not alive
  [[ "$(awk '/^State:/ {print $2}' "/proc/$pid/status" 2>/dev/null)" != Z ]] || return 1
  [[ -z $pattern ]] && return 0
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern"
}

# stop_pid NAME PID PATTERN TIMEOUT_S : SIGTERM, wait, then SIGKILL.
stop_pid() {
  local name=$1 pid=$2 pattern=$3 timeout=${4:-30}
  pid_alive "$pid" "$pattern" || return 0
  infra_log "$name: SIGTERM to pid $pid"
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$(($(date +%s) + timeout))
  while pid_alive "$pid" "$pattern"; do
    if (($(date +%s) >= deadline)); then
      infra_log "$name: still alive after ${timeout}s, SIGKILL to pid $pid"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
      break
    fi
    sleep 0.2
  done
}

as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    infra_die "need root (or sudo) to run: $*"
  fi
}

# apt_ensure PKG... : install the Debian packages that are not installed yet (idempotent).
# `apt-get update` runs at most once per process and only when something is missing.
INFRA_APT_UPDATED=${INFRA_APT_UPDATED:-}
apt_ensure() {
  local missing=() p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  ((${#missing[@]} == 0)) && return 0
  command -v apt-get >/dev/null 2>&1 ||
    infra_die "missing packages (${missing[*]}) and no apt-get here: install them by hand"
  local t
  t=$(now_ms)
  local log="$INFRA_DIR/apt.log"
  mkdir -p "$INFRA_DIR"
  if [[ -z $INFRA_APT_UPDATED ]]; then
    infra_log "apt-get update (needed for: ${missing[*]})"
    if ! as_root apt-get -o DPkg::Lock::Timeout=300 update -q >>"$log" 2>&1; then
      tail_log apt "$log"
      infra_die "apt-get update failed"
    fi
    INFRA_APT_UPDATED=1
  fi
  infra_log "apt-get install ${missing[*]} (output: $log)"
  # The package scripts may not start services (policy-rc.d); up.sh starts them itself.
  if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -q \
    --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
    tail_log apt "$log"
    infra_die "apt-get install ${missing[*]} failed"
  fi
  infra_log "apt-get install ${missing[*]} took $(fmt_ms "$t")"
}

# require_node_modules : the readiness probes use packages from node_modules.
require_node_modules() {
  [[ -d $INFRA_ROOT/node_modules/kafkajs ]] ||
    infra_die "node_modules/kafkajs not found: run 'npm ci' (or 'npm install') first"
}

# write_services_env : (re)write .infra/services.env with the services that answer right now.
write_services_env() {
  mkdir -p "$INFRA_DIR"
  local tmp="$SERVICES_ENV.tmp.$$"
  {
    echo "# Written by scripts/infra (npm run infra:up / infra:down) at $(date -u +%Y-%m-%dT%H:%M:%SZ)."
    echo "# Loaded by test/support/global-setup.ts; variables already set in the environment win."
    if pg_ready_quiet; then echo "TEST_DATABASE_URL=$PG_ADMIN_URL"; fi
    if kafka_running || kafka_answers; then echo "TEST_KAFKA_BROKERS=$KAFKA_BROKERS"; fi
    if clickhouse_answers; then echo "TEST_CLICKHOUSE_URL=$CLICKHOUSE_URL"; fi
  } >"$tmp"
  mv "$tmp" "$SERVICES_ENV"
}

# service_answers NAME : the service answers at its fixed endpoint, whoever started it.
service_answers() {
  case $1 in
  postgres) pg_ready_quiet ;;
  kafka) kafka_running || kafka_answers ;;
  clickhouse) clickhouse_answers ;;
  *) return 1 ;;
  esac
}

# infra_lock : serialise infra:up across checkouts of this machine (two fresh clones running
# `npm test` at once must not both start a broker on the same port). Held until the script exits.
infra_lock() {
  command -v flock >/dev/null 2>&1 || return 0
  exec 9>"${TMPDIR:-/tmp}/pin-infra-up.lock"
  if ! flock -n 9; then
    infra_log "waiting for another infra:up on this machine (lock ${TMPDIR:-/tmp}/pin-infra-up.lock)"
    flock -w 600 9 || infra_die "another infra:up held the lock for 10 minutes"
  fi
}

# select_services DEFAULT... -- ARGS...: sets the global array `services` to ARGS (or DEFAULT when
# none are given), refusing unknown names. Shared by up.sh, down.sh and install.sh.
select_services() {
  local defaults=()
  while (($# > 0)) && [[ $1 != -- ]]; do defaults+=("$1"); shift; done
  shift || true
  if (($# == 0)); then services=("${defaults[@]}"); else services=("$@"); fi
  local s
  for s in "${services[@]}"; do
    case $s in postgres | kafka | clickhouse) ;; *) infra_die "unknown service '$s' (expected: ${defaults[*]})" ;; esac
  done
}
