"""``nardy play``: nardy in the terminal — two people at one keyboard, or against the
computer; one money game or a match to N points, with the doubling cube, resignations
and hints.

Each turn shows the board from the mover's side (RULES.md §7), the pip counts, the dice,
the cube and the match score; the player types a play in standard notation or a command
(``?`` lists them). Works with piped input too (the lines read are echoed), and ends
cleanly at EOF. The game itself lives in ``nardy.terminal``.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console

from nardy.cube import CubeRules
from nardy.dice import CryptoDice, DiceSource, RandomDice
from nardy.errors import NardyError, UnknownVariantError
from nardy.game import Game, ReplayError
from nardy.i18n import default_lang, t
from nardy.match import Match, MatchReplayError
from nardy.terminal import messages  # noqa: F401  (registers the messages used here)
from nardy.terminal.console import Terminal
from nardy.terminal.session import Session, default_names, match_for_game
from nardy.variants import OPTION_VALUES, VARIANTS, OptionError, Variant, find_variant

log = logging.getLogger(__name__)

TRUE_WORDS = frozenset({"true", "yes", "on", "1", "да", "вкл"})
FALSE_WORDS = frozenset({"false", "no", "off", "0", "нет", "выкл"})
#: ``--vs-computer`` values: the computer's colour (player 1 is White in short nardy).
COMPUTER_SIDES = {"white": 0, "black": 1, "белые": 0, "чёрные": 1, "черные": 1}


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
                t(
                    "err.option_name",
                    lang,
                    name=key,
                    variant=variant.name,
                    known=", ".join(variant.option_names()),
                ),
                param_hint=hint,
            )
        allowed = OPTION_VALUES[key]
        try:
            chosen[key] = _option_value(raw, allowed)
        except KeyError:
            raise click.BadParameter(
                t(
                    "err.option_value",
                    lang,
                    name=key,
                    value=raw.strip(),
                    allowed=", ".join(_shown(a) for a in allowed),
                ),
                param_hint=hint,
            ) from None
    try:
        return variant.with_options(**chosen)
    except OptionError as exc:  # an option this variant does not take
        raise click.BadParameter(t(exc.key, lang, **exc.params), param_hint=hint) from None


def load_record(path: str, lang: str, names: tuple[str, str]) -> Match:
    """The game or match recorded in ``path`` (JSON lines, as ``--save`` writes), as a
    match (a single game is a money-play match of one game between ``names``); raises
    ``click.BadParameter`` naming the first bad line."""
    hint = "'--load'"

    def bad(reason: str) -> click.BadParameter:
        return click.BadParameter(t("err.load", lang, path=path, reason=reason), param_hint=hint)

    try:
        with open(path, encoding="utf-8") as fh:
            lines = [(n, line) for n, line in enumerate(fh, 1) if line.strip()]
    except OSError as exc:
        raise bad(exc.strerror or str(exc)) from None
    records = []
    for n, line in lines:
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise bad(t("err.load_json", lang, line=n, detail=exc.msg)) from None
    if not records:
        raise bad(t("err.load_record", lang, line=1, detail="no records"))

    def line_of(index: int) -> int:
        return lines[index][0] if index < len(lines) else len(lines) + 1

    if isinstance(records[0], dict) and records[0].get("type") == "match":
        try:
            return Match.replay(records)
        except MatchReplayError as exc:
            detail = t("err.load_record", lang, line=line_of(exc.index), detail=exc.reason)
            raise bad(detail) from None
    try:
        return match_for_game(Game.replay(records), names)
    except ReplayError as exc:
        raise bad(t("err.load_record", lang, line=line_of(exc.index), detail=exc.reason)) from None


def _computer_level(level: str | None, lang: str) -> str:
    from nardy.terminal.computer import level_name, level_names

    try:
        return level_name(level if level is not None else "expert")
    except ValueError:
        known = ", ".join(f"{i} {name}" for i, name in enumerate(level_names()))
        raise click.BadParameter(
            t("play.err.level", lang, level=level, known=known), param_hint="'--level'"
        ) from None


def _new_match(
    variant: Variant,
    length: int,
    cube: bool | None,
    beavers: bool,
    jacoby: bool,
    crawford: bool | None,
    names: tuple[str, str],
    dice: DiceSource,
    lang: str,
    cube_rules: dict[str, Any],
) -> Match:
    for flag, name in ((beavers, "--beavers"), (jacoby, "--jacoby")):
        if flag and length:
            raise click.BadParameter(
                t("play.err.money_only", lang, option=name), param_hint=f"'{name}'"
            )
    settings: dict[str, Any] = {"beavers": beavers, "jacoby": jacoby}
    settings.update({k: v for k, v in cube_rules.items() if v is not None})
    if cube is not None:
        settings["enabled"] = cube
    try:
        rules = CubeRules.for_variant(variant, money=length == 0, **settings)
        return Match(
            variant, length, cube=rules, crawford=crawford is not False, players=names, dice=dice
        )
    except NardyError as exc:
        raise click.UsageError(exc.text(lang)) from None


@click.command("play")
@click.option(
    "--variant",
    "variant_name",
    default=None,
    help="Game: long (default), short, short-ru, crazy, gulbara, fevga, … "
    "(English or Russian name).",
)
@click.option(
    "--lang",
    type=click.Choice(["ru", "en"]),
    default=None,
    help="Language of the game (default: from the locale).",
)
@click.option("--seed", type=int, default=None, help="Seed for reproducible dice (and computer).")
@click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="Rule option as in RULES.md, e.g. block_check=every-move (repeatable).",
)
@click.option(
    "--match",
    "length",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Play a match to N points (0, the default: one money game).",
)
@click.option(
    "--cube/--no-cube",
    default=None,
    help="Use the doubling cube (default: on in short nardy, off in long; C-3).",
)
@click.option("--beavers", is_flag=True, help="Allow beavers (money play).")
@click.option(
    "--jacoby", is_flag=True, help="Jacoby rule: gammons count only after a double (money play)."
)
@click.option(
    "--cube-progression",
    type=click.Choice(["geometric", "arithmetic"]),
    default=None,
    help="Cube values 2, 4, 8 … or 2, 3, 4 … («даве»; C-3).",
)
@click.option(
    "--max-doubles",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="At most N doubles a game (C-3).",
)
@click.option(
    "--gammons-with-cube/--no-gammons-with-cube",
    default=None,
    help="Do gammons (mars) count while the cube is in use (default yes; C-3).",
)
@click.option(
    "--crawford/--no-crawford", default=None, help="Crawford rule in matches (default: on; C-4)."
)
@click.option(
    "--vs-computer",
    "vs_computer",
    is_flag=False,
    flag_value="black",
    default=None,
    type=click.Choice(sorted(COMPUTER_SIDES)),
    metavar="[white|black]",
    help="Play against the computer, which takes this side (default black; in "
    "long nardy: white = player 1's seat, colours follow the toss).",
)
@click.option(
    "--level",
    default=None,
    metavar="N|NAME",
    help="The computer's strength: 0 beginner … 5 strongest (default 4 expert).",
)
@click.option(
    "--save",
    "save_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the game (money play) or match record, JSON lines, at the end.",
)
@click.option(
    "--load",
    "load_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Continue a game or match saved with --save (its rules apply).",
)
@click.option(
    "--review",
    is_flag=True,
    help="At the end, the computer reviews the game or match: the marked "
    "mistakes, the course of each game, each player's error rate.",
)
def command(
    variant_name: str | None,
    lang: str | None,
    seed: int | None,
    options: tuple[str, ...],
    length: int | None,
    cube: bool | None,
    beavers: bool,
    jacoby: bool,
    cube_progression: str | None,
    max_doubles: int | None,
    gammons_with_cube: bool | None,
    crawford: bool | None,
    vs_computer: str | None,
    level: str | None,
    save_path: str | None,
    load_path: str | None,
    review: bool,
) -> None:
    """Play nardy: two at one keyboard or against the computer, a game or a match.
    / Игра в нарды вдвоём или с компьютером: партия или матч."""
    lang = lang or default_lang()
    dice: DiceSource = RandomDice(seed) if seed is not None else CryptoDice()
    if level is not None and vs_computer is None:
        raise click.UsageError(t("play.err.level_alone", lang))
    seat = COMPUTER_SIDES[vs_computer] if vs_computer is not None else None
    level_chosen = _computer_level(level, lang) if seat is not None else None
    stdin = sys.stdin  # click.get_text_stream is deprecated (Click 8.5)
    console = Console(highlight=False, soft_wrap=True)
    interactive = stdin.isatty()
    term = Terminal(lang=lang, stdin=stdin, console=console, interactive=interactive)
    if load_path:
        if variant_name is not None or options:
            raise click.UsageError(t("err.load_with_variant", lang))
        cube_set = (cube_progression, max_doubles, gammons_with_cube)
        if (
            length is not None
            or cube is not None
            or beavers
            or jacoby
            or crawford is not None
            or any(x is not None for x in cube_set)
        ):
            raise click.UsageError(t("play.err.load_with_match", lang))
        match = load_record(load_path, lang, default_names(term, seat))
        match.dice_source = dice
        for game in match.games:
            game.dice_source = dice
    else:
        variant = configure_variant(variant_name or "long", options, lang)
        cube_rules = {
            "progression": cube_progression,
            "max_doubles": max_doubles,
            "gammons_with_cube": gammons_with_cube,
        }
        match = _new_match(
            variant,
            length or 0,
            cube,
            beavers,
            jacoby,
            crawford,
            default_names(term, seat),
            dice,
            lang,
            cube_rules,
        )
    computer = None
    if seat is not None and level_chosen is not None:
        from nardy.bots.opponent import Opponent

        computer = Opponent(match.variant, level_chosen, seed)
    if interactive:
        try:  # line editing for input()
            import readline  # noqa: F401
        except ImportError as exc:  # not every Python is built with it (Windows)
            log.info("no line editing: %s", exc)
    session = Session(match, term, computer_seat=seat, computer=computer)
    try:
        session.run()
    except KeyboardInterrupt:
        term.out("")
        term.say("play.quit", "yellow")
        session.abandoned = "quit"
    ok = True
    if save_path:
        ok = session.save(save_path)
    elif session.abandoned is None:
        term.say("play.save_hint" if match.money else "play.match.save_hint")
    if review and session.abandoned is None:
        session.review()
    sys.exit(0 if ok else 1)
