#!/usr/bin/env python3
"""Write docs/cards.md from the card summaries (``engine.catalog.cards_markdown``).

    python scripts/cards_doc.py            # write docs/cards.md
    python scripts/cards_doc.py --check    # exit 1 if docs/cards.md is not up to date
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.catalog import cards_markdown  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "cards.md"


def main(argv: list[str]) -> int:
    text = cards_markdown()
    if "--check" in argv:
        if DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is stale: run scripts/cards_doc.py")
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
