#!/usr/bin/env bash
# Apache Kafka 3.9.1 (KRaft, one combined broker+controller node) from Maven Central jars.
# Usage: scripts/infra/kafka.sh install|up|down|status   (normally called through up.sh/down.sh)
#   install : kcat (apt), Java/Maven if missing, broker jars -> .infra/kafka/libs (skipped when present)
#   up      : fresh data folder, format storage, start the broker, wait for kafkajs describeCluster
#   down    : SIGTERM, then SIGKILL after 30 s
# Files: .infra/kafka/{libs,data,server.properties,kafka.log,kafka.pid}
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

KAFKA_POM="$INFRA_ROOT/infra/kafka/pom.xml"
KAFKA_TEMPLATE="$INFRA_ROOT/infra/kafka/server.properties.template"
KAFKA_LOG4J="$INFRA_ROOT/infra/kafka/log4j.properties"
KAFKA_HOME="$INFRA_DIR/kafka"
KAFKA_LIBS="$KAFKA_HOME/libs"
KAFKA_DATA="$KAFKA_HOME/data"
KAFKA_PROPS="$KAFKA_HOME/server.properties"
KAFKA_LOG="$KAFKA_HOME/kafka.log"
KAFKA_PID_FILE="$KAFKA_HOME/kafka.pid"
KAFKA_READY_TIMEOUT_S=${KAFKA_READY_TIMEOUT_S:-90}
KAFKA_PROC_PATTERN="kafka.Kafka $KAFKA_PROPS"

kafka_pid() { if [[ -f $KAFKA_PID_FILE ]]; then cat "$KAFKA_PID_FILE"; fi; }
kafka_running() { pid_alive "$(kafka_pid)" "$KAFKA_PROC_PATTERN"; }
# kafka_answers : a broker answers describeCluster at $KAFKA_BROKERS, whoever started it (this
# checkout, another clone of the repository, a developer's own broker).
kafka_answers() {
  port_open "${KAFKA_BROKERS%:*}" "${KAFKA_BROKERS#*:}" || return 1
  [[ -d $INFRA_ROOT/node_modules/kafkajs ]] || return 0
  node "$INFRA_ROOT/scripts/infra/kafka-ready.mjs" --brokers "$KAFKA_BROKERS" --timeout "${1:-5}" 2>/dev/null
}

kafka_pom_hash() { sha256sum "$KAFKA_POM" | cut -d' ' -f1; }

kafka_install() {
  local pkgs=(kcat)
  command -v java >/dev/null 2>&1 || pkgs+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null 2>&1 || pkgs+=(maven)
  apt_ensure "${pkgs[@]}"

  local stamp="$KAFKA_LIBS/.pom.sha256"
  if [[ -f $stamp && "$(cat "$stamp")" == "$(kafka_pom_hash)" ]] && compgen -G "$KAFKA_LIBS/kafka_2.13-*.jar" >/dev/null; then
    return 0
  fi
  local t
  t=$(now_ms)
  infra_log "kafka: copying broker jars from Maven (~/.m2 cache) into $KAFKA_LIBS"
  rm -rf "$KAFKA_LIBS"
  mkdir -p "$KAFKA_LIBS"
  local mvnlog="$KAFKA_HOME/maven.log"
  if ! mvn -B --no-transfer-progress -f "$KAFKA_POM" \
    org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$KAFKA_LIBS" >"$mvnlog" 2>&1; then
    tail_log maven "$mvnlog"
    rm -rf "$KAFKA_LIBS"
    infra_die "kafka: Maven could not copy the broker jars"
  fi
  compgen -G "$KAFKA_LIBS/kafka_2.13-*.jar" >/dev/null || infra_die "kafka: no kafka_2.13 jar in $KAFKA_LIBS"
  kafka_pom_hash >"$stamp"
  infra_log "kafka: $(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars copied in $(fmt_ms "$t")"
}

# Kafka cluster ids are 16 random bytes, base64url without padding, not starting with '-'.
kafka_random_cluster_id() {
  local id
  while :; do
    id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')
    [[ $id == -* ]] || break
  done
  echo "$id"
}

