# Shared by scripts/serve and scripts/test: make .venv (Python 3.11+) and install the project with
# the extras "$1" — only when .venv is missing or out of date (pyproject.toml changed since, or
# those extras not installed yet), so that an installed referee starts at once, and offline.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY="${PYTHON:-}"
if [ -z "$PY" ]; then
  for c in python3.13 python3.12 python3.11 python3; do
    if "$c" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1; then
      PY="$c"; break
    fi
  done
fi
[ -n "$PY" ] || { echo "Python 3.11+ is required" >&2; exit 1; }
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
want="$(sha256sum pyproject.toml | cut -c1-64)"
installed() {  # is there a stamp of this pyproject.toml with every extra asked for?
  local stamp extra
  for stamp in .venv/.installed-*; do
    [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] || continue
    for extra in ${1//,/ }; do
      case ",${stamp#.venv/.installed-}," in *",$extra,"*) ;; *) continue 2 ;; esac
    done
    return 0
  done
  return 1
}
if ! installed "$1"; then
  # uv (from PyPI, through pip) resolves and installs the same set as pip, in seconds rather than
  # minutes (downloads in parallel); the bytecode compiled ahead as pip does, since a Python that
  # does not write it (PYTHONDONTWRITEBYTECODE, -B) would compile every module at every start;
  # pip itself does the work wherever uv cannot be had or fails
  if .venv/bin/python -m pip install -q uv >/dev/null 2>&1 \
     && .venv/bin/python -m uv pip install -q --compile-bytecode --python .venv/bin/python \
          -e ".[$1]"; then
    :
  else
    .venv/bin/python -m pip install -q -e ".[$1]"
  fi
  rm -f .venv/.installed-*
  echo "$want" > ".venv/.installed-$1"
fi
