#!/usr/bin/env bash
# Checks the Kubernetes manifests in deploy/k8s/ against the Kubernetes API
# schemas, offline: the PyPI package kubernetes-validate (pinned below)
# carries the schemas of every Kubernetes release. Strict, so an unknown or
# misspelt field fails too. Validates against the oldest release the
# manifests need (1.30: the Job's backoffLimitPerIndex is on by default from
# 1.29) and the newest the package knows. Installs the package from PyPI
# into a virtual environment under target/ the first time (and Debian's
# python3-venv first when Python lacks its venv module), and checks offline
# from then on.
#
#   scripts/validate-k8s.sh
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.37.0
venv=target/k8s-validate-$version
if [ ! -x "$venv/bin/kubernetes-validate" ]; then
  rm -rf "$venv"
  if ! command -v python3 >/dev/null 2>&1; then
    scripts/apt-install.sh validate-k8s python3 python3-venv
  elif ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    scripts/apt-install.sh validate-k8s python3-venv
  fi
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$version"
fi
for k8s in 1.30.0 "$version"; do
  "$venv/bin/kubernetes-validate" --strict --quiet -k "$k8s" deploy/k8s/*.yaml
done
echo "validate-k8s: deploy/k8s/*.yaml valid against Kubernetes 1.30.0 and $version (strict)"
