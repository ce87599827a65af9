#!/usr/bin/env bash
# Installs what the test suite needs beyond a Rust toolchain: Debian's
# Chromium and its matching ChromeDriver, for the web lab's real-browser
# test (crates/cw-web/tests/it/e2e.rs). Does nothing when
# /usr/bin/chromedriver is already there, or when COLORWALK_SKIP_E2E=1
# (that test is skipped then). ./test.sh calls it.
set -euo pipefail

if [ -x /usr/bin/chromedriver ] || [ "${COLORWALK_SKIP_E2E:-}" = 1 ]; then
  exit 0
fi

"$(dirname "$0")/apt-install.sh" install-test-deps chromium chromium-driver
