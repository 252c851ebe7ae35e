#!/usr/bin/env bash
# Debian's chromium for the browser tests (test/integration/demo/*.e2e.test.ts drive it with
# playwright-core through executablePath=/usr/bin/chromium; no browser download from a CDN).
# Usage: scripts/infra/browser.sh install|status   (normally called through install.sh)
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BROWSER_BIN=${PIN_TEST_CHROMIUM:-/usr/bin/chromium}

browser_install() {
  if [[ -x $BROWSER_BIN ]]; then return 0; fi
  apt_ensure chromium
}

browser_status() {
  if [[ -x $BROWSER_BIN ]]; then echo "browser: $("$BROWSER_BIN" --version 2>/dev/null || echo "$BROWSER_BIN")"; else echo "browser: missing ($BROWSER_BIN)"; fi
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  set -euo pipefail
  case "${1:-}" in
  install | status) "browser_$1" ;;
  *) infra_die "usage: $0 install|status" ;;
  esac
fi
