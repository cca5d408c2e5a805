"""One game in the terminal: the board from the mover's side, dice, plays typed in
standard notation or chosen from the list, single checker moves with undo, the
doubling cube (C-3), resignation offers, hints, and the computer's side.

The game follows the turn segments of ``nardy.game.Game`` (the crazy sequence of
doubles, a gulbara re-roll, moves passed to the opponent: RULES.md §5), so every
variant plays the same way. What the game needs to know about the match around it
(names, the computer's colour, the score) comes from a ``GameContext``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from nardy.errors import DETAIL, AmbiguousMoveError, IllegalMoveError, MalformedError
from nardy.game import Game
from nardy.i18n import MESSAGES
from nardy.outcome import resignation, tiers
from nardy.plays import Move, Play, format_moves, parse_moves
from nardy.position import Color, other
from nardy.render import RichBoard, dice_text
from nardy.terminal import messages  # noqa: F401  (registers the messages used here)
from nardy.terminal.computer import MAX_HINT_PLIES, MatchScore, cube_advice, hint_bot, rank_at_score
from nardy.terminal.console import EndOfInput, QuitGame, Terminal

if TYPE_CHECKING:  # the bots load only when the computer plays
    from nardy.bots.opponent import Opponent

#: Typed words (lower case) and the command they mean; English and Russian.
COMMANDS: dict[str, str] = {
    **dict.fromkeys(("?", "h", "help", "помощь", "справка", "п"), "help"),
    **dict.fromkeys(("list", "l", "ls", "список", "с", "ходы"), "list"),
    **dict.fromkeys(("board", "b", "доска", "д"), "board"),
    **dict.fromkeys(("undo", "u", "отмена", "о", "назад"), "undo"),
    **dict.fromkeys(("ok", "ок", "confirm", "готово"), "ok"),
    **dict.fromkeys(("quit", "q", "exit", "выход", "в"), "quit"),
    **dict.fromkeys(("m", "м", "move", "ход", "шаг"), "move"),
    **dict.fromkeys(("hint", "подсказка", "совет"), "hint"),
    **dict.fromkeys(("double", "dbl", "удвоить", "удваиваю", "удвоение"), "double"),
    **dict.fromkeys(("resign", "сдаться", "сдаюсь", "сдача"), "resign"),
    **dict.fromkeys(("roll", "r", "бросить", "бросок", "бросаю"), "roll"),
    **dict.fromkeys(("take", "t", "принять", "принимаю", "беру"), "take"),
    **dict.fromkeys(("pass", "p", "drop", "отказаться", "отказываюсь", "отказ", "пас"), "pass"),
    **dict.fromkeys(("beaver", "бобёр", "бобер"), "beaver"),
}
YES = frozenset({"y", "yes", "д", "да"})
NO = frozenset({"n", "no", "н", "нет"})
ACCEPT = YES | {"accept", "a", "принять", "принимаю", "согласен"}
REJECT = NO | {"reject", "отклонить", "отказаться", "отказываюсь"}
#: Russian words accepted inside play text.
RU_POINT_WORDS = {"бар": "bar", "выброс": "off", "вон": "off"}
#: Plays a hint lists.
HINT_TOP = 5
#: Hint depth when none is given.
HINT_PLIES = 1
#: Bot level that gives cube hints.
HINT_CUBE_LEVEL = "expert"


class GameContext(Protocol):
    """What a game needs from the match it belongs to."""

    computer: Opponent | None

    def player_names(self) -> tuple[str, str]:
        """Names of player 1 and player 2 (the toss of long nardy is theirs)."""
        ...

    def name(self, color: Color) -> str | None:
        """The name of the player with ``color`` in this game, or None to show none."""
        ...

    def computer_color(self) -> Color | None:
        """The colour the computer plays in this game (None: two people play)."""
        ...

    def score(self) -> MatchScore:
        """The match length and score by colour, for cube decisions."""
        ...

    def status(self) -> list[str]:
        """Lines describing the match (score, Crawford), shown with the board."""
        ...

    def tossed(self, white_player: int) -> None:
        """The opening toss of long nardy made ``white_player`` (0 or 1) White."""
        ...


class TerminalGame:
    """One game played through a text console; ``run`` returns when it ends."""

    def __init__(self, game: Game, term: Terminal, context: GameContext) -> None:
        self.game = game
        self.variant = game.variant
        self.term = term
        self.lang = term.lang
        self.context = context
        #: Checker moves made by each ``m`` command this turn (``undo`` takes back one).
        self.groups: list[int] = []
        self.abandoned: str | None = None  # why the game did not finish: "quit", "eof"
        self.reported = len(game.turns)  # turns already reported
        self.rolls = _roll_count(game)  # rolls so far, shown as the turn number
        self.announced = False  # this turn's header and board were shown before the roll

    # -- output --------------------------------------------------------------------
    def say(self, key: str, style: str | None = None, **kw: object) -> None:
        self.term.say(key, style, **kw)

    def out(self, text: str, style: str | None = None) -> None:
        self.term.out(text, style)

    def color(self, color: Color) -> str:
        return self.term.color(color)

    def who(self, color: Color) -> str:
        """The colour, with the player's name where the match shows names."""
        name = self.context.name(color)
        colour = self.color(color)
        return self.term.text("play.who", color=colour, name=name) if name else colour

    def is_computer(self, color: Color) -> bool:
        return self.context.computer is not None and self.context.computer_color() == color

    def show_board(self, viewer: Color | None = None) -> None:
        """The board from ``viewer`` (default: the side to act), with the checker moves
        made so far, then the match and cube lines."""
        g = self.game
        pos = g.pending_position if g.phase == "move" else g.position
        dice = self.dice_now() if g.phase == "move" else None
        viewer = viewer or g.to_act
        self.term.console.print(RichBoard(self.variant, pos, viewer, dice=dice, lang=self.lang))
        self.show_status()

    def show_status(self) -> None:
        for line in self.context.status():
            self.out(line)
        cube = self.cube_line()
        if cube:
            self.out(cube)

    def cube_line(self) -> str | None:
        """The cube's value and owner, when the game has a cube."""
        cube = self.game.cube
        if not cube.rules.enabled:
            return None
        if cube.crawford:
            return self.term.text("play.cube.crawford")
        if cube.owner is None:
            return self.term.text("play.cube.center", value=cube.value)
        return self.term.text(
            "play.cube.owned",
            value=cube.value,
            owner=self.term.text(f"play.color_gen.{cube.owner}"),
        )

    def ask(self, prompt: str) -> str:
        return self.term.ask(prompt)

    # -- the game ------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends, the players quit or the input ends."""
        g = self.game
        try:
            while g.phase != "over":
                if g.phase == "opening":
                    self.opening()
                elif g.phase == "roll":
                    self.before_roll()
                elif g.phase == "move":
                    self.turn()
                elif g.phase == "cube":
                    self.answer_double()
                else:
                    self.answer_resignation()
        except EndOfInput:
            self.abandoned = "eof"
            self.say("play.eof", "yellow")
            return
        except QuitGame:
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
        for turn in self.game.turns[self.reported :]:
            color = self.color(turn.color)
            if turn.play.moves:
                self.say("play.played", "green", color=color, play=str(turn.play))
            else:
                self.say("play.no_move", "yellow", color=color, dice=dice_text(turn.dice))
        self.reported = len(self.game.turns)

    def opening(self) -> None:
        """The opening toss (G-5), repeated while the dice are equal. In long nardy the
        players toss and the winner plays White."""
        g = self.game
        while g.phase == "opening":
            if self.variant.family == "long":
                first, second = g.dice_source.die(), g.dice_source.die()
                names = self.context.player_names()
                self.say("play.toss_names", first=names[0], a=first, second=names[1], b=second)
                g.opening(max(first, second), min(first, second))
                if first != second:
                    winner = 0 if first > second else 1
                    self.context.tossed(winner)
                    self.say("play.seat_white", "bold", name=names[winner], other=names[1 - winner])
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

    def announce(self, mover: Color, n: int) -> None:
        """The turn's header and, for a person, the board."""
        self.out("")
        self.say("play.turn", "bold", n=n, color=self.who(mover))
        if not self.is_computer(mover):
            self.show_board()

    # -- before the roll: the cube ----------------------------------------------------
    def before_roll(self) -> None:
        """Roll, unless the side on roll may double: then the computer decides, or a
        person answers the roll-or-double prompt."""
        g = self.game
        mover = g.turn
        self.announced = False
        computer = self.context.computer if self.is_computer(mover) else None
        if computer is not None:
            level = computer.resigns(g, self.context.score())
            if level is not None:
                self.resign(str(level))
                return
        if "double" not in g.cube_actions():
            self.roll()
            return
        if computer is not None:
            if computer.doubles(g, self.context.score()):
                self.double()
            else:
                self.roll()
            return
        self.announce(mover, self.rolls + 1)
        self.announced = True
        prompt = self.term.text("play.cube.prompt_roll", color=self.color(mover))
        while g.phase == "roll" and g.turn == mover:
            line = self.ask(prompt)
            word, _, rest = line.partition(" ")
            command = COMMANDS.get(word.lower()) if line else "roll"
            if command == "roll":
                self.roll()
                return
            if command == "double":
                self.double()
                return
            if command == "resign":
                self.resign(rest)
            elif command == "hint":
                self.cube_hint()
            elif command == "board":
                self.show_board()
            elif command == "help":
                self.say("play.help_roll", levels=self.resign_levels())
            elif command == "quit":
                self.confirm_quit()
            else:
                self.say("play.err.roll_or_double", "red")
        self.announced = False

    def double(self) -> None:
        g = self.game
        mover = g.turn
        g.double()
        self.say("play.cube.doubles", "bold", color=self.who(mover), value=g.cube.next_value())

    def answer_double(self) -> None:
        """The side offered a double takes, passes or beavers."""
        g = self.game
        taker = g.to_act
        if self.is_computer(taker):
            computer = self.context.computer
            assert computer is not None
            self.apply_answer(computer.answer(g, self.context.score()))
            return
        self.show_board(taker)
        beaver = "beaver" in g.cube_actions()
        key = "play.cube.prompt_answer_beaver" if beaver else "play.cube.prompt_answer"
        prompt = self.term.text(key, color=self.color(taker))
        while g.phase == "cube":
            line = self.ask(prompt)
            command = COMMANDS.get(line.lower()) if line else None
            if command in ("take", "pass"):
                self.apply_answer(command)
            elif command == "beaver":
                if beaver:
                    self.apply_answer("beaver")
                else:
                    self.say("play.err.no_beaver", "red")
            elif command == "hint":
                self.cube_hint()
            elif command == "board":
                self.show_board(taker)
            elif command == "quit":
                self.confirm_quit()
            else:
                choices = [self.term.text(f"cube.action.{a}") for a in g.cube_actions()]
                self.say("play.err.answer_double", "red", choices=", ".join(choices))

    def apply_answer(self, answer: str) -> None:
        g = self.game
        taker = g.to_act
        if answer == "pass":
            self.say("play.cube.passes", "bold", color=self.who(taker))
            g.drop()
            return
        if answer == "beaver":
            g.beaver()
            self.say("play.cube.beavers", "bold", color=self.who(taker))
        else:
            g.take()
            self.say("play.cube.takes", "bold", color=self.who(taker))
        line = self.cube_line()
        if line:
            self.out(line)

    def why_no_double(self) -> str:
        """Why the side to move may not double now, as a message."""
        g = self.game
        cube = g.cube
        mover = g.turn
        if not cube.rules.enabled:
            return self.term.text("play.err.cube_off")
        if cube.crawford:
            return self.term.text("play.err.cube_crawford")
        if cube.owner is not None and cube.owner != mover:
            return self.term.text(
                "play.err.cube_owner", owner=self.term.text(f"play.color_gen.{cube.owner}")
            )
        limit = cube.rules.max_doubles
        if limit is not None and cube.doubles >= limit:
            return self.term.text("play.err.cube_max", n=limit)
        if g.phase == "move":
            return self.term.text("play.err.cube_after_roll")
        return self.term.text("play.err.cube_not_now")

    def cube_hint(self) -> None:
        """The computer's cube advice for the side to act."""
        g = self.game
        advice = cube_advice(g, self.context.score(), HINT_CUBE_LEVEL)
        named = (
            f"cube.proper.{advice.proper}"
            if advice.action in ("double", "no-double")
            else f"cube.action.{advice.action}"
        )
        self.say(
            "play.hint.cube",
            action=self.term.text(named),
            nd=f"{advice.no_double:+.3f}",
            dt=f"{advice.double_take:+.3f}",
            dp=f"{advice.double_pass:+.3f}",
        )
        if advice.exact:
            self.say("play.hint.exact")

    # -- resignations -----------------------------------------------------------------
    def resign_levels(self) -> str:
        """The resignation levels of the variant: ``1 single game, 2 gammon, …``."""
        return ", ".join(
            f"{i} {self.kind_name(tier.kind)}"
            for i, tier in enumerate(tiers(self.variant), start=1)
        )

    def kind_name(self, kind: str) -> str:
        key = f"result.{kind}"
        return self.term.text(key) if key in MESSAGES else kind

    def resign(self, arg: str) -> None:
        """The side to move offers to resign at the level ``arg`` (default 1)."""
        g = self.game
        n = len(tiers(self.variant))
        arg = arg.strip()
        if arg and not (arg.isdigit() and 1 <= int(arg) <= n):
            self.say("play.err.resign_level", "red", n=n, levels=self.resign_levels())
            return
        level = int(arg) if arg else 1
        by = g.turn
        offered = resignation(
            self.variant, other(by), level, g.position.side(by), gammons=g.cube.gammons_count
        ).with_cube(g.cube.value)
        g.resign(level)
        self.say(
            "play.resign.offer",
            "bold",
            color=self.who(by),
            kind=self.kind_name(offered.kind),
            points=f"{offered.value:g}",
        )

    def answer_resignation(self) -> None:
        """The other side accepts or rejects a resignation offer."""
        g = self.game
        answerer = g.to_act
        if self.is_computer(answerer):
            computer = self.context.computer
            assert computer is not None
            accept = computer.accepts(g, self.context.score())
        else:
            prompt = self.term.text("play.resign.prompt", color=self.color(answerer))
            while True:
                answer = self.ask(prompt).lower()
                if answer in ACCEPT or answer in REJECT:
                    accept = answer in ACCEPT
                    break
                if COMMANDS.get(answer) == "board":
                    self.show_board(answerer)
                elif COMMANDS.get(answer) == "quit":
                    self.confirm_quit()
                else:
                    self.say("play.err.answer_resign", "red")
        if accept:
            self.say("play.resign.accepted", "bold", color=self.who(answerer))
            g.accept()
        else:
            self.say("play.resign.rejected", "bold", color=self.who(answerer))
            g.reject()

    # -- the move ------------------------------------------------------------------------
    def turn(self) -> None:
        """Show the board and read commands (or let the computer play) until the current
        dice are played."""
        g = self.game
        seg = g.segment
        mover = g.turn
        self.groups = []
        if not self.announced:
            self.out("")
            self.say("play.turn", "bold", n=self.rolls, color=self.who(mover))
        if seg is not None and seg.kind == "sequence":
            self.say("play.sequence", color=self.color(mover), dice=dice_text(seg.dice))
        elif seg is not None and seg.kind == "passed":
            self.say("play.passed_moves", color=self.color(mover), dice=dice_text(seg.dice))
        if self.is_computer(mover):
            computer = self.context.computer
            assert computer is not None
            g.play(computer.choose(g, self.context.score()))
            self.announced = False
            self.report()
            return
        if not self.announced:
            self.show_board()
        self.announced = False
        done = len(g.turns)
        prompt = self.term.text(
            "play.prompt", color=self.color(mover), dice=dice_text(self.dice_now())
        )
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
            self.out(self.term.text("play.help_more", levels=self.resign_levels()))
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
        elif command == "hint":
            self.hint(rest.strip())
        elif command == "double":
            self.out(self.why_no_double(), "red")
        elif command == "resign":
            self.resign(rest)
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

    def hint(self, arg: str) -> None:
        """The best plays for the dice being played, with their equities."""
        if arg and not (arg.isdigit() and int(arg) <= MAX_HINT_PLIES):
            self.say("play.hint.usage", "red", max=MAX_HINT_PLIES)
            return
        plies = int(arg) if arg else HINT_PLIES
        g = self.game
        score = self.context.score()
        ranked = rank_at_score(hint_bot(self.variant), g, score, plies)
        if not ranked:
            self.say("play.hint.no_play")
            return
        number = {p: i for i, p in enumerate(g.legal_plays(), 1)}
        at_score = score.away(g.turn) is not None
        self.say(
            "play.hint.header_match" if at_score else "play.hint.header",
            dice=dice_text(self.dice_now()),
            plies=plies,
        )
        best = ranked[0][1]
        for rank, (play, equity) in enumerate(ranked[:HINT_TOP]):
            diff = f"{equity - best:+.3f}" if rank else " " * 6
            self.out(f"  {equity:+.3f} {diff} {number[play]:>4}) {play}")

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
            self.say(
                "err.illegal",
                "red",
                play=format_moves(parse_moves(text)),
                dice=dice_text(self.dice_now()),
            )

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
            answer = self.ask(self.term.text("play.confirm_quit")).lower()
            if answer in YES:
                raise QuitGame
            if answer in NO:
                return
            self.say("play.answer_yes_no")

    def malformed(self, text: str, exc: MalformedError) -> None:
        self.say("err.malformed", "red", text=text)
        if exc.key != DETAIL or self.lang == "en":  # details not in the catalogue: English
            self.out(f"  ({exc.text(self.lang)})", "red")

    # -- the end ---------------------------------------------------------------------
    def result(self) -> None:
        g = self.game
        self.report()
        outcome = g.outcome
        assert outcome is not None
        self.out("")
        winner = outcome.winner
        viewer = winner or g.turn
        computer = self.context.computer_color() if self.context.computer else None
        if computer is not None:
            viewer = other(computer)  # the person's view
        self.term.console.print(RichBoard(self.variant, g.position, viewer, lang=self.lang))
        self.say("play.over", "bold")
        points = f"{outcome.value:g}"
        if winner is None:
            self.say("play.draw", "bold", points=points)
        elif outcome.reason in ("drop", "resign"):
            self.say(
                "play.result_by",
                "bold green",
                color=self.who(winner),
                reason=self.term.text(f"play.reason.{outcome.reason}"),
                kind=self.kind_name(outcome.kind),
                points=points,
            )
        else:
            self.say(
                "play.result",
                "bold green",
                color=self.who(winner),
                kind=self.kind_name(outcome.kind),
                points=points,
            )


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
