"""Matches: games of one variant in sequence to N points, or money play (RULES.md C-4,
C-5, L-4).

The two players are numbered 0 and 1. In short nardy player 0 plays white in every
game and each game starts with the opening toss (G-5). In long nardy the starter
plays white (G-5): player 0 plays white in the first game (or whoever ``new_game``
is told won the first toss), and each later game is started, without a toss, by the
player ``next_starter`` names (L-4): the previous winner (a draw keeps the previous
starter) or the previous game's black.

A match to ``length`` points ends when a player has at least ``length`` points and
more than the other (two players drawn level past the target play on); ``length = 0``
is money play, which never ends by itself. With the Crawford rule (on by default in
match play, C-4) the first game after a player first reaches ``length − 1`` is played
without the cube; later games are post-Crawford.

The match is recorded as JSON-ready records: a ``match`` header, then for each game a
``game`` marker followed by that game's own records (``nardy.game``)::

    {"type": "match", "variant": "short", "options": {...}, "length": 7,
     "crawford": true, "cube": {...}, "players": ["Anna", "Boris"]}
    {"type": "game", "white": 0}
    {"type": "setup", ...}
    {"type": "opening", "white": 5, "black": 2}
    ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from nardy.cube import Cube, CubeRules
from nardy.dice import DiceSource, RandomDice
from nardy.errors import IllegalMoveError, MalformedError, NardyError
from nardy.game import Game
from nardy.position import WHITE, Color, Position, other
from nardy.variants import Variant, find_variant

GameState = Literal["none", "playing", "over", "resigned", "dropped"]


@dataclass(frozen=True)
class MatchScore:
    """A match as the cube logic and hints need it: its length (0: money play), the
    score by colour in the current game, and whether the match plays the Crawford rule
    (C-4). Plain data, so that the terminal shows a two-player match without the bots."""

    length: int = 0
    white: int = 0
    black: int = 0
    crawford: bool = True

    def away(self, me: Color) -> tuple[int, int] | None:
        """Points ``me`` and the opponent still need; None in money play or once the
        match is won."""
        if not self.length or max(self.white, self.black) >= self.length:
            return None
        mine, theirs = (self.white, self.black) if me == "white" else (self.black, self.white)
        return self.length - mine, self.length - theirs

    @property
    def by_colour(self) -> tuple[int, int] | None:
        """Points white and black each still need, as the cube reads them (C-4 dead
        cube); None in money play."""
        return (self.length - self.white, self.length - self.black) if self.length else None


class MatchError(IllegalMoveError):
    """An action the match does not allow now (a new game before the last one ended …)."""


class MatchReplayError(NardyError):
    """A record of a match log that cannot be applied; ``index`` is its position."""

    def __init__(self, index: int, record: Any, reason: NardyError) -> None:
        super().__init__("replay-match-record", index=index, reason=reason)
        self.code = reason.code  # the specific code is the reason's; the text adds where
        self.index = index
        self.record = record
        self.reason = reason


@dataclass(frozen=True, slots=True)
class MatchSnapshot:
    """A match at one moment, as position and match IDs describe it (gnubg Match ID,
    XGID). Colours stand for the ID formats' players: white is player 0, black 1.

    ``position.turn`` is the side on roll (or about to roll); ``to_act`` is the side
    that must decide now (the taker of a double, the receiver of a resignation);
    ``score`` is (white, black) before this game; ``state`` as gnubg names it.
    """

    position: Position
    length: int = 0
    score: tuple[int, int] = (0, 0)
    cube_value: int = 1
    cube_owner: Color | None = None
    crawford: bool = False
    state: GameState = "playing"
    to_act: Color | None = None
    doubled: bool = False
    resign: int = 0
    dice: tuple[int, int] | None = None
    jacoby: bool = False
    beavers: bool = False
    max_cube: int | None = None

    def __post_init__(self) -> None:
        if self.to_act is None:
            object.__setattr__(self, "to_act", self.position.turn)

    @property
    def on_roll(self) -> Color:
        """The side on roll (the dice owner)."""
        return self.position.turn

    @property
    def decider(self) -> Color:
        """The side that must act now."""
        return self.position.turn if self.to_act is None else self.to_act

    def to_game(self, variant: Variant | str = "short") -> Game:
        """A game standing at this snapshot (position, cube, dice, pending offers)."""
        v = find_variant(variant) if isinstance(variant, str) else variant
        rules = CubeRules.for_variant(
            v,
            enabled=True,
            money=self.length == 0,
            jacoby=self.jacoby and self.length == 0,
            beavers=self.beavers and self.length == 0,
        )
        away = (self.length - self.score[0], self.length - self.score[1]) if self.length else None
        cube = Cube(
            rules,
            self.cube_value,
            self.cube_owner,
            0 if self.cube_value == 1 else 1,
            self.crawford,
            away=away,
        )
        game = Game(v, position=self.position, cube=cube)
        if self.doubled:
            game.double()
        elif self.dice is not None:
            game.roll(*self.dice)
        if self.resign:
            # The side offering a resignation is the one not deciding (gnubg Match ID).
            game.resign(self.resign, by=other(self.decider))
        return game


def game_snapshot(game: Game, *, length: int = 0, score: tuple[int, int] = (0, 0)) -> MatchSnapshot:
    """The snapshot of ``game`` played at match ``length`` with ``score`` (white, black)."""
    state: GameState = "playing"
    if game.phase == "opening":
        state = "none"
    elif game.phase == "over":
        reason = game.outcome.reason if game.outcome is not None else "bear-off"
        state = "resigned" if reason == "resign" else "dropped" if reason == "drop" else "over"
    dice = game.dice if game.phase in ("move", "resign") and game.dice is not None else None
    rules = game.cube.rules
    position = game.position
    if game.variant.family == "short":
        position = position.with_flags(False, False)  # first-turn flags are long-nardy only
    return MatchSnapshot(
        position=position,
        length=length,
        score=score,
        cube_value=game.cube.value,
        cube_owner=game.cube.owner,
        crawford=game.cube.crawford,
        state=state,
        to_act=game.to_act,
        doubled=game.phase == "cube",
        resign=(game.resign_offer or 0) if game.phase == "resign" else 0,
        dice=(dice[0], dice[1]) if dice is not None else None,
        jacoby=rules.money and rules.jacoby,
        beavers=rules.money and rules.beavers,
    )


class Match:
    """A match to ``length`` points (0: money play) of one variant between two players."""

    def __init__(
        self,
        variant: Variant | str = "short",
        length: int = 0,
        *,
        cube: CubeRules | None = None,
        crawford: bool = True,
        players: Sequence[str] = ("Player 1", "Player 2"),
        dice: DiceSource | None = None,
    ) -> None:
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        if isinstance(length, bool) or not isinstance(length, int) or length < 0:
            raise MalformedError("match-bad-length", value=repr(length))
        if not isinstance(crawford, bool):
            raise MalformedError("match-bad-crawford")
        names = list(players)
        if len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise MalformedError("match-players")
        self.length = length
        base = cube if cube is not None else CubeRules.for_variant(self.variant)
        self.cube_rules = replace(base, money=length == 0)
        self.crawford_rule = crawford
        self.players: tuple[str, str] = (names[0], names[1])
        self.dice_source: DiceSource = dice if dice is not None else RandomDice()
        self.games: list[Game] = []
        self.whites: list[int] = []  # which player plays white in each game

    # -- score -----------------------------------------------------------------------
    @property
    def money(self) -> bool:
        """True for money play (no target score)."""
        return self.length == 0

    def game_points(self, index: int) -> tuple[float, float]:
        """Points each player won in game ``index`` (0, 0 while it is unfinished)."""
        game = self.games[index]
        out = game.outcome
        if game.phase != "over" or out is None:
            return (0, 0)
        if out.winner is None:
            return (out.value, out.value)
        winner = self.whites[index] if out.winner == WHITE else 1 - self.whites[index]
        return (out.value, 0) if winner == 0 else (0, out.value)

    def score_before(self, index: int) -> tuple[float, float]:
        """The score (player 0, player 1) before game ``index``."""
        a = b = 0.0
        for i in range(index):
            pa, pb = self.game_points(i)
            a += pa
            b += pb
        return (_num(a), _num(b))

    @property
    def score(self) -> tuple[float, float]:
        """The score (player 0, player 1) after every finished game."""
        return self.score_before(len(self.games))

    def away(self) -> tuple[float, float]:
        """Points each player still needs (match play)."""
        a, b = self.score
        return (max(0, self.length - a), max(0, self.length - b))

    @property
    def is_over(self) -> bool:
        """True once a player has reached the target with more points than the other."""
        if self.money:
            return False
        a, b = self.score
        return max(a, b) >= self.length and a != b

    @property
    def winner(self) -> int | None:
        """The player (0 or 1) who won the match, or None."""
        if not self.is_over:
            return None
        a, b = self.score
        return 0 if a > b else 1

    @property
    def current(self) -> Game | None:
        """The game being played (or the last one), None before the first."""
        return self.games[-1] if self.games else None

    # -- Crawford (C-4) ----------------------------------------------------------------
    def is_crawford(self, index: int) -> bool:
        """Whether game ``index`` (existing or the next one) is the Crawford game."""
        if self.money or not self.crawford_rule:
            return False
        for i in range(index + 1):
            a, b = self.score_before(i)
            near_a, near_b = a >= self.length - 1, b >= self.length - 1
            if near_a and near_b:
                return False  # both one point away together: no Crawford game
            if near_a or near_b:
                return i == index  # the first game after one player reaches N - 1
        return False

    @property
    def post_crawford(self) -> bool:
        """True once the Crawford game has been played (doubling is free again)."""
        n = len(self.games)
        if not self.games or self.games[-1].phase != "over":
            n -= 1
        return any(self.is_crawford(i) for i in range(max(n, 0)))

    # -- games ---------------------------------------------------------------------------
    def next_white(self) -> int:
        """The player who plays white in the next game (L-4 for long nardy)."""
        if not self.games or self.variant.family == "short":
            return 0
        prev, prev_white = self.games[-1], self.whites[-1]
        if self.variant.next_starter == "previous-black":
            return 1 - prev_white
        out = prev.outcome
        if out is None or out.winner is None:
            return prev_white
        return prev_white if out.winner == WHITE else 1 - prev_white

    def new_game(self, white: int | None = None) -> Game:
        """Start the next game; ``white`` may name who plays white in the first game
        (the toss winner in long nardy)."""
        if self.is_over:
            raise MatchError("match-over")
        if self.games and self.games[-1].phase != "over":
            raise MatchError("match-game-not-over")
        if white is None:
            white = self.next_white()
        elif white not in (0, 1) or isinstance(white, bool):
            raise MalformedError("match-white", value=repr(white))
        elif self.games and white != self.next_white():
            raise MatchError(
                f"player {self.next_white()} plays white in this game (L-4), not player {white}"
            )
        index = len(self.games)
        cube = Cube(
            self.cube_rules, crawford=self.is_crawford(index), away=self._away(index, white)
        )
        position = None
        if self.variant.family == "long" and index > 0:
            position = self.variant.start_position()  # L-4: the starter rolls, no toss
        game = Game(self.variant, position=position, dice=self.dice_source, cube=cube)
        self.games.append(game)
        self.whites.append(white)
        return game

    def _away(self, index: int, white: int) -> tuple[float, float] | None:
        """What white and black each still need before game ``index`` (player ``white``
        playing white); None in money play. The cube reads it (C-4 dead cube)."""
        if self.money:
            return None
        score = self.score_before(index)
        return (self.length - score[white], self.length - score[1 - white])

    def player_of(self, index: int, color: Color) -> int:
        """The player who plays ``color`` in game ``index``."""
        return self.whites[index] if color == WHITE else 1 - self.whites[index]

    # -- views ------------------------------------------------------------------------------
    def snapshot(self) -> MatchSnapshot:
        """The current game as the ID formats see it (white = player 0's colour)."""
        game = self.current
        if game is None:
            raise MatchError("match-not-started")
        i = len(self.games) - 1
        a, b = self.score_before(i)
        if a != int(a) or b != int(b):
            raise MalformedError("match-id-scores")
        ws, bs = (int(a), int(b)) if self.whites[i] == 0 else (int(b), int(a))
        return game_snapshot(game, length=self.length, score=(ws, bs))

    def describe(self, lang: str = "en") -> str:
        """The match score in words, English or Russian."""
        a, b = self.score
        ru = lang == "ru"
        text = f"{self.players[0]} {a:g} – {self.players[1]} {b:g}"
        if self.money:
            return text + (" (игра на деньги)" if ru else " (money play)")
        text += f" (до {self.length})" if ru else f" (to {self.length})"
        if self.is_over:
            name = self.players[self.winner or 0]
            return text + (f", матч выиграл {name}" if ru else f", {name} wins the match")
        if self.games and self.games[-1].phase != "over":
            if self.is_crawford(len(self.games) - 1):
                text += ", игра Кроуфорда" if ru else ", Crawford game"
        elif self.is_crawford(len(self.games)):
            text += ", следующая — игра Кроуфорда" if ru else ", next game is the Crawford game"
        return text

    # -- records ---------------------------------------------------------------------------
    def header(self) -> dict[str, Any]:
        """The ``match`` record that opens the match log."""
        return {
            "type": "match",
            "variant": self.variant.name,
            "options": self.variant.options(),
            "length": self.length,
            "crawford": self.crawford_rule,
            "cube": self.cube_rules.to_json(),
            "players": list(self.players),
        }

    @property
    def records(self) -> list[dict[str, Any]]:
        """The whole match log: header, then each game's marker and records."""
        out = [self.header()]
        for game, white in zip(self.games, self.whites, strict=True):
            out.append({"type": "game", "white": white})
            out.extend(game.records)
        return out

    @classmethod
    def from_header(cls, header: Any) -> Match:
        """An empty match made from a ``match`` record."""
        if not isinstance(header, dict) or header.get("type") != "match":
            raise MalformedError("match-log-start")
        # ``dice``: the verifiable-dice commitment a server writes into downloaded logs
        unknown = set(header) - {
            "type",
            "variant",
            "options",
            "length",
            "crawford",
            "cube",
            "players",
            "dice",
        }
        if unknown:
            raise MalformedError("match-record-unknown", fields=sorted(unknown))
        variant = find_variant(header.get("variant", "short"))
        options = header.get("options", {})
        if not isinstance(options, dict):
            raise MalformedError("match-options")
        variant = variant.with_options(**options)
        cube = header.get("cube")
        return cls(
            variant,
            header.get("length", 0),
            cube=CubeRules.from_json(cube) if cube is not None else None,
            crawford=header.get("crawford", True),
            players=header.get("players", ["Player 1", "Player 2"]),
        )

    @classmethod
    def replay(cls, records: Iterable[Any]) -> Match:
        """Rebuild a match from its log; the first bad record raises ``MatchReplayError``."""
        items = list(records)
        if not items:
            raise MatchReplayError(0, None, MalformedError("match-log-start"))
        try:
            match = cls.from_header(items[0])
        except NardyError as exc:
            raise MatchReplayError(0, items[0], exc) from exc
        game: Game | None = None
        expect_setup = False
        for i, rec in enumerate(items[1:], start=1):
            try:
                if isinstance(rec, dict) and rec.get("type") == "game":
                    unknown = set(rec) - {"type", "white"}
                    if unknown:
                        raise MalformedError("match-game-unknown", fields=sorted(unknown))
                    game = match.new_game(rec.get("white"))
                    expect_setup = True
                elif game is None:
                    raise MalformedError("match-game-first")
                elif expect_setup:
                    if rec != game.records[0]:
                        raise MalformedError("match-setup-mismatch", expected=repr(game.records[0]))
                    expect_setup = False
                else:
                    game.apply(rec)
            except NardyError as exc:
                raise MatchReplayError(i, rec, exc) from exc
        if expect_setup:
            last = MalformedError("match-last-no-setup")
            raise MatchReplayError(len(items), None, last)
        return match


def _num(x: float) -> float:
    """Whole numbers as ``int`` so scores print and compare as written."""
    return int(x) if float(x).is_integer() else x
