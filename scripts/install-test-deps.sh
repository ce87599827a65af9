#!/usr/bin/env bash
# Installs what the test suite needs beyond a Rust toolchain: Debian's
# Chromium and its matching ChromeDriver, for the web lab's real-browser
# test (crates/cw-web/tests/it/e2e.rs). Does nothing when
# /usr/bin/chromedriver is already there. ./test.sh calls it.
set -euo pipefail

if [ -x /usr/bin/chromedriver ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1; then
  SUDO=(sudo)
else
  echo "install-test-deps: need root or sudo to install chromium and chromium-driver" >&2
  exit 1
fi

echo "install-test-deps: installing chromium and chromium-driver (Debian packages)" >&2
"${SUDO[@]}" apt-get update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends chromium chromium-driver
