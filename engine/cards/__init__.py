"""Every implemented card, one small unit each, registered on import (engine.events registry):
events_a (#1-#30) and events_b (#31-#60) hold texts without lasting markers, lasting holds the
Capability and Momentum cards, pivotal the six Pivotal Events (#61-#66)."""

from . import events_a, events_b, lasting, pivotal  # noqa: F401