kafka_up() {
  if kafka_running; then
    if node "$INFRA_ROOT/scripts/infra/kafka-ready.mjs" --brokers "$KAFKA_BROKERS" --timeout 10 --pid "$(kafka_pid)"; then
      infra_log "kafka: already running (pid $(kafka_pid)) at $KAFKA_BROKERS"
      return 0
    fi
    infra_log "kafka: pid $(kafka_pid) is running but not answering: restarting it"
    kafka_down
  elif kafka_answers 10; then
    # Another checkout (or a second clone: .infra/ is per clone) already runs a broker on this
    # port: reuse it, never start a second one, and leave it alone in infra:down.
    infra_log "kafka: a broker already answers at $KAFKA_BROKERS (not started by this checkout; reused, left alone by infra:down)"
    return 0
  fi
  local hostport
  for hostport in "$KAFKA_BROKERS" "$KAFKA_CONTROLLER"; do
    if port_open "${hostport%:*}" "${hostport#*:}"; then
      infra_die "kafka: $hostport is already in use by a process this checkout did not start ($(ss -ltnpH "sport = :${hostport#*:}" 2>/dev/null | head -1)). Stop it (e.g. 'npm run infra:down' in the other checkout) and retry."
    fi
  done
  [[ -d $KAFKA_LIBS ]] || infra_die "kafka: $KAFKA_LIBS missing: run scripts/infra/kafka.sh install"
  require_node_modules
  command -v java >/dev/null 2>&1 || infra_die "kafka: java not found"

  rm -rf "$KAFKA_DATA"
  mkdir -p "$KAFKA_DATA"
  sed -e "s#@DATA_DIR@#$KAFKA_DATA#g" -e "s#@KAFKA_PORT@#$KAFKA_PORT#g" \
    -e "s#@KAFKA_CONTROLLER_PORT@#$KAFKA_CONTROLLER_PORT#g" "$KAFKA_TEMPLATE" >"$KAFKA_PROPS"
  : >"$KAFKA_LOG"

  local cluster_id
  cluster_id=$(kafka_random_cluster_id)
  # Short-lived tool JVM: C1 only and serial GC start faster.
  if ! java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto \
    -Dlog4j.configuration="file:$KAFKA_LOG4J" -cp "$KAFKA_LIBS/*" \
    kafka.tools.StorageTool format -t "$cluster_id" -c "$KAFKA_PROPS" --ignore-formatted >>"$KAFKA_LOG" 2>&1; then
    tail_log kafka "$KAFKA_LOG"
    infra_die "kafka: storage format failed"
  fi

  # setsid: the broker must outlive this script and the npm process that ran it.
  # The pid is written by the shell that then execs java, so it is java's own pid.
  # 9>&-: fd 9 holds the machine-wide infra:up lock (lib.sh infra_lock); a broker that inherited
  # it would hold the lock for its whole life and every later infra:up would wait for it.
  (
    cd "$KAFKA_HOME"
    # shellcheck disable=SC2016 # expanded by the inner bash
    exec setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' _ "$KAFKA_PID_FILE" \
      java -Xms256m -Xmx512m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
      -Dlog4j.configuration="file:$KAFKA_LOG4J" -cp "$KAFKA_LIBS/*" \
      kafka.Kafka "$KAFKA_PROPS" >>"$KAFKA_LOG" 2>&1 </dev/null 9>&-
  ) &

  for _ in $(seq 1 50); do
    [[ -s $KAFKA_PID_FILE ]] && break
    sleep 0.1
  done
  local pid
  pid=$(kafka_pid)
  [[ -n $pid ]] || {
    tail_log kafka "$KAFKA_LOG"
    infra_die "kafka: broker process did not start"
  }
  infra_log "kafka: broker pid $pid, waiting up to ${KAFKA_READY_TIMEOUT_S}s for describeCluster at $KAFKA_BROKERS"
  if ! node "$INFRA_ROOT/scripts/infra/kafka-ready.mjs" --brokers "$KAFKA_BROKERS" \
    --timeout "$KAFKA_READY_TIMEOUT_S" --pid "$pid"; then
    tail_log kafka "$KAFKA_LOG"
    kafka_down
    infra_die "kafka: broker did not become ready"
  fi
  infra_log "kafka: ready at $KAFKA_BROKERS (log: $KAFKA_LOG)"
}

kafka_down() {
  local pid
  pid=$(kafka_pid)
  if kafka_running; then
    stop_pid kafka "$pid" "$KAFKA_PROC_PATTERN" 30
    infra_log "kafka: stopped"
  elif port_open "${KAFKA_BROKERS%:*}" "${KAFKA_BROKERS#*:}"; then
    infra_log "kafka: left running at $KAFKA_BROKERS (it was not started by infra:up in this checkout)"
  else
    infra_log "kafka: not running"
  fi
  rm -f "$KAFKA_PID_FILE"
}

kafka_status() {
  if kafka_running; then
    echo "kafka: up (pid $(kafka_pid), $KAFKA_BROKERS)"
  elif kafka_answers; then
    echo "kafka: up ($KAFKA_BROKERS, not started by this checkout)"
  else
    echo "kafka: down"
  fi
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  source "$(dirname "${BASH_SOURCE[0]}")/postgres.sh"
  source "$(dirname "${BASH_SOURCE[0]}")/clickhouse.sh"
  case "${1:-}" in
  install | up | down | status) "kafka_$1" ;;
  *) infra_die "usage: $0 install|up|down|status" ;;
  esac
  [[ ${1:-} == status ]] || write_services_env
fi
