#!/usr/bin/env bash
# Both faults passes at once (not yet CI's step: decision 0522; by hand: `bash .ci/faults-both.sh` from the
# repository root, services as `npm test` leaves them):
#  - kafkajs: the faults tier (`npm run test:faults`: every file of FAULTS_TIER in vitest.config.ts —
#    SIGKILLs and outages in Kafka mode, the startup order, a consumer killed mid-batch, the fuzzers
#    at CI size, the rig's cleanup, the 3-node Kafka cluster test);
#  - platformatic: the tier's Kafka-client files again on @platformatic/kafka (decision 0431; role
#    processes and crash children inherit PIN_KAFKA_CLIENT). The fuzzers and the rig-cleanup file
#    touch no Kafka client and run once, in the first pass.
# The two passes run AT ONCE (decision 0498): each file starts its own brokers, PostgreSQL,
# ClickHouse and role processes on free ports, its own production build (.faults-build-<pid>) and
# its own Kafka namespace, and most of a fault test is waiting out an outage or a session timeout,
# so the passes share two cores well. Every line carries its pass's name; each pass prints its
# duration; the step fails if either fails.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

faults_kafkajs() {
  npm run --silent test:faults
}
faults_platformatic() {
  PIN_KAFKA_CLIENT=platformatic PIN_FAULTS_CLUSTER=1 npx vitest run --config vitest.faults.config.ts \
    test/integration/events/crash-recovery.int.test.ts \
    test/integration/faults/startup-order.int.test.ts \
    test/integration/faults/kafka-mode-faults.int.test.ts \
    test/integration/faults/kafka-cluster-faults.int.test.ts
}
# pass NAME FUNCTION: runs it with every output line prefixed, prints its duration, returns its exit code.
pass() {
  local name=$1 fn=$2 t0 rc=0
  t0=$(date +%s)
  "$fn" 2>&1 | sed -u "s/^/[$name] /" || rc=$?
  printf '=== [ci] %s: %ss (exit %d)\n' "$name" "$(($(date +%s) - t0))" "$rc"
  return "$rc"
}

pass "faults kafkajs" faults_kafkajs &
a=$!
pass "faults platformatic" faults_platformatic &
b=$!
rc=0
wait "$a" || rc=1
wait "$b" || rc=1
exit "$rc"
