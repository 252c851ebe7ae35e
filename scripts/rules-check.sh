#!/usr/bin/env bash
# `npm run rules:check`: promtool validates every Prometheus rule file in ops/prometheus.
# Without promtool (a developer machine without scripts/infra/install.sh) it says so and fails;
# the metric names the rules use are checked by test/integration/platform/alert-rules.int.test.ts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v promtool >/dev/null 2>&1; then
  echo "[rules:check] promtool not found: run 'bash scripts/infra/install.sh' (Debian package prometheus)" >&2
  exit 1
fi
shopt -s nullglob
files=(ops/prometheus/*.yml)
((${#files[@]} > 0)) || { echo "[rules:check] no rule files in ops/prometheus" >&2; exit 1; }
promtool check rules "${files[@]}"
