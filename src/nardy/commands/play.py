"""``nardy play``: a game for two people at one keyboard, in the terminal.

Each turn shows the board from the mover's side (RULES.md §7), the pip counts and the
dice; the player types a play in standard notation or a command (``?`` lists them).
Works with piped input too (the lines read are echoed), and ends cleanly at EOF.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Sequence
from typing import IO, Any

import click
from rich.console import Console

from nardy.dice import CryptoDice, DiceSource, RandomDice
from nardy.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    MalformedError,
    UnknownVariantError,
)
from nardy.game import Game, ReplayError
from nardy.i18n import MESSAGES, default_lang, t
from nardy.plays import Move, Play, format_moves, parse_moves
from nardy.render import RichBoard, dice_text
from nardy.variants import OPTION_VALUES, VARIANTS, OptionError, Variant, find_variant

#: Typed words (lower case) and the command they mean; English and Russian.
COMMANDS: dict[str, str] = {
    **dict.fromkeys(("?", "h", "help", "помощь", "справка", "п"), "help"),
    **dict.fromkeys(("list", "l", "ls", "список", "с", "ходы"), "list"),
    **dict.fromkeys(("board", "b", "доска", "д"), "board"),
    **dict.fromkeys(("undo", "u", "отмена", "о", "назад"), "undo"),
    **dict.fromkeys(("ok", "ок", "confirm", "готово"), "ok"),
    **dict.fromkeys(("quit", "q", "exit", "выход", "в"), "quit"),
    **dict.fromkeys(("m", "м", "move", "ход", "шаг"), "move"),
}
YES = frozenset({"y", "yes", "д", "да"})
NO = frozenset({"n", "no", "н", "нет"})
TRUE_WORDS = frozenset({"true", "yes", "on", "1", "да", "вкл"})
FALSE_WORDS = frozenset({"false", "no", "off", "0", "нет", "выкл"})
#: Russian words accepted inside play text.
RU_POINT_WORDS = {"бар": "bar", "выброс": "off", "вон": "off"}


class _EndOfInput(Exception):
    """Standard input is exhausted."""


class TerminalGame:
    """One game played through a text console; ``run`` returns when it ends."""

    def __init__(
        self,
        game: Game,
        *,
        lang: str,
        stdin: IO[str],
        console: Console,
        interactive: bool,
    ) -> None:
        self.game = game
        self.variant = game.variant
        self.lang = lang
        self.stdin = stdin
        self.console = console
        #: Read with line editing from a terminal; otherwise read lines and echo them.
        self.interactive = interactive
        #: Checker moves made by each ``m`` command this turn (``undo`` takes back one).
        self.groups: list[int] = []
        self.abandoned: str | None = None  # why the game did not finish: "quit", "eof", …
        self.reported = len(game.turns)  # turns already reported
        self.rolls = _roll_count(game)  # rolls so far, shown as the turn number

    # -- output --------------------------------------------------------------------
    def say(self, key: str, style: str | None = None, **kw: Any) -> None:
        """Print one catalog message."""
        self.out(t(key, self.lang, **kw), style)

    def out(self, text: str, style: str | None = None) -> None:
        """Print text as is (no Rich markup)."""
        self.console.print(text, style=style, markup=False, highlight=False)

    def color(self, color: str) -> str:
        """The colour's name, capitalised (sentence start)."""
        return t(f"color.{color}", self.lang)

    def show_board(self) -> None:
        """The board from the side to move, with the checker moves made so far."""
        g = self.game
        pos = g.pending_position if g.phase == "move" else g.position
        dice = self.dice_now() if g.phase == "move" else None
        self.console.print(RichBoard(self.variant, pos, g.turn, dice=dice, lang=self.lang))

    # -- input ---------------------------------------------------------------------
    def ask(self, prompt: str) -> str:
        """One line of input (stripped); raises ``_EndOfInput`` at EOF."""
        if self.interactive:
            try:
                line = self.console.input(prompt, markup=False)
            except EOFError:
                self.out("")
                raise _EndOfInput from None
            return line.strip()
        self.console.print(prompt, end="", markup=False, highlight=False)
        line = self.stdin.readline()
        if not line:
            self.out("")
            raise _EndOfInput
        line = line.rstrip("\r\n")
        self.out(line)
        return line.strip()

    # -- the game ------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends, the players quit or the input ends."""
        g = self.game
        title = self.variant.title_ru if self.lang == "ru" else self.variant.title_en
        self.say("play.title", "bold", title=title)
        changed = _changed_options(self.variant)
        if changed:
            self.say("play.rules", options=", ".join(f"{k}={v}" for k, v in changed.items()))
        try:
            if g.phase == "opening":
                self.opening()
            while g.phase != "over":
                if g.phase == "roll":
                    self.roll()
                elif g.phase == "move":
                    self.turn()
                else:  # a cube or resignation offer in a loaded game
                    self.abandoned = "unsupported"
                    self.say("play.unsupported", "yellow")
                    return
        except _EndOfInput:
            self.abandoned = "eof"
            self.say("play.eof", "yellow")
            return
        except _Quit:
            self.abandoned = "quit"
            self.say("play.quit", "yellow")
            return
        self.result()

    def dice_now(self) -> tuple[int, ...]:
        """The dice being played: the current segment's (a double as its moves)."""
        g = self.game
        if g.phase == "move" and g.segment is not None:
            return g.segment.dice
        return g.dice or ()

    def report(self) -> None:
        """Say what happened in the segments finished since the last report: the plays,
        and the dice nobody could move with."""
        for turn in self.game.turns[self.reported:]:
            color = self.color(turn.color)
            if turn.play.moves:
                self.say("play.played", "green", color=color, play=str(turn.play))
            else:
                self.say("play.no_move", "yellow", color=color, dice=dice_text(turn.dice))
        self.reported = len(self.game.turns)

    def opening(self) -> None:
        """The opening toss (G-5), repeated while the dice are equal."""
        g = self.game
        while g.phase == "opening":
            if self.variant.family == "long":
                first, second = g.dice_source.die(), g.dice_source.die()
                self.say("play.toss_long", first=first, second=second)
                g.opening(max(first, second), min(first, second))
                if first != second:
                    winner = 1 if first > second else 2
                    self.say("play.long_white", "bold", player=winner, other=3 - winner)
            else:
                g.opening()
                rec = g.records[-1]
                self.say("play.toss_short", white=rec["white"], black=rec["black"])
            if g.phase == "opening":
                self.say("play.toss_tie")
        toss = g.records[-1]
        if self.variant.family == "short" or self.variant.opening == "use-toss":
            self.rolls += 1  # the toss is the first roll
            dice = (max(toss["white"], toss["black"]), min(toss["white"], toss["black"]))
            assert g.starter is not None
            self.say("play.starts", "bold", color=self.color(g.starter), dice=dice_text(dice))
            self.report()

    def roll(self) -> None:
        """Roll for the side to move."""
        g = self.game
        mover = g.turn
        dice = g.roll()
        self.rolls += 1
        self.say("play.roll", color=self.color(mover), dice=dice_text(dice))
        self.report()

    def turn(self) -> None:
        """Show the board and read commands until the current dice are played."""
        g = self.game
        seg = g.segment
        mover = g.turn
        self.groups = []
        self.out("")
        self.say("play.turn", "bold", n=self.rolls, color=self.color(mover))
        if seg is not None and seg.kind == "sequence":
            self.say("play.sequence", color=self.color(mover), dice=dice_text(seg.dice))
        elif seg is not None and seg.kind == "passed":
            self.say("play.passed_moves", color=self.color(mover), dice=dice_text(seg.dice))
        self.show_board()
        done = len(g.turns)
        prompt = t("play.prompt", self.lang, color=self.color(mover),
                   dice=dice_text(self.dice_now()))
        while g.phase == "move" and len(g.turns) == done:
            line = self.ask(prompt)
            if line:
                self.handle(line)
        self.report()

    def handle(self, line: str) -> None:
        """Act on one input line during the move phase."""
        g = self.game
        word, _, rest = line.partition(" ")
        command = COMMANDS.get(word.lower())
        if command is None and line.isdigit():
            self.choose(int(line))
        elif command == "help":
            self.say("play.help")
        elif command == "list":
            self.list_plays()
        elif command == "board":
            self.show_board()
        elif command == "undo":
            self.undo()
        elif command == "ok":
            self.confirm()
        elif command == "quit":
            self.confirm_quit()
        elif command == "move":
            if not rest.strip():
                self.say("err.step_usage", "red")
            else:
                self.steps(rest.strip())
        elif g.pending:
            self.steps(line)
        else:
            self.whole_play(line)

    # -- commands --------------------------------------------------------------------
    def list_plays(self) -> None:
        plays = self.game.legal_plays()
        self.say("play.list_header", dice=dice_text(self.dice_now()))
        for row in _columns([f"{i}) {p}" for i, p in enumerate(plays, 1)], width=78):
            self.out("  " + row)

    def choose(self, n: int) -> None:
        g = self.game
        plays = g.legal_plays()
        if not 1 <= n <= len(plays):
            self.say("err.bad_number", "red", n=n, count=len(plays))
            return
        if g.pending:
            self.say("play.pending_dropped", moves=format_moves(g.pending))
        g.play(plays[n - 1])

    def whole_play(self, line: str) -> None:
        g = self.game
        text = _ru_points(line)
        try:
            g.play(text)
        except MalformedError as exc:
            self.malformed(line, exc)
        except AmbiguousMoveError:
            options = " | ".join(str(p) for p in _matching(g.legal_plays(), text))
            self.say("err.ambiguous", "red", play=line, options=options)
        except IllegalMoveError:
            self.say("err.illegal", "red", play=format_moves(parse_moves(text)),
                     dice=dice_text(self.dice_now()))

    def steps(self, line: str) -> None:
        """Single checker moves (``m 24/18``); all of them or none are made."""
        g = self.game
        try:
            moves = parse_moves(_ru_points(line))
        except MalformedError as exc:
            self.malformed(line, exc)
            return
        if not moves:
            self.say("err.step_usage", "red")
            return
        before = len(g.pending)
        for m in moves:
            try:
                g.move(m.frm, m.to)
            except IllegalMoveError:
                steps = _step_list(g.legal_steps())
                while len(g.pending) > before:
                    g.undo()
                self.say("err.step_illegal", "red", move=str(Move(m.frm, m.to)), steps=steps)
                return
        self.groups.append(len(g.pending) - before)
        self.say("play.moved", move=format_moves(g.pending[before:]))
        self.show_board()
        self.after_step()

    def after_step(self) -> None:
        g = self.game
        if g.turn_complete:
            self.say("play.complete", "bold", play=format_moves(g.pending))
        else:
            self.say("play.next_steps", steps=_step_list(g.legal_steps()))

    def undo(self) -> None:
        g = self.game
        if not g.pending:
            self.say("err.nothing_to_undo", "red")
            return
        count = self.groups.pop() if self.groups else 1
        undone = [g.undo() for _ in range(min(count, len(g.pending)))]
        self.say("play.undone", move=format_moves(undone))
        self.show_board()
        if g.pending:
            self.after_step()

    def confirm(self) -> None:
        g = self.game
        if not g.pending:
            self.say("err.nothing_to_confirm", "red")
        elif not g.turn_complete:
            self.say("err.not_finished", "red", steps=_step_list(g.legal_steps()))
        else:
            g.confirm()

    def confirm_quit(self) -> None:
        while True:
            answer = self.ask(t("play.confirm_quit", self.lang)).lower()
            if answer in YES:
                raise _Quit
            if answer in NO:
                return
            self.say("play.answer_yes_no")

    def malformed(self, text: str, exc: MalformedError) -> None:
        self.say("err.malformed", "red", text=text)
        if self.lang == "en":  # the core's details are written in English
            self.out(f"  ({exc})", "red")

    # -- the end ---------------------------------------------------------------------
    def result(self) -> None:
        outcome = self.game.outcome
        assert outcome is not None
        self.out("")
        self.show_final_board()
        self.say("play.over", "bold")
        points = f"{outcome.value:g}"
        if outcome.winner is None:
            self.say("play.draw", "bold", points=points)
        else:
            key = f"result.{outcome.kind}"
            kind = t(key, self.lang) if key in MESSAGES else outcome.describe(self.lang)
            self.say("play.result", "bold green", color=self.color(outcome.winner),
                     kind=kind, points=points)

    def show_final_board(self) -> None:
        g = self.game
        winner = g.outcome.winner if g.outcome else None
        viewer = winner or g.turn
        self.console.print(RichBoard(self.variant, g.position, viewer, lang=self.lang))

    def save(self, path: str) -> bool:
        """Write the game record as JSON lines; False (after saying why) on failure."""
        try:
            with open(path, "w", encoding="utf-8") as fh:
                for rec in self.game.records:
                    fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        except OSError as exc:
            self.say("err.save", "red", path=path, reason=exc.strerror or str(exc))
            return False
        self.say("play.saved", path=path, n=len(self.game.records))
        return True


