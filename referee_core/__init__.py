"""What every game of the referee shares, written once: the pending-decision machine
(``decisions``, with ``why``), die rolls as chance decisions (``chance``) and their generator
(``rng``), plain data (``plain``), the primitive checks of untrusted state documents
(``checks``), the errors (``errors``), canonical JSON text (``jsontext``), game options
(``options``), counted words (``words``), SVG drawing (``svg``, ``layout``), statistics (``stats``),
the random-playout driver with the invariants every game checks (``playout``) and the mutation
fuzzer of state validators (``fuzz``). It imports no game:
Colonial Twilight (``engine``) and Algeria (``algeria``) build on it, and a third game would too."""
