#!/usr/bin/env bash
# CI's faults step (decisions 0526, 0529, 0537): the faults tier on both Kafka clients, in two lanes at once.
#  - heavy lane, one file at a time: the 3-node cluster test and the Kafka-mode faults (six role
#    processes, brokers, PostgreSQL and ClickHouse of their own, a load stream) on kafkajs, then the
#    Kafka-mode faults on @platformatic/kafka, then the rig's cleanup and the fuzzers (kafkajs;
#    decision 0537: the light lane ended 230 s after this one in session 18's CI);
#  - light lane, beside it: the startup order, the consumer killed mid-batch (crash-recovery) and
#    the topic catalogue on its own 3-node cluster (topics-cluster, issue #40: the kafkajs admin
#    only, so once) on kafkajs, the SASL_SSL test (both clients in the file, decision 0546), then
#    startup order and crash-recovery on
#    @platformatic/kafka — files that spend most of their time waiting out a held-down service or a
#    session timeout — and last the cluster test on @platformatic/kafka, which moved here from the
#    heavy lane (0529): the light lane ended ~550 s before the heavy one, whose four files were
#    the step's whole length.
# Every file of FAULTS_TIER runs on kafkajs and every Kafka-client file again on platformatic, as
# `npm run test:faults` + the platformatic pass did one after the other (decisions 0430, 0431): the
# count of tests does not change. Each file starts its own services on free ports, its own build and
# Kafka namespace (decision 0498), and role processes write their logs to files, not through the
# test process (0526). Every line carries its lane's name; the step fails if either lane fails.
# By hand: `bash .ci/faults-lanes.sh` from the repository root, with the services `npm test` starts.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

faults() {
  PIN_FAULTS_CLUSTER=1 npx vitest run --config vitest.faults.config.ts "$@"
}
heavy() {
  local rc=0
  faults test/integration/faults/kafka-cluster-faults.int.test.ts \
    test/integration/faults/kafka-mode-faults.int.test.ts || rc=1
  PIN_KAFKA_CLIENT=platformatic faults test/integration/faults/kafka-mode-faults.int.test.ts || rc=1
  # the rig's cleanup and the fuzzers (kafkajs), moved here from the light lane (decision 0537)
  faults test/integration/faults/rig-cleanup.int.test.ts \
    test/integration/ops/consumer-fuzz.int.test.ts \
    test/integration/ops/mutation-fuzz.e2e.test.ts || rc=1
  return "$rc"
}
light() {
  local rc=0
  faults test/integration/faults/startup-order.int.test.ts \
    test/integration/events/crash-recovery.int.test.ts \
    test/integration/faults/topics-cluster.int.test.ts || rc=1
  # both Kafka clients over SASL_SSL in one file, one broker start (decision 0546): run once
  faults test/integration/events/kafka-security.int.test.ts || rc=1
  PIN_KAFKA_CLIENT=platformatic faults test/integration/faults/startup-order.int.test.ts \
    test/integration/events/crash-recovery.int.test.ts || rc=1
  # its own run, so it starts once the waiting files are done (vitest orders one run's files itself)
  PIN_KAFKA_CLIENT=platformatic faults test/integration/faults/kafka-cluster-faults.int.test.ts || rc=1
  return "$rc"
}
# lane NAME FUNCTION: runs it with every output line prefixed, prints its duration, returns its exit code.
# Each lane's output is also kept in a file, so that a failing lane's failures can be recapped last:
# CI shows the tail of its log, and a lane's failing test may have scrolled far above it.
LANE_LOGS=$(mktemp -d)
trap 'rm -rf "$LANE_LOGS"' EXIT
lane() {
  local name=$1 fn=$2 t0 rc=0
  t0=$(date +%s)
  "$fn" 2>&1 | sed -u "s/^/[$name] /" | tee "$LANE_LOGS/$name.log" || rc=$?
  printf '=== [ci] faults lane %s: %ss (exit %d)\n' "$name" "$(($(date +%s) - t0))" "$rc"
  return "$rc"
}

lane heavy heavy &
a=$!
lane light light &
b=$!
rc=0
wait "$a" || rc=1
wait "$b" || rc=1
# recap: the failing tests and their first error lines, vitest's colours stripped
if ((rc)); then
  printf '\n=== [ci] faults: what failed\n'
  sed 's/\x1b\[[0-9;]*m//g' "$LANE_LOGS"/*.log |
    grep -E '(FAIL |[×✗] |AssertionError|Error: |Tests .*failed|Test Files .*failed|Unhandled|exit code)' |
    grep -v '✓' | head -80 || true
fi
exit "$rc"
