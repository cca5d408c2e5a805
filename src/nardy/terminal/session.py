"""A sitting at the terminal: one money game, or a match to N points game after game
(RULES.md C-4, L-4), with the match score and the Crawford game in every view, and the
computer playing one player's seat if asked.

Player 1 and player 2 are the match's players 0 and 1. In short nardy player 1 plays
White in every game; in long nardy the opening toss of the first game gives White to
its winner, and later games are started by the player ``next_starter`` names (L-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy.game import Game
from nardy.match import Match
from nardy.notation.record import dump_records
from nardy.position import BLACK, WHITE, Color
from nardy.terminal import messages  # noqa: F401  (registers the messages used here)
from nardy.terminal.computer import MatchScore, level_title
from nardy.terminal.console import Terminal
from nardy.terminal.game import TerminalGame
from nardy.variants import VARIANTS, Variant

if TYPE_CHECKING:  # the bots load only when the computer plays
    from nardy.bots.opponent import Opponent


def default_names(term: Terminal, computer_seat: int | None) -> tuple[str, str]:
    """Player names for a new match: "Player 1"/"Player 2", or the computer and the
    player facing it."""
    if computer_seat is None:
        return (term.text("play.name.player", n=1), term.text("play.name.player", n=2))
    names = [term.text("play.name.human"), term.text("play.name.human")]
    names[computer_seat] = term.text("play.name.computer")
    return (names[0], names[1])


def match_for_game(game: Game, names: tuple[str, str] = ("Player 1", "Player 2")) -> Match:
    """A money-play match holding one (loaded) game, player 1 (``names[0]``) as White."""
    match = Match(game.variant, 0, cube=game.cube.rules, players=names, dice=game.dice_source)
    match.games.append(game)
    match.whites.append(0)
    return match


class Session:
    """Plays a match (or one money game) through a terminal; ``run`` returns when the
    match ends, or the players quit or the input ends."""

    def __init__(
        self,
        match: Match,
        term: Terminal,
        *,
        computer_seat: int | None = None,
        computer: Opponent | None = None,
    ) -> None:
        self.match = match
        self.term = term
        self.computer_seat = computer_seat
        self.computer = computer
        self.abandoned: str | None = None
        self.show_names = match.length > 0 or computer is not None

    # -- the context of each game (``nardy.terminal.game.GameContext``) -------------------
    @property
    def index(self) -> int:
        return len(self.match.games) - 1

    def player_names(self) -> tuple[str, str]:
        return self.match.players

    def player_of(self, color: Color) -> int:
        return self.match.player_of(self.index, color)

    def name(self, color: Color) -> str | None:
        return self.match.players[self.player_of(color)] if self.show_names else None

    def computer_color(self) -> Color | None:
        if self.computer_seat is None or not self.match.games:
            return None
        return WHITE if self.match.whites[self.index] == self.computer_seat else BLACK

    def score(self) -> MatchScore:
        a, b = self.match.score_before(self.index)
        by_player = (int(a), int(b))
        return MatchScore(
            self.match.length,
            by_player[self.player_of(WHITE)],
            by_player[self.player_of(BLACK)],
            self.match.crawford_rule,
        )

    def status(self) -> list[str]:
        m = self.match
        if m.money:
            return []
        a, b = m.score_before(self.index)
        line = self.term.text(
            "play.match.status",
            length=m.length,
            first=self.seat(0),
            second=self.seat(1),
            a=f"{a:g}",
            b=f"{b:g}",
        )
        if not m.cube_rules.enabled:
            return [line]  # without a cube the Crawford rule changes nothing (C-5)
        if m.is_crawford(self.index):
            line += "; " + self.term.text("play.match.crawford_tag")
        elif any(m.is_crawford(i) for i in range(self.index)):
            line += "; " + self.term.text("play.match.post_crawford_tag")
        return [line]

    def tossed(self, white_player: int) -> None:
        if self.index == 0:  # only the first game has a toss for colours (L-4)
            self.match.whites[0] = white_player

    def seat(self, player: int) -> str:
        """A player's name with the colour played in the current game."""
        color: Color = WHITE if self.match.whites[self.index] == player else BLACK
        return f"{self.match.players[player]} ({self.term.text(f'play.color_lc.{color}')})"

    # -- the sitting ------------------------------------------------------------------------
    def run(self) -> None:
        """Play the current game, then further games until the match is over."""
        m = self.match
        self.intro()
        first = True
        while True:
            game = m.current
            if game is None or (game.phase == "over" and not first):
                if m.is_over or (m.money and game is not None):
                    break
                game = m.new_game()
                self.game_intro(game)
            elif game.phase != "over":
                self.game_intro(game)
            first = False
            table = TerminalGame(game, self.term, self)
            table.run()
            if table.abandoned:
                self.abandoned = table.abandoned
                return
            if m.money:
                break
            a, b = m.score
            self.term.say(
                "play.match.score",
                "bold",
                first=m.players[0],
                second=m.players[1],
                a=f"{a:g}",
                b=f"{b:g}",
                length=m.length,
            )
            if m.is_over:
                break
        if m.is_over:
            a, b = m.score
            winner = m.winner
            assert winner is not None
            self.term.say(
                "play.match.over",
                "bold green",
                name=m.players[winner],
                a=f"{max(a, b):g}",
                b=f"{min(a, b):g}",
            )

    def intro(self) -> None:
        """The variant, its rule options, the opponent and the match."""
        m = self.match
        v = m.variant
        title = v.title_ru if self.term.lang == "ru" else v.title_en
        self.term.say("play.title", "bold", title=title)
        changed = _changed_options(v)
        if changed:
            self.term.say(
                "play.rules", options=", ".join(f"{k}={val}" for k, val in changed.items())
            )
        if self.computer is not None:
            self.term.say("play.cpu.intro", level=level_title(self.computer.level, self.term.lang))
        if not m.money:
            self.term.say(
                "play.match.intro", length=m.length, first=m.players[0], second=m.players[1]
            )
        if m.is_over:
            self.term.say("play.match.already_over")

    def game_intro(self, game: Game) -> None:
        """Before a game: its number and the score, the Crawford game, who plays what."""
        m = self.match
        i = self.index
        if not m.money:
            self.term.out("")
            self.term.say("play.match.game", "bold", n=i + 1, length=m.length)
            for line in self.status():
                self.term.out(line)
            if m.is_crawford(i) and m.cube_rules.enabled:
                a, b = m.score_before(i)
                leader = m.players[0 if a > b else 1]
                self.term.say("play.match.crawford_game", "bold", name=leader)
        if game.phase == "opening" and m.variant.family == "long":
            return  # the toss decides colours
        if not self.show_names:
            return
        white = m.players[m.whites[i]]
        black = m.players[1 - m.whites[i]]
        starts_now = game.phase == "roll" and not game.turns and not game.records[1:]
        if m.variant.family == "long" and i > 0 and starts_now:
            prev = m.games[i - 1].outcome
            if prev is not None and prev.winner is None:
                why = "play.match.why_draw"
            elif m.variant.next_starter == "previous-black":
                why = "play.match.why_black"
            else:
                why = "play.match.why_winner"
            self.term.say("play.match.starter", "bold", name=white, why=self.term.text(why))
        else:
            self.term.say("play.seats_short", white=white, black=black)

    # -- records ----------------------------------------------------------------------------
    def records(self) -> list[dict[str, object]]:
        """What ``--save`` writes: the game's records in money play, else the match's."""
        m = self.match
        if m.money:
            game = m.current
            return list(game.records) if game is not None else []
        return m.records

    def review(self) -> None:
        """The computer's review of what was played (``nardy.bots.analysis`` at 0 ply,
        a match at its score): the marked mistakes, each game's course, the players'
        error rates."""
        from nardy.bots.analysis import analyze_records
        from nardy.terminal.review import print_analysis

        records = self.records()
        if len(records) < 2:
            return
        self.term.say("play.review", "bold")
        print_analysis(
            self.term.console,
            analyze_records(records, 0),
            self.term.text("play.review.title"),
            self.term.lang,
        )

    def save(self, path: str) -> bool:
        """Write the record as JSON lines; False (after saying why) on failure."""
        records = self.records()
        try:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(dump_records(records))
        except OSError as exc:
            self.term.say("err.save", "red", path=path, reason=exc.strerror or str(exc))
            return False
        key = "play.saved" if self.match.money else "play.match.saved"
        self.term.say(key, path=path, n=len(records))
        return True


def _changed_options(variant: Variant) -> dict[str, object]:
    """Rule options that differ from the registered variant's defaults."""
    base = VARIANTS.get(variant.name)
    if base is None:
        return {}
    defaults = base.options()
    return {k: v for k, v in variant.options().items() if defaults.get(k) != v}
