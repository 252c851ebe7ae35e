#!/usr/bin/env bash
# Start the real services the integration tests use, all on loopback:
#   postgres   127.0.0.1:5432   (the machine's cluster; started with pg_ctlcluster if down)
#   kafka      127.0.0.1:19092  (Apache Kafka 3.9.1 KRaft from Maven Central jars, fresh data each run)
#   clickhouse 127.0.0.1:8123   (Debian clickhouse-server 18.16)
# Usage: npm run infra:up [-- postgres|kafka|clickhouse ...]   (default: all three)
# Idempotent: installs only what is missing, reuses services that already answer (whoever started
# them: another checkout's broker on 19092 is reused, not restarted). Also run by `npm test` itself
# (test/support/global-setup.ts), so a fresh clone needs nothing before `npm test`.
# Writes .infra/services.env (TEST_DATABASE_URL, TEST_KAFKA_BROKERS, TEST_CLICKHOUSE_URL) at the end.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$HERE/lib.sh"
source "$HERE/postgres.sh"
source "$HERE/kafka.sh"
source "$HERE/clickhouse.sh"

select_services postgres kafka clickhouse -- "$@"

mkdir -p "$INFRA_DIR"
infra_lock
total=$(now_ms)
timings=()

# Install first (one `apt-get update` at most for everything missing), then start. A service that
# already answers needs nothing installed here.
for s in "${services[@]}"; do
  t=$(now_ms)
  if service_answers "$s"; then
    timings+=("install $s: skipped (already answers)")
    continue
  fi
  "${s}_install"
  timings+=("install $s: $(fmt_ms "$t")")
done
for s in "${services[@]}"; do
  t=$(now_ms)
  "${s}_up"
  timings+=("start $s: $(fmt_ms "$t")")
done

write_services_env
infra_log "wrote $SERVICES_ENV:"
grep -v '^#' "$SERVICES_ENV" | sed 's/^/[infra]   /' >&2
infra_log "timings:"
for line in "${timings[@]}"; do infra_log "  $line"; done
infra_log "  total: $(fmt_ms "$total")"
