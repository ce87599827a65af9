#!/usr/bin/env bash
# Tests the web lab's page without a browser: type-checks its JavaScript
# (crates/cw-web/static: app.js and js/*.js, // @ts-check with JSDoc
# types) with TypeScript, and runs the Node tests of its pure parts
# (crates/cw-web/static-tests/*.test.js, node --test). Exits non-zero when
# either fails. The browser test (cargo test -p cw-web, e2e) is separate.
#
# Installs what it needs: Node.js and npm (Debian's packages, as root or
# through sudo) when `node` or `npm` is missing, then the pinned TypeScript
# with `npm ci` into crates/cw-web/static-tests/node_modules (git-ignored).
# Run it from anywhere: scripts/test-page.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tests=crates/cw-web/static-tests

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  scripts/apt-install.sh test-page nodejs npm
fi

major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
  echo "test-page: Node.js $(node --version) is too old; the tests need 18 or later" >&2
  exit 1
fi

echo "test-page: npm ci in $tests (node $(node --version))" >&2
(cd "$tests" && npm ci --no-audit --no-fund --prefer-offline --loglevel=error)

status=0
echo "test-page: type check (tsc $("$tests/node_modules/.bin/tsc" --version | cut -d' ' -f2))"
if "$tests/node_modules/.bin/tsc" -p "$tests"; then
  echo "test-page: type check passed"
else
  echo "test-page: type check FAILED"
  status=1
fi

echo "test-page: node tests"
if (cd "$tests" && node --test); then
  echo "test-page: node tests passed"
else
  echo "test-page: node tests FAILED"
  status=1
fi
exit "$status"
