"""Cards: see engine/cards/__init__.py."""
