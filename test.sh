#!/usr/bin/env bash
# Runs every test of the workspace, then the page's own tests
# (scripts/test-page.sh) and the Kubernetes manifests' schema check
# (scripts/validate-k8s.sh). Installs what the tests need first.
# Every crate's tests run even when one fails (--no-fail-fast); tests that
# cannot run here (no ../shared, slow suites without CW_SLOW=1) say so, and
# the summary at the end lists them.
set -uo pipefail
cd "$(dirname "$0")"
if [ -x scripts/install-test-deps.sh ]; then
  scripts/install-test-deps.sh || exit 1
fi
skip_log=$(mktemp)
trap 'rm -f "$skip_log"' EXIT
COLORWALK_SKIP_LOG="$skip_log" cargo test --workspace --no-fail-fast "$@"
status=$?
# The page's own tests: its JavaScript type-checked, its pure parts in Node
# (installs Node.js and the pinned TypeScript when missing).
scripts/test-page.sh
page_status=$?
# The Kubernetes manifests against the Kubernetes schemas (installs the
# pinned kubernetes-validate from PyPI into target/ when missing).
scripts/validate-k8s.sh
k8s_status=$?
skipped=$(sort -u "$skip_log" | grep -c . || true)
echo
if [ "$skipped" -gt 0 ]; then
  echo "test.sh: $skipped test(s) skipped:"
  sort -u "$skip_log" | sed 's/^/  /'
else
  echo "test.sh: no test skipped"
fi
if [ "$status" -ne 0 ] || [ "$page_status" -ne 0 ] || [ "$k8s_status" -ne 0 ]; then
  echo "test.sh: FAILED (cargo test exited with $status, the page's tests with $page_status," \
    "the manifests' check with $k8s_status)"
  exit 1
fi
echo "test.sh: all tests passed"
