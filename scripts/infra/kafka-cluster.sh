#!/usr/bin/env bash
# A 3-node Apache Kafka 3.9.1 KRaft cluster on loopback (each node broker + controller), next to
# the single broker of kafka.sh: replication factor 3, min.insync.replicas=2
# (infra/kafka/cluster-node.properties.template). For trying PIN against a real cluster by hand;
# the cluster fault test starts a cluster of its own on free ports (test/faults/rig/kafka-cluster.ts).
# Usage: scripts/infra/kafka-cluster.sh install|up|down|status
#   ports: node N (1..3) serves clients on BASE+2(N-1) and its controller on BASE+2(N-1)+1,
#          BASE = INFRA_KAFKA_CLUSTER_PORT (default 19192: 19192/19194/19196, controllers +1)
#   up   : fresh data folders, format storage with one cluster id, start the 3 nodes, wait until
#          each answers describeCluster with all 3 brokers; prints the KAFKA_BROKERS value and
#          writes it to .infra/kafka-cluster/brokers
#   down : SIGTERM to each node, SIGKILL after 30 s
# Files: .infra/kafka-cluster/node-N/{data,server.properties,kafka.log,kafka.pid}
# Then e.g.: KAFKA_BROKERS=$(cat .infra/kafka-cluster/brokers) npm start
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# shellcheck source=kafka.sh
source "$(dirname "${BASH_SOURCE[0]}")/kafka.sh"

CLUSTER_BASE_PORT=${INFRA_KAFKA_CLUSTER_PORT:-19192}
CLUSTER_NODES=3
CLUSTER_HOME="$INFRA_DIR/kafka-cluster"
CLUSTER_TEMPLATE="$INFRA_ROOT/infra/kafka/cluster-node.properties.template"

cluster_port() { echo $((CLUSTER_BASE_PORT + 2 * ($1 - 1))); }
cluster_controller_port() { echo $((CLUSTER_BASE_PORT + 2 * ($1 - 1) + 1)); }
cluster_home() { echo "$CLUSTER_HOME/node-$1"; }
cluster_pid() { if [[ -f "$(cluster_home "$1")/kafka.pid" ]]; then cat "$(cluster_home "$1")/kafka.pid"; fi; }
cluster_pattern() { echo "kafka.Kafka $(cluster_home "$1")/server.properties"; }
cluster_running() { pid_alive "$(cluster_pid "$1")" "$(cluster_pattern "$1")"; }
cluster_brokers() {
  local n list=()
  for n in $(seq 1 $CLUSTER_NODES); do list+=("127.0.0.1:$(cluster_port "$n")"); done
  (IFS=,; echo "${list[*]}")
}

kafka_cluster_install() { kafka_install; }

