#!/usr/bin/env bash
# Builds the Dockerfile's image with podman on this machine (issue #40, decision 0558): the base
# image's stand-in first when podman does not have it (scripts/image/base-image.sh), then
# `podman build --isolation chroot` (no OCI runtime needed) in Docker format (HEALTHCHECK is a
# Docker-format field; OCI drops it). Prints the image's size.
# Usage: scripts/image/build.sh [TAG]   (default: $PIN_IMAGE, else pin-backend:test)
# A TLS-intercepting egress proxy (this machine's): when NODE_EXTRA_CA_CERTS names a CA bundle,
# the build's RUN steps see it through bind mounts only (npm's cafile in a global npmrc), so the
# image and the Dockerfile carry nothing of it.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../infra/lib.sh
source "$ROOT/scripts/infra/lib.sh"
TAG=${1:-${PIN_IMAGE:-pin-backend:test}}

bash "$ROOT/scripts/image/base-image.sh"

mounts=()
if [[ -n ${NODE_EXTRA_CA_CERTS:-} && -r $NODE_EXTRA_CA_CERTS ]]; then
  npmrc="$INFRA_DIR/image-build.npmrc"
  mkdir -p "$INFRA_DIR"
  printf 'cafile=/run/pin-build-ca.crt\n' >"$npmrc"
  mounts=(-v "$NODE_EXTRA_CA_CERTS:/run/pin-build-ca.crt:ro" -v "$npmrc:/usr/local/etc/npmrc:ro")
  infra_log "build: npm trusts $NODE_EXTRA_CA_CERTS (NODE_EXTRA_CA_CERTS), mounted for the RUN steps only"
fi

# The RUN steps inherit podman's default of 1,024 open files, which `npm install` can exhaust
# (EMFILE in its cache, seen once in a fresh-clone CI run): give them this shell's hard limit.
nofile=$(ulimit -Hn)
[[ $nofile == unlimited ]] && nofile=1048576
t=$(now_ms)
infra_log "podman build --isolation chroot --format docker --ulimit nofile=$nofile:$nofile -t $TAG $ROOT"
podman build --isolation chroot --format docker --pull=never --ulimit "nofile=$nofile:$nofile" \
  "${mounts[@]}" -t "$TAG" "$ROOT"
size=$(podman image inspect --format '{{.Size}}' "$TAG")
base=$(podman image inspect --format '{{.Size}}' "docker.io/library/$(awk 'toupper($1) == "FROM" { print $2; exit }' "$ROOT/Dockerfile")")
infra_log "built $TAG in $(fmt_ms "$t"): $((size / 1000000)) MB, of which the base $((base / 1000000)) MB and this project's layers $(((size - base) / 1000000)) MB"
