#!/usr/bin/env bash
# Installs Debian's HAProxy for the cluster test and the cluster bench (the load balancer the
# README's Deployment section configures), unless `haproxy` is already on PATH.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "HAProxy is missing and this user cannot install packages. Run: apt-get install -y haproxy" >&2
    exit 1
  fi
fi
echo "Installing HAProxy from Debian's packages…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq haproxy >/dev/null
haproxy -v | head -n 1