class _Quit(Exception):
    """The players chose to leave the game."""


# -- helpers ---------------------------------------------------------------------------


def _ru_points(text: str) -> str:
    words = text.lower()
    for ru, en in RU_POINT_WORDS.items():
        words = words.replace(ru, en)
    return words


def _step_list(steps: Sequence[Move]) -> str:
    return ", ".join(str(m) for m in steps) or "-"


def _matching(plays: Sequence[Play], text: str) -> list[Play]:
    """The legal plays that move the mover's checkers as ``text`` does."""
    try:
        target = _net(parse_moves(text))
    except MalformedError:
        return []
    return [p for p in plays if _net(p.moves) == target]


def _net(moves: Sequence[Move]) -> tuple[int, ...]:
    """Net change of the mover's checker counts per slot (0 = off, 25 = bar)."""
    net = [0] * 26
    for m in moves:
        net[m.frm] -= 1
        net[m.to] += 1
    return tuple(net)


def _columns(items: Sequence[str], width: int) -> list[str]:
    """Items laid out in as many columns as fit in ``width``, numbered down the columns."""
    if not items:
        return []
    cell = max(len(s) for s in items) + 3
    ncols = max(1, width // cell)
    nrows = -(-len(items) // ncols)
    rows = []
    for r in range(nrows):
        row = [items[c * nrows + r] for c in range(ncols) if c * nrows + r < len(items)]
        rows.append("".join(s.ljust(cell) for s in row).rstrip())
    return rows


def _roll_count(game: Game) -> int:
    """Rolls made so far in a (loaded) game, counting a toss that was played."""
    rolls = sum(1 for r in game.records if r.get("type") == "roll")
    v = game.variant
    toss_played = v.family == "short" or v.opening == "use-toss"
    tossed = any(r.get("type") == "opening" and r["white"] != r["black"] for r in game.records)
    return rolls + (1 if toss_played and tossed else 0)


def _changed_options(variant: Variant) -> dict[str, Any]:
    """Rule options that differ from the registered variant's defaults."""
    base = VARIANTS.get(variant.name)
    if base is None:
        return {}
    defaults = base.options()
    return {k: v for k, v in variant.options().items() if defaults.get(k) != v}


def _option_value(text: str, allowed: tuple[Any, ...]) -> Any:
    """``text`` converted to the type of the option's values; KeyError if not allowed."""
    low = text.strip().lower()
    kind = type(allowed[0])
    if kind is bool:
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
        raise KeyError(text)
    if kind is int:
        try:
            value: Any = int(low)
        except ValueError:
            raise KeyError(text) from None
    else:
        value = low
    if value not in allowed:
        raise KeyError(text)
    return value


def _shown(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def configure_variant(name: str, options: Sequence[str], lang: str) -> Variant:
    """The variant named ``name`` with the ``name=value`` rule options applied; raises
    ``click.BadParameter`` with a message in ``lang``."""
    try:
        variant = find_variant(name)
    except UnknownVariantError:
        known = ", ".join(VARIANTS)
        raise click.BadParameter(
            t("err.variant", lang, name=name, known=known), param_hint="'--variant'"
        ) from None
    chosen: dict[str, Any] = {}
    hint = "'--option'"
    for item in options:
        key, eq, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or not key or not raw.strip():
            raise click.BadParameter(t("err.option_format", lang, text=item), param_hint=hint)
        if key not in OPTION_VALUES:
            raise click.BadParameter(
                t("err.option_name", lang, name=key, variant=variant.name,
                  known=", ".join(variant.option_names())),
                param_hint=hint,
            )
        if key not in variant.options():
            family = "short" if variant.family == "long" else "long"
            raise click.BadParameter(
                t("err.option_family", lang, name=key,
                  family=t(f"family.{family}.only", lang)),
                param_hint=hint,
            )
        allowed = OPTION_VALUES[key]
        try:
            chosen[key] = _option_value(raw, allowed)
        except KeyError:
            raise click.BadParameter(
                t("err.option_value", lang, name=key, value=raw.strip(),
                  allowed=", ".join(_shown(a) for a in allowed)),
                param_hint=hint,
            ) from None
    try:
        return variant.with_options(**chosen)
    except OptionError as exc:
        raise click.BadParameter(str(exc), param_hint=hint) from None


def load_game(path: str, lang: str) -> Game:
    """The game recorded in ``path`` (JSON lines of game records, as ``--save`` writes);
    raises ``click.BadParameter`` naming the first bad line."""
    hint = "'--load'"
    try:
        with open(path, encoding="utf-8") as fh:
            lines = [(n, line) for n, line in enumerate(fh, 1) if line.strip()]
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise click.BadParameter(t("err.load", lang, path=path, reason=reason),
                                 param_hint=hint) from None
    records = []
    for n, line in lines:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            reason = t("err.load_json", lang, line=n, detail=exc.msg)
            raise click.BadParameter(t("err.load", lang, path=path, reason=reason),
                                     param_hint=hint) from None
    try:
        return Game.replay(records)
    except ReplayError as exc:
        line = lines[exc.index][0] if exc.index < len(lines) else len(lines) + 1
        reason = t("err.load_record", lang, line=line, detail=exc.reason)
        raise click.BadParameter(t("err.load", lang, path=path, reason=reason),
                                 param_hint=hint) from None


@click.command("play")
@click.option("--variant", "variant_name", default=None,
              help="Game: long (default), short, short-ru, … (English or Russian name).")
@click.option("--lang", type=click.Choice(["ru", "en"]), default=None,
              help="Language of the game (default: from the locale).")
@click.option("--seed", type=int, default=None, help="Seed for reproducible dice.")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="Rule option as in RULES.md, e.g. block_check=every-move (repeatable).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), default=None,
              help="Write the game record (JSON lines) to this file at the end.")
@click.option("--load", "load_path", type=click.Path(dir_okay=False), default=None,
              help="Continue a game saved with --save (its variant and rules apply).")
def command(
    variant_name: str | None,
    lang: str | None,
    seed: int | None,
    options: tuple[str, ...],
    save_path: str | None,
    load_path: str | None,
) -> None:
    """Play nardy for two at one keyboard. / Игра в нарды вдвоём за одной клавиатурой."""
    lang = lang or default_lang()
    dice: DiceSource = RandomDice(seed) if seed is not None else CryptoDice()
    if load_path:
        if variant_name is not None or options:
            raise click.UsageError(t("err.load_with_variant", lang))
        game = load_game(load_path, lang)
        game.dice_source = dice
    else:
        game = Game(configure_variant(variant_name or "long", options, lang), dice=dice)
    stdin = click.get_text_stream("stdin")
    console = Console(highlight=False, soft_wrap=True)
    interactive = stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):  # line editing for input()
            import readline  # noqa: F401
    session = TerminalGame(game, lang=lang, stdin=stdin, console=console, interactive=interactive)
    try:
        session.run()
    except KeyboardInterrupt:
        session.out("")
        session.say("play.quit", "yellow")
        session.abandoned = "quit"
    ok = True
    if save_path:
        ok = session.save(save_path)
    elif session.abandoned is None:
        session.say("play.save_hint")
    sys.exit(0 if ok else 1)
