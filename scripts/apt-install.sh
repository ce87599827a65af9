#!/usr/bin/env bash
# Installs Debian packages for the test scripts: apt-get as root, or through
# sudo. Usage: scripts/apt-install.sh WHO PACKAGE... (WHO names the caller in
# messages).
set -euo pipefail
who=$1
shift
if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "$who: need root or sudo to install $*" >&2
  exit 1
fi
echo "$who: installing $* (Debian packages)" >&2
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "$@"
