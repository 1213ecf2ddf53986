#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests, unless it is already there.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "Chromium is missing and this user cannot install packages. Run: apt-get install -y chromium" >&2
    exit 1
  fi
fi
echo "Installing Chromium from Debian's packages…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
