"""Every implemented card, one small unit each, registered on import (engine.events registry)."""

from . import events_a  # noqa: F401
