"""Bot-vs-bot play on the referee: agents (docs/agents.md), matches and ladders with ratings,
records anyone can verify, parallel and distributed runs.

    from ct_referee_arena.game import play_game
    from ct_referee_arena.referee import connect
    out = play_game("random", "fln-bot", "short", seed=7, referee=connect("local"))
    out["winner"], out["record"]        # "fln", the GAME.jsonl text (docs/records.md)

The command line: ``ct-referee match``, ``ladder``, ``verify`` and ``worker``.
"""
