"""``ct-referee play``: a person plays a whole game in the terminal, the Government against the
non-player FLN (option ``fln_bot``, 8.6), the FLN against the Government bot (``--side fln``,
option ``gov_bot``), or both sides (``--hotseat``); ``--game algeria`` plays Brian Train's
*Algeria* the same ways, against its bots (docs/algeria/bots.md; ``BOTS`` lists the bots).

Every move is shown by its label. The frequent ones have letters that always mean the same thing
(``p`` pass, ``d`` done, ``n`` decline); the others are numbered in the order the referee lists
them, ``PAGE`` to a page (``>`` the next page, ``<`` the previous one; any number may be typed). ``?`` help, ``u`` undo, ``s`` save the game record, ``b`` the board, ``e`` what the current
card's Events do (the catalogue's summaries), ``t`` the non-player's last reasons in full, ``l``
the log, ``q`` quit (asks to save), as do Ctrl-C and Ctrl-D. With the Deception option the player's own markers are shown
under the board. The board is drawn again only when
it changed. The seed is random unless given, and printed so that the game can be replayed; the
record (docs/records.md) is written on ``s``, or after every turn with ``--record``, and
``--resume GAME.jsonl`` goes on from a record.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from dataclasses import dataclass
from typing import Any, TextIO

from ct_referee_arena.games import SCENARIOS, title
from ct_referee_client import Client, RefereeError, move_dict
from engine.records import RecordWriter, checkpoint, make_header, read_record
from referee_core.jsontext import dumps
from service.jsonmap import to_dict

from . import algeria_text, board_text, insurgent_text
from .common import add_server, with_client

KEYS = {"pass": "p", "done": "d", "decline": "n"}   # stable keys of the frequent moves
COMMANDS = "?usbetlq"
PAGE = 12   # numbered moves to a page of the menu
HELP = """Keys:
  1, 2, ...  the numbered move          p  pass      d  done (finish)     n  decline
  u  undo your last move (and the FLN's reply)      s  save the game record
  b  show the board      e  what the current card's Events do (and each Event move)
  t  the FLN's last reasons in full      l  the log
  >  the next page of a long menu                    <  the previous page
  q  quit (asks to save; Ctrl-C and Ctrl-D too)      ?  this help
Board: each space shows Population, Support (S) / Opposition (O) / neutral (.),
Control (G Government, F FLN), * a Terror marker, then the pieces by letter."""
SIDE = {"gov": "Government", "fln": "FLN", "french": "French", "chance": "Chance"}
# the side fighting the FLN (service.games.Game.counter): ``--side gov`` in each game
COUNTER = {"colonial_twilight": "gov", "algeria": "gov", "insurgent": "french"}
# games whose players hold cards no one else sees: both sides at one screen show the view and the
# moves of the player to move (its hand; a move naming a card of it is listed to it only)
HANDS = ("insurgent",)


def other(game: str, side: str) -> str:
    """The side ``side`` plays against in ``game``."""
    return COUNTER.get(game, "gov") if side == "fln" else "fln"


def side_of(game: str, side: str) -> str:
    """The side ``--side`` names in ``game`` (``gov``: the side fighting the FLN)."""
    return COUNTER.get(game, "gov") if side in ("gov", "french") else side
GAMES = tuple(SCENARIOS)   # the games and scenarios a ladder plays (ct_referee_arena.games)


@dataclass(frozen=True)
class Bot:
    """A non-player side of a game: the option that makes it one, and the client's call that has
    it move (the FLN bot: rules 8.0; the Government bot: engine.govbot, docs/gov-bot.md)."""

    option: str
    call: str          # the Client method: decide(state, seed, role)
    name: str          # as the player reads it
    heading: str       # the heading of its turns


# (game, side) -> its bot; a game and side not listed is played by a person (hotseat)
BOTS: dict[tuple[str, str], Bot] = {
    ("colonial_twilight", "fln"): Bot("fln_bot", "decide", "the non-player FLN",
                                      "FLN (non-player)"),
    ("colonial_twilight", "gov"): Bot("gov_bot", "decide_gov", "the Government bot",
                                      "Government bot"),
    ("algeria", "fln"): Bot("fln_bot", "decide", "the FLN bot", "FLN bot"),
    ("algeria", "gov"): Bot("gov_bot", "decide_gov", "the Government bot", "Government bot"),
    # the Solo Variant's automated French (docs/insurgent/solo.md): DecideGov, the bot of the side
    # fighting the FLN
    ("insurgent", "french"): Bot("french_bot", "decide_gov", "the French automaton",
                                 "French automaton (Solo Variant)"),
}


@dataclass
class Snapshot:
    """The game before one of the person's moves, for undo."""

    state: Any
    pos: Any
    steps: int
    log: int
    bot_calls: int
    label: str = ""             # the move that followed


class Game:
    """One game: the referee's current answer (``pos``: to_move, prompt, labelled legal moves,
    view), the moves so far with the state after each (for the record), earlier positions."""

    def __init__(self, client: Client, header: dict[str, Any], inp: TextIO, out: TextIO,
                 wide: bool = False, record_path: str | None = None) -> None:
        self.client, self.header, self.inp, self.out = client, header, inp, out
        self.wide = wide
        self.record_path = record_path
        self.game = str(header.get("game") or "colonial_twilight")
        # the side a bot plays (its option is on), if any; the person plays the other
        self.bot_side = next((side for (game, side), b in BOTS.items() if game == self.game
                              and header["options"].get(b.option)), "")
        self.bot = bool(self.bot_side)
        self.role = other(self.game, self.bot_side) if self.bot else "observer"
        g = client.new_game(header["scenario"], header["seed"], header["options"],
                            game="" if self.game == "colonial_twilight" else self.game)
        self.start = g.state.json
        self.state = g.state
        # the moves shown to the player carry their cost and effect (preview)
        self.pos: Any = self.position()
        self.steps: list[tuple[dict[str, Any], str | None]] = []
        self.log: list[str] = []
        self.history: list[Snapshot] = []
        self.bot_calls = 0
        self.trace: list[dict[str, Any]] = []
        self.board = ""
        self.saved = 0   # moves in the record last saved
        self.cards = {c.number: c for c in client.catalog(game=self.game).cards}  # Events
        self.save_path = ""
        self.page = 0    # the page of the menu shown
        self.rewrite()

    # -- the game ------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def doc(self, state: Any = None) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((state or self.state).json)
        return data

    def over(self) -> bool:
        return not self.pos.to_move

    def apply(self, move: dict[str, Any]) -> None:
        r = self.client.apply(self.state, move)
        self.step(move, r.state.json)
        self.log += [e.label for e in r.log]
        for e in r.log:
            self.say(f"  · {e.label}")
        self.state = r.state
        self.pos = self.position()

    def position(self) -> Any:
        """The referee's answer for the current state as the person sees it: the view and moves
        of the person's side; at one screen in a game of hidden hands, of the player to move."""
        pos = self.client.legal_moves(self.state, self.role, preview=True)
        if (self.game in HANDS and not self.bot and pos.to_move in (COUNTER[self.game], "fln")
                and pos.to_move != self.role):
            self.role = pos.to_move
            pos = self.client.legal_moves(self.state, self.role, preview=True)
        return pos

    def bot_turn(self) -> None:
        """The bot's decision (the non-player FLN's, rules 8.0, or the Government bot's), summed
        up with its reasons."""
        self.bot_calls += 1  # a fresh, reproducible seed for each decision
        before = self.state
        decide = getattr(self.client, BOTS[self.game, self.bot_side].call)
        d = decide(before, self.header["seed"] + self.bot_calls, self.role, preview=True)
        moves = [move_dict(m) for m in d.moves]
        if self.doc(d.state)["turn"] == self.doc(before)["turn"] and d.to_move:
            # one checkpoint, after its last move: the states between are not the answer's (an
            # Algeria record checkpoints after each mission, which a decision may hold several of)
            for i, m in enumerate(moves):
                self.step(m, d.state.json if i == len(moves) - 1 else None)
        else:  # a new card came during its moves: the record needs the state after each one
            s = before
            for m in moves:
                r = self.client.apply(s, m)
                self.step(m, r.state.json)
                s = r.state
        answer = to_dict(d)
        self.trace = answer.get("trace", [])
        self.log += [e.label for e in d.log]
        heading = BOTS[self.game, self.bot_side].heading
        self.say(board_text.bot_summary(answer.get("moves", []), self.trace, heading))
        self.state, self.pos = d.state, d

    def undo(self) -> None:
        if not self.history:
            self.say("nothing to undo")
            return
        snap = self.history.pop()
        self.state, self.pos, self.bot_calls = snap.state, snap.pos, snap.bot_calls
        del self.steps[snap.steps:]
        self.rewrite()
        del self.log[snap.log:]
        self.say(f"undone: {snap.label}")

    # -- the record ----------------------------------------------------------------------------

    def step(self, move: dict[str, Any], after: str | None) -> None:
        """A move of the game and the state after it (None: a move followed at once by others
        of the same answer, no checkpoint after it), into the record as it goes."""
        self.steps.append((move, after))
        self.writer.move(move, after)

    def rewrite(self) -> None:
        """The record's lines again from the moves kept (after an undo)."""
        self.buffer = io.StringIO()
        self.writer = RecordWriter(self.buffer, self.header, self.start)
        for m, after in self.steps:
            self.writer.move(m, after)

    def record_text(self) -> str:
        """The record so far: a closing checkpoint when moves followed the last one, and the
        result line once the game is over (docs/records.md)."""
        text = self.buffer.getvalue()
        if self.writer.last is not None:
            text += dumps(checkpoint(self.writer.last, self.writer.n).to_line()) + "\n"
        if self.over():
            text += dumps({"result": self.doc().get("result")}) + "\n"
        return text

    def save(self, path: str, quiet: bool = False) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.record_text())
        self.saved = len(self.steps)
        if not quiet:
            self.say(f"saved {len(self.steps)} moves to {path}  (check it: ct-referee validate"
                     f" {path})")

    def default_path(self) -> str:
        return (self.record_path or self.save_path
                or f"ct-{self.header['scenario']}-{self.header['seed']}.jsonl")

    def read(self) -> str | None:
        """A line typed; None on Ctrl-D (end of input) or Ctrl-C."""
        try:
            line = self.inp.readline()
        except KeyboardInterrupt:
            line = ""
        if not line:
            self.say("")  # the cursor was after the question
            return None
        return line

    def ask(self, question: str) -> str | None:
        self.out.write(question)
        self.out.flush()
        line = self.read()
        return None if line is None else line.strip()

    def save_asked(self) -> None:
        answer = self.ask(f"save the record to [{self.default_path()}]: ")
        if answer is None:
            self.say("not saved")
            return
        path = answer or self.default_path()
        try:
            self.save(path)
            self.save_path = path
        except OSError as e:
            self.say(f"could not save: {e}")

    def resume(self, moves: list[dict[str, Any]]) -> None:
        """Replay a record's moves (one by one: the record keeps the state after each); a move
        refused is a ValueError naming it."""
        for i, m in enumerate(moves):
            try:
                r = self.client.apply(self.state, m)
            except RefereeError as e:
                raise ValueError(f"move {i + 1} of the record is refused: {e} (ct-referee "
                                 "validate says more)") from None
            self.step(m, r.state.json)
            self.state = r.state
        self.pos = self.position()
        self.bot_calls = len(moves)
        self.saved = len(moves)

    # -- the screen ----------------------------------------------------------------------------

    def show_board(self, force: bool = False) -> None:
        view = to_dict(self.pos.view)
        if self.game == "algeria":
            text = algeria_text.board(view)
        elif self.game == "insurgent":
            text = insurgent_text.board(view)
        else:
            text = board_text.wide(view) if self.wide else board_text.compact(view)
        own = board_text.deception(view)
        if own:
            text += "\n" + own
        if force or text != self.board:
            self.say("\n" + text)
            self.board = text

    def menu(self) -> dict[str, Any]:
        """Every listed move by its key: the stable letters, else its number in the list."""
        keys: dict[str, Any] = {}
        n = 0
        for m in self.pos.legal_moves:
            k = KEYS.get(m.t)
            if k is None or k in keys:
                n += 1
                k = str(n)
            keys[k] = m
        return keys

    def show_menu(self, keys: dict[str, Any]) -> None:
        """The prompt and the moves of the page shown (``PAGE`` numbered moves, the lettered ones
        on every page), then the keys."""
        who = SIDE.get(self.pos.to_move, self.pos.to_move)
        self.say(f"\n{who}: {self.pos.prompt}")
        numbers = [k for k in keys if k.isdigit()]
        pages = max(1, -(-len(numbers) // PAGE))
        self.page = min(max(self.page, 0), pages - 1)
        shown = numbers[self.page * PAGE:(self.page + 1) * PAGE]
        for k, m in keys.items():
            if not k.isdigit() or k in shown:
                self.say(self.move_line(k, m))
        paging = []
        if self.page + 1 < pages:
            paging.append(">")
            self.say(f"   >  more moves ({shown[-1]} of {numbers[-1]} shown; page "
                     f"{self.page + 1} of {pages})")
        if self.page > 0:
            paging.append("<")
            self.say("   <  the previous page")
        rng = f"1-{numbers[-1]}" if len(numbers) > 1 else "".join(numbers)
        letters = ", ".join(k for k in keys if not k.isdigit())
        self.out.write(f"[{', '.join(x for x in (rng, letters, *paging) if x)}; ? help, u undo, "
                       "s save, q quit] > ")
        self.out.flush()

    def move_line(self, k: str, m: Any) -> str:
        """A move of the menu: its key and label, then what it costs and certainly does (the
        referee's preview), wrapped to the screen's width."""
        text = f" {k:>3}  {m.label}"
        if m.HasField("cost") or m.effect:
            text += board_text.preview(m.cost.resources, m.cost.commitment, m.effect)
        return "\n".join(board_text.wrap_menu(text))

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        while True:
            if self.bot and self.pos.to_move == self.bot_side:
                try:
                    self.bot_turn()
                except RefereeError as e:
                    if e.code != "unimplemented":
                        raise
                    side = SIDE[self.bot_side]
                    self.say(f"{BOTS[self.game, self.bot_side].name} is not part of this build:"
                             f" you play the {side}.")
                    self.bot = False
                self.autosave()
                continue
            self.show_board()
            if self.over():
                result = self.doc().get("result") or {}
                self.say(insurgent_text.result_text(result) if self.game == "insurgent"
                         else result_text(result))
                if self.record_path:
                    self.save(self.record_path)
                elif self.steps:
                    self.quit_asking()
                return 0
            keys = self.menu()
            self.show_menu(keys)
            line = self.read()
            if line is None:  # Ctrl-D or Ctrl-C: as q
                return self.leave()
            choice = line.strip().lower()
            if choice in keys:
                self.page = 0
                self.play(keys[choice])
            elif choice in (">", "<"):
                self.page += 1 if choice == ">" else -1
            elif choice == "q":
                self.quit_asking()
                self.say("bye")
                return 0
            elif choice in COMMANDS and choice:
                self.command(choice)
            else:
                self.say(f"no move {choice!r} here; ? for help")

    def play(self, m: Any) -> None:
        snap = Snapshot(self.state, self.pos, len(self.steps), len(self.log), self.bot_calls,
                        m.label)
        try:
            self.apply(move_dict(m))
        except RefereeError as e:
            self.say(f"the referee refused that move: {error_text(e)}")
            return
        self.history.append(snap)
        self.log.insert(snap.log, f"{SIDE.get(snap.pos.to_move, '')}: {m.label}")
        self.autosave()

    def command(self, c: str) -> None:
        if c == "?":
            self.say(HELP)
        elif c == "u":
            self.page = 0
            self.undo()
            self.autosave()
        elif c == "s":
            self.save_asked()
        elif c == "b":
            self.show_board(force=True)
        elif c == "e":
            self.say(self.card_text())
        elif c == "t":
            bot = BOTS.get((self.game, self.bot_side))
            self.say(board_text.trace_text(self.trace) if self.trace else
                     f"{bot.name if bot else 'no bot'} has not moved yet")
        elif c == "l":
            self.say("\n".join(self.log[-20:]) or "nothing yet")

    def card_text(self) -> str:
        """The current card and what each of its Events does (the catalogue's summaries), with
        the numbers of the Event moves listed now."""
        current = to_dict(self.pos.view).get("cards", {}).get("current")
        card = self.cards.get(int(current)) if current else None
        if card is None:
            return "no card is in play"
        moves = {(m.t, m.side or "unshaded"): k for k, m in self.menu().items() if m.t == "event"}
        texts = [("Unshaded", "unshaded"), ("Shaded", "shaded")] if card.dual_use else [
            ("Event", "unshaded")]
        out = [f"{card.name} ({card.kind})"]
        for head, side in texts:
            key = moves.get(("event", side))
            lasts = getattr(card, side + "_duration")
            text = getattr(card, side + "_summary") + (f" {lasts}." if lasts else "")
            out += board_text.wrap_under(f"{head}{f' [{key}]' if key else ''}: ", text)
        return "\n".join(out)

    def autosave(self) -> None:
        """With ``--record``: the record written again whenever it changed."""
        if self.record_path and (self.saved != len(self.steps) or self.over()):
            self.save(self.record_path, quiet=True)

    def quit_asking(self) -> None:
        if self.record_path or self.saved == len(self.steps):
            return
        if (self.ask("save the game record first? [y/N] ") or "").lower().startswith("y"):
            self.save_asked()

    def leave(self) -> int:
        """Ctrl-D or Ctrl-C: the record kept (``--record``) or the question to save it."""
        self.autosave()
        try:
            self.quit_asking()
        except KeyboardInterrupt:  # a second Ctrl-C while saving: out without saving
            self.say("")
        self.say("bye")
        return 0


def result_text(result: dict[str, Any]) -> str:
    """The end of the game in two lines: who won and why, the margins."""
    winner = SIDE.get(result.get("winner", ""), result.get("winner") or "nobody")
    grade = f" ({result['grade']})" if result.get("grade") else ""
    m = result.get("margins", {})
    return (f"\n*** THE GAME IS OVER: {winner} wins{grade}. {result.get('reason', '')}\n"
            f"*** margins: Government {m.get('gov', '-')}, FLN {m.get('fln', '-')}; "
            f"result {json.dumps(result)}")


def new_header(game: str, scenario: str | None, seed: int, side: str, hotseat: bool,
               deception: bool) -> dict[str, Any]:
    """The record header of a new game: ``side`` is the person's, the other side is its bot's
    when the game has one (``BOTS``), else the person plays both. ValueError names a scenario or
    option the game does not have."""
    if game not in SCENARIOS:
        raise ValueError(f"--game {game}: the games are {', '.join(GAMES)}")
    scenario = scenario or SCENARIOS[game][0]
    if scenario not in SCENARIOS[game]:
        raise ValueError(f"--scenario {scenario}: {game}'s scenarios are"
                         f" {', '.join(SCENARIOS[game])}")
    options: dict[str, Any] = {}
    bot = BOTS.get((game, other(game, side_of(game, side))))
    if bot is not None and not hotseat:
        options[bot.option] = True
    if deception:
        if game != "colonial_twilight":
            raise ValueError("--deception is Colonial Twilight's Victory Deception option (7.3)")
        options["deception"] = True  # 7.3
    extra = {"game": game} if game != "colonial_twilight" else {}
    return make_header(scenario, seed, options, **extra)


def play(client: Client, scenario: str | None, seed: int | None, inp: TextIO, out: TextIO, *,
         hotseat: bool = False, record: str | None = None, resume: str | None = None,
         wide: bool = False, deception: bool = False, side: str = "gov",
         game_name: str = "colonial_twilight") -> int:
    """Play a game (or go on with the record ``resume``); ``record`` is written after each turn.
    ``side``: the person's, against the other side's bot (``BOTS``); ``hotseat``, or a game with
    no bot for the other side: both sides."""
    moves: list[dict[str, Any]] = []
    if resume:
        with open(resume, encoding="utf-8") as f:
            rec = read_record(f)
        header, moves = rec.header, rec.moves
        record = record or resume
    else:
        if seed is None:
            seed = random.randrange(1_000_000)
        try:
            header = new_header(game_name, scenario, seed, side, hotseat, deception)
        except ValueError as e:
            out.write(f"ct-referee play: {e}\n")
            return 2
    game = Game(client, header, inp, out, wide, record)
    if game.bot:
        who = f"the {SIDE[game.role]} against {BOTS[game.game, game.bot_side].name}"
    elif game.game in HANDS:
        who = "both sides (each sees only its own hand: pass the screen between turns)"
    else:
        who = "both sides"
    out.write(f"ct-referee play: {header['scenario']}, seed {header['seed']} (play it again with"
              f" --seed {header['seed']}).\nYou are {who}. ? for help.\n")
    if moves:
        game.resume(moves)
        out.write(f"resumed {len(moves)} moves from {resume}\n")
    try:
        return game.run()
    except KeyboardInterrupt:  # Ctrl-C while the referee or the FLN was thinking
        game.say("")
        return game.leave()


def error_text(e: RefereeError) -> str:
    """A referee's error as a sentence: its message, then the field and rule it names."""
    where = "; ".join(x for x in (f"field {e.field}" if e.field else "",
                                  f"rule {e.rule}" if e.rule else "") if x)
    return f"{e.message}" + (f" ({where})" if where else "")


def _run(args: argparse.Namespace, ref: Client) -> int:
    try:
        return play(ref, args.scenario, args.seed, sys.stdin, sys.stdout, hotseat=args.hotseat,
                    record=args.record, resume=args.resume, wide=args.wide,
                    deception=args.deception, side=args.side, game_name=args.game)
    except RefereeError as e:
        print(f"ct-referee play: the referee says: {error_text(e)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # before the game began
        print("\nbye", file=sys.stderr)
        return 130


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game in the terminal (either side against the other's"
                                    " bot, or both sides)")
    p.add_argument("--game", default="colonial_twilight", choices=GAMES, metavar="GAME",
                   help="colonial_twilight (default), algeria or insurgent")
    p.add_argument("--side", default="gov", choices=("gov", "fln", "french"), metavar="SIDE",
                   help="your side, against the other's bot (default gov: the Government against"
                        " the non-player FLN; fln: the FLN against the Government bot; in"
                        " insurgent fln: the FLN against the French automaton of the Solo"
                        " Variant, gov or french: both sides, INSURGENT has no FLN bot)")
    p.add_argument("--scenario", default=None, metavar="SCENARIO",
                   choices=[s for names in SCENARIOS.values() for s in names],
                   help="the scenario: " + "; ".join(f"{title(game)}: {', '.join(names)}"
                                                     for game, names in SCENARIOS.items())
                   + " (default: the game's first)")
    p.add_argument("--seed", type=int, help="the game's seed (default: random, printed)")
    p.add_argument("--hotseat", action="store_true", help="play both sides")
    p.add_argument("--record", metavar="GAME.jsonl",
                   help="write the game record there after every turn")
    p.add_argument("--resume", metavar="GAME.jsonl", help="go on with the game of a record")
    p.add_argument("--wide", action="store_true", help="a wider board (a space per line)")
    p.add_argument("--deception", action="store_true",
                   help="the Victory Deception option (7.3): your own markers are shown")
    add_server(p)
    p.set_defaults(run=with_client(_run))
