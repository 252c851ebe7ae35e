#!/usr/bin/env bash
# promtool, from Debian's `prometheus` package (2.42), for `npm run rules:check`.
# Usage: scripts/infra/promtool.sh install   (normally called through install.sh)
# The package also ships the prometheus server; policy-rc.d / no init keeps it from starting and
# nothing here starts it: only promtool is used.
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

promtool_install() {
  command -v promtool >/dev/null 2>&1 && return 0
  apt_ensure prometheus
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  case "${1:-}" in
    install) promtool_install ;;
    *) infra_die "usage: $0 install" ;;
  esac
fi
