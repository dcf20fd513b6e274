"""``mypyc_attr`` for the engines' classes that games or tests extend in Python (setup.py compiles
the hot modules only, docs/performance.md "The compiled engine"): a compiled class takes an
interpreted subclass only when it says ``@mypyc_attr(allow_interpreted_subclasses=True)``. mypyc
reads the decorator from ``mypy_extensions``; the interpreter runs this no-op instead, so the
engines need no package beyond the standard library."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(*_names: str, **_flags: Any) -> Callable[[T], T]:
        """What ``mypy_extensions.mypyc_attr`` does when run: nothing."""
        return lambda cls: cls
