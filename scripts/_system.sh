#!/usr/bin/env bash
# The Debian packages this machine lacks, installed with one apt-get (as root, or with sudo):
#   scripts/_system.sh PACKAGE[:COMMAND] ...
# a package counts as present when its COMMAND (by default its own name) is on the PATH. Used by
# scripts/test, which runs it while the project is being built, and by .ci/run.
set -euo pipefail
missing=()
for spec in "$@"; do
  command -v "${spec#*:}" >/dev/null 2>&1 || missing+=("${spec%%:*}")
done
[ "${#missing[@]}" = 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  sudo=()
elif command -v apt-get >/dev/null 2>&1 && command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "needed: ${missing[*]}: install them with your package manager" >&2
  exit 1
fi
("${sudo[@]}" apt-get update -qq \
  && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >/dev/null
