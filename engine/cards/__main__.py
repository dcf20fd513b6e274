"""``python -m engine.cards``: print the card catalogue (engine/cards/catalogue.py)."""

from __future__ import annotations

import engine  # noqa: F401  (registers every rules module and card)

from .catalogue import main

main()
