"""The README's examples run as written: its shell blocks (curl, jq, the command line) and its
Python client block, and those of docs/api.md (Algeria; grpcurl when installed), against real REST
and gRPC servers on port 0. The README stays a newcomer's guide: at most 250 lines, every link
into the repository leading somewhere."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from service.config import Config

from .conftest import Servers, start_servers

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
API = ROOT / "docs" / "api.md"
README_MAX_LINES = 250


def blocks(section: str, lang: str, doc: Path = README) -> list[str]:
    """The ``lang`` code blocks of the section of ``doc`` (the README unless told) whose heading
    is ``section``, up to the next heading or the end of the document."""
    text = doc.read_text(encoding="utf-8")
    m = re.search(rf"^#+ {re.escape(section)}.*?$(.*?)(?=^#+ |\Z)", text, re.S | re.M)
    assert m, f"{doc.name} has no section {section!r}"
    return re.findall(rf"^```{lang}\n(.*?)^```", m.group(1), re.S | re.M)


def test_the_readme_is_a_short_guide() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines (at most {README_MAX_LINES}): move the detail to docs/")


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as ``-``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


LINK = re.compile(r"\]\(([^)\s]+)\)|src=\"([^\"]+)\"")


@pytest.mark.parametrize("doc", [README, *sorted((ROOT / "docs").rglob("*.md"))],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_links_lead_somewhere(doc: Path) -> None:
    """Every relative link of the README and docs/ names a file that exists, and every anchor a
    heading of the document it points into."""
    broken = []
    for m in LINK.finditer(doc.read_text(encoding="utf-8")):
        target = m.group(1) or m.group(2)
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path) if path else doc
        if not dest.exists():
            broken.append(target)
        elif anchor and dest.suffix == ".md":
            headings = re.findall(r"^#+ +(.+)$", dest.read_text(encoding="utf-8"), re.M)
            if anchor not in {_slug(h) for h in headings}:
                broken.append(target)
    assert not broken, f"{doc.relative_to(ROOT)}: {broken}"


@pytest.fixture(scope="module")
def live() -> Iterator[Servers]:
    s = start_servers(Config())
    try:
        yield s
    finally:
        s._stop()


def _local(text: str, s: Servers) -> str:
    return (text.replace("localhost:8080", s.http.removeprefix("http://"))
            .replace("localhost:50051", s.grpc))


def _run_sh(block: str, s: Servers, cwd: Path) -> str:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    r = subprocess.run(["bash", "-c", "set -eo pipefail\n" + _local(block, s)], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"{block}\n--- stdout\n{r.stdout}\n--- stderr\n{r.stderr}"
    return r.stdout


def _need(*tools: str) -> None:
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} not installed (scripts/test installs them)")


def test_curl_examples(live: Servers, tmp_path: Path) -> None:
    _need("curl", "jq")
    (block,) = blocks("curl", "sh")
    out = _run_sh(block, live, tmp_path)
    assert '"error"' not in out
    assert '"Play no Pivotal Event"' in out              # a listed move's label
    assert '"#15 Jean-Paul Sartre"' in out               # the catalogue's card 15
    assert '"move":"Pass (+1 Resource)"' in out          # the replay's labelled checkpoints


def test_algeria_curl_examples(live: Servers, tmp_path: Path) -> None:
    _need("curl", "jq")
    (block,) = blocks("A second game: Algeria", "sh", API)
    out = _run_sh(block, live, tmp_path)
    assert '"error"' not in out
    assert '"French division 1 set up in I-1 Barika"' in out  # a log entry's label
    assert '"label": "Set up French division 2 in I-1 Barika, concentrated"' in out
    assert 'data-area="VI-2"' in (tmp_path / "algeria.svg").read_text()


def test_command_line_examples(live: Servers, tmp_path: Path) -> None:
    (block,) = blocks("Command line", "sh")
    out = _run_sh(block, live, tmp_path)
    assert '"error"' not in out and '"to_move":"gov"' in out


def test_python_client_example(live: Servers, tmp_path: Path) -> None:
    (block,) = blocks("Python client", "python")
    r = subprocess.run([sys.executable, "-c", _local(block, live)], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "illegal_move 0" in r.stdout


def test_grpcurl_examples(live: Servers, tmp_path: Path) -> None:
    if shutil.which("grpcurl") is None:
        pytest.skip("grpcurl is not installed (no Debian package); the gRPC examples are "
                    "checked by test_grpc_services through the same reflection service")
    (block,) = blocks("grpcurl", "sh", API)
    assert "SERVING" in _run_sh(block, live, tmp_path)
