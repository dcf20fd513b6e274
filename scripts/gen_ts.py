#!/usr/bin/env python3
"""Generate the TypeScript message types of ``clients/ts`` from ``proto/ct_referee/v1/referee.proto``.

This script is the ONLY producer of ``clients/ts/src/gen/``: never edit the generated files by
hand. It runs grpcio-tools' protoc with the protoc-gen-es plugin (``@bufbuild/protoc-gen-es``,
pinned in ``clients/ts/package-lock.json``; a Node.js script, no binary is downloaded), installing
the client's npm packages first (``npm ci``) when they are missing.

    python scripts/gen_ts.py            # regenerate in place (scripts/gen_proto.py runs this too)
    python scripts/gen_ts.py --check    # exit 1 if the committed code is stale (used by tests)
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "clients" / "ts"
GEN = CLIENT / "src" / "gen"
PROTO = "ct_referee/v1/referee.proto"
PLUGIN = CLIENT / "node_modules" / ".bin" / "protoc-gen-es"
# target=ts: TypeScript sources, compiled with the client; import_extension=js: the relative
# imports Node's ES modules need.
OPTIONS = "target=ts,import_extension=js"


def install() -> None:
    """``npm ci`` in clients/ts when its packages are missing or older than the lock file."""
    stamp = CLIENT / "node_modules" / ".package-lock.json"
    lock = CLIENT / "package-lock.json"
    if PLUGIN.exists() and stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm not found: the TypeScript client needs Node.js and npm "
                         "(apt-get install nodejs npm)")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=CLIENT,
                   check=True)


def generate(out: Path) -> None:
    """Write the generated sources under ``out`` (``out/ct_referee/v1/referee_pb.ts``)."""
    from grpc_tools import protoc
    import grpc_tools

    install()
    include = str(Path(grpc_tools.__file__).parent / "_proto")
    out.mkdir(parents=True, exist_ok=True)
    args = ["protoc", f"-I{ROOT / 'proto'}", f"-I{include}",
            f"--plugin=protoc-gen-es={PLUGIN}", f"--es_out={out}", f"--es_opt={OPTIONS}", PROTO]
    if protoc.main(args) != 0:
        raise SystemExit("protoc (protoc-gen-es) failed")


def stale() -> list[str]:
    """Generated files that differ from a fresh generation (empty if up to date)."""
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp)
        generate(fresh)
        names = {str(p.relative_to(fresh)) for p in fresh.rglob("*") if p.is_file()}
        have = {str(p.relative_to(GEN)) for p in GEN.rglob("*") if p.is_file()} \
            if GEN.exists() else set()
        return [n for n in sorted(names | have)
                if not ((fresh / n).exists() and (GEN / n).exists()
                        and filecmp.cmp(fresh / n, GEN / n, shallow=False))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if the generated code is stale")
    a = ap.parse_args()
    if a.check:
        diffs = stale()
        if diffs:
            print("stale generated TypeScript (run scripts/gen_proto.py):", *diffs, sep="\n  ")
            return 1
        print("generated TypeScript is up to date")
        return 0
    regenerate()
    return 0


def regenerate() -> None:
    """Replace clients/ts/src/gen with a fresh generation."""
    if GEN.exists():
        shutil.rmtree(GEN)
    generate(GEN)
    print(f"wrote {GEN.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
