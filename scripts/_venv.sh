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
# the build depends on setup.py too, and on CT_REFEREE_PURE (engines compiled or not: setup.py)
want="$(cat pyproject.toml setup.py | sha256sum | cut -c1-64)${CT_REFEREE_PURE:+-pure}"
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
engines_source() {  # a hash of the engines' source (what the compiled modules were built from)
  find referee_core engine algeria insurgent -name '*.py' -print0 | sort -z | xargs -0 cat \
    | sha256sum | cut -c1-64
}
say_if_pure() {  # the installer hides the build's output: say here when nothing was compiled
  [ -z "${CT_REFEREE_PURE:-}" ] || [ "$CT_REFEREE_PURE" = 0 ] || return 0
  if ! .venv/bin/python -c 'import referee_core, sys; sys.exit(not referee_core.compiled())' \
       2>/dev/null; then
    echo "warning: $(cat build/not-compiled.txt 2>/dev/null \
      || echo 'the engines stay pure Python: no compiled module was built')" >&2
  fi
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
  engines_source > .venv/.engines-built
  say_if_pure
fi
# The compiled engines (setup.py) hold the source as it was when they were built, and a compiled
# module wins over its source at import: after a change to the engines' source, build them again
# (only the groups whose C code changed are compiled again: setup.py), or, where mypyc is not installed in
# .venv, remove them (the engines then run as Python).
if compgen -G "referee_core/*.so" >/dev/null; then
  if [ "$(cat .venv/.engines-built 2>/dev/null)" != "$(engines_source)" ]; then
    if .venv/bin/python -c 'import mypyc' 2>/dev/null; then
      echo "the engines' source changed: compiling them again" >&2
      .venv/bin/python setup.py -q build_ext --inplace >/dev/null
      say_if_pure
    else
      find referee_core engine algeria insurgent -name '*.so' -delete
    fi
  fi
  engines_source > .venv/.engines-built
fi
