#!/usr/bin/env bash
# Installs everything clinscribe needs on a fresh Debian machine: Debian packages (audio
# decoding, speech, test speech), npm packages (including the project's own Node 22).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=$(grep -v '^\s*#' .ci/apt-packages.txt | tr '\n' ' ')
missing=()
for p in $packages; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  echo "npm packages are up to date"
else
  npm ci --no-audit --no-fund
fi
node_modules/.bin/node --version
