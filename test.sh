#!/usr/bin/env bash
# Runs every test of the workspace. Installs what the tests need first.
set -euo pipefail
cd "$(dirname "$0")"
if [ -x scripts/install-test-deps.sh ]; then
  scripts/install-test-deps.sh
fi
cargo test --workspace "$@"