kafka_cluster_up() {
  local n running=0
  for n in $(seq 1 $CLUSTER_NODES); do cluster_running "$n" && running=$((running + 1)); done
  if ((running == CLUSTER_NODES)); then
    infra_log "kafka-cluster: already running at $(cluster_brokers)"
    cluster_brokers
    return 0
  fi
  ((running == 0)) || kafka_cluster_down
  for n in $(seq 1 $CLUSTER_NODES); do
    for port in "$(cluster_port "$n")" "$(cluster_controller_port "$n")"; do
      if port_open 127.0.0.1 "$port"; then
        infra_die "kafka-cluster: 127.0.0.1:$port is already in use (set INFRA_KAFKA_CLUSTER_PORT to a free range)"
      fi
    done
  done
  [[ -d $KAFKA_LIBS ]] || infra_die "kafka-cluster: $KAFKA_LIBS missing: run scripts/infra/kafka-cluster.sh install"
  require_node_modules
  command -v java >/dev/null 2>&1 || infra_die "kafka-cluster: java not found"

  local voters=() cluster_id
  for n in $(seq 1 $CLUSTER_NODES); do voters+=("$n@127.0.0.1:$(cluster_controller_port "$n")"); done
  voters=$(IFS=,; echo "${voters[*]}")
  cluster_id=$(kafka_random_cluster_id)
  for n in $(seq 1 $CLUSTER_NODES); do
    local home
    home=$(cluster_home "$n")
    rm -rf "$home"
    mkdir -p "$home/data"
    sed -e "s#@NODE_ID@#$n#g" -e "s#@VOTERS@#$voters#g" -e "s#@DATA_DIR@#$home/data#g" \
      -e "s#@KAFKA_PORT@#$(cluster_port "$n")#g" -e "s#@KAFKA_CONTROLLER_PORT@#$(cluster_controller_port "$n")#g" \
      "$CLUSTER_TEMPLATE" >"$home/server.properties"
    : >"$home/kafka.log"
    if ! java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto \
      -Dlog4j.configuration="file:$KAFKA_LOG4J" -cp "$KAFKA_LIBS/*" \
      kafka.tools.StorageTool format -t "$cluster_id" -c "$home/server.properties" >>"$home/kafka.log" 2>&1; then
      tail_log "kafka-cluster node $n" "$home/kafka.log"
      infra_die "kafka-cluster: storage format of node $n failed"
    fi
    # setsid and 9>&-: as kafka.sh (outlive this script; never hold the infra:up lock).
    (
      cd "$home"
      # shellcheck disable=SC2016 # expanded by the inner bash
      exec setsid bash -c 'echo $$ >"$1"; shift; exec "$@"' _ "$home/kafka.pid" \
        java -Xms128m -Xmx384m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true \
        -Dlog4j.configuration="file:$KAFKA_LOG4J" -cp "$KAFKA_LIBS/*" \
        kafka.Kafka "$home/server.properties" >>"$home/kafka.log" 2>&1 </dev/null 9>&-
    ) &
  done
  for n in $(seq 1 $CLUSTER_NODES); do
    for _ in $(seq 1 50); do
      [[ -s "$(cluster_home "$n")/kafka.pid" ]] && break
      sleep 0.1
    done
  done
  for n in $(seq 1 $CLUSTER_NODES); do
    if ! node "$INFRA_ROOT/scripts/infra/kafka-ready.mjs" --brokers "127.0.0.1:$(cluster_port "$n")" \
      --timeout "$KAFKA_READY_TIMEOUT_S" --pid "$(cluster_pid "$n")" --min-brokers "$CLUSTER_NODES"; then
      tail_log "kafka-cluster node $n" "$(cluster_home "$n")/kafka.log"
      kafka_cluster_down
      infra_die "kafka-cluster: node $n did not become ready"
    fi
  done
  cluster_brokers >"$CLUSTER_HOME/brokers"
  infra_log "kafka-cluster: ready at $(cluster_brokers) (RF 3, min.insync.replicas 2; logs: $CLUSTER_HOME/node-N/kafka.log)"
  cluster_brokers
}

kafka_cluster_down() {
  local n
  # All together: the last node of a KRaft quorum stopped alone waits for a quorum it cannot get.
  for n in $(seq 1 $CLUSTER_NODES); do
    if cluster_running "$n"; then kill -TERM "$(cluster_pid "$n")" 2>/dev/null || true; fi
  done
  for n in $(seq 1 $CLUSTER_NODES); do
    if cluster_running "$n"; then stop_pid "kafka-cluster node $n" "$(cluster_pid "$n")" "$(cluster_pattern "$n")" 30; fi
    rm -f "$(cluster_home "$n")/kafka.pid"
  done
  rm -f "$CLUSTER_HOME/brokers"
  infra_log "kafka-cluster: stopped"
}

kafka_cluster_status() {
  local n
  for n in $(seq 1 $CLUSTER_NODES); do
    if cluster_running "$n"; then
      echo "kafka-cluster node $n: up (pid $(cluster_pid "$n"), 127.0.0.1:$(cluster_port "$n"))"
    else
      echo "kafka-cluster node $n: down"
    fi
  done
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  case "${1:-}" in
  install | up | down | status) "kafka_cluster_$1" ;;
  *) infra_die "usage: $0 install|up|down|status" ;;
  esac
fi
