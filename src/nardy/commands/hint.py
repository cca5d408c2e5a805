"""``nardy hint``: ranked plays with equities and probabilities (like gnubg's hint);
without dice, the position's evaluation and cube decision."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.console import Console
from rich.table import Table

from nardy.cli_messages import say
from nardy.errors import NardyError
from nardy.i18n import t

if TYPE_CHECKING:  # loaded when the command runs, so that `nardy --help` stays light
    from nardy.position import Color, Position
    from nardy.variants.base import Variant

LABELS = ("win", "win g", "win bg", "lose g", "lose bg")
#: The probabilities' column headers: LABELS on two lines, no wider than the numbers.
PROB_HEADERS = ("\nwin", "win\ng", "win\nbg", "lose\ng", "lose\nbg")


def _parse_dice(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*", text)
    if not m:
        raise click.BadParameter(say("cli.dice-format", text=repr(text)), param_hint="--dice")
    return int(m[1]), int(m[2])


def _load_position(
    variant: Variant, position: str | None, pid: str | None, turn: Color
) -> Position:
    from nardy.notation.position_id import decode_id
    from nardy.notation.position_json import position_from_json

    if position and pid:
        raise click.UsageError(say("cli.position-or-id"))
    if pid:
        pos = decode_id(variant.family, pid, turn)
        variant.validate(pos)
        return pos
    if position:
        try:
            obj = json.loads(position)
        except json.JSONDecodeError as exc:
            raise click.BadParameter(
                say("cli.not-json", detail=exc.msg), param_hint="--position"
            ) from None
        return position_from_json(obj, variant)
    return variant.start_position()


def hint_data(
    variant: Variant,
    pos: Position,
    dice: tuple[int, int] | None,
    plies: int,
    top: int,
    setting: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The hint as JSON-ready data. ``setting`` holds the engine protocol's ``match``
    and ``cube`` objects: at a match score plays are ranked by match equity (2·MWC − 1,
    Kazaross-XG2) and each gets its match-winning chance; the cube decision follows the
    score and the cube's value and owner."""
    from nardy.bots import Bot
    from nardy.bots.verdict import cube_verdict, exact_cube, proper_action
    from nardy.engine.bots import at_score, match_chance
    from nardy.engine.fields import cube_state, match_away

    setting = setting or {}
    away = match_away(setting, pos)
    value, owner, _ = cube_state(setting, pos)
    bot = at_score(Bot(variant, "advanced"), away, value)
    out: dict[str, Any] = {"plies": plies}
    if away is not None:
        out["away"] = [away.me, away.them]
    if dice is None:
        probs = bot.evaluate([pos], plies)[0]
        action, take, equities = cube_verdict(probs, variant, owner, value, away, pos)
        out.update(
            {
                "probs": [round(float(x), 4) for x in probs],
                "equity": round(float(bot.search.equity(probs)), 4),
                "cube": {
                    "action": action,
                    "take": take,
                    "proper": proper_action(action, take, equities),
                    "exact": exact_cube(variant, pos, away),
                    "equities": {k: round(v, 4) for k, v in equities.items()},
                },
            }
        )
        if away is not None:
            out["mwc"] = round(match_chance(probs, variant, away, value), 4)
        return out
    ranked = bot.rank(pos, dice, plies, settle=True)
    best = ranked[0].equity if ranked else 0.0
    out["plays"] = [
        {
            "rank": i + 1,
            "play": str(r.play),
            "equity": round(r.equity, 4),
            "diff": round(r.equity - best, 4),
            "plies": r.plies,
            "probs": [round(float(x), 4) for x in r.probs],
            **({"mwc": round((r.equity + 1) / 2, 4)} if away is not None else {}),
        }
        for i, r in enumerate(ranked[:top])
    ]
    return out


def _both(key: str) -> str:
    """A catalogue message in English and Russian (this command prints both)."""
    return f"{t(key, 'en')} / {t(key, 'ru')}"


def _setting(length: int, score: str, cube: int, owner: str, crawford_game: bool) -> dict[str, Any]:
    """The protocol's ``match`` and ``cube`` objects from the command's options."""
    m = re.fullmatch(r"\s*(\d+)\s*[-:,/ ]\s*(\d+)\s*", score)
    if not m:
        raise click.BadParameter(say("cli.score-format", text=repr(score)), param_hint="--score")
    setting: dict[str, Any] = {
        "cube": {"value": cube, "owner": None if owner == "centre" else owner}
    }
    if length:
        setting["match"] = {
            "length": length,
            "score": [int(m[1]), int(m[2])],
            "crawford_game": crawford_game,
        }
    elif crawford_game or score.strip() not in ("0-0", ""):
        raise click.UsageError(say("cli.score-needs-match"))
    return setting


@click.command(name="hint")
@click.option(
    "--variant", "variant_name", default="short", show_default=True, help="Variant / вариант игры."
)
@click.option("--position", default=None, help="Protocol position object (JSON).")
@click.option("--id", "pid", default=None, help="Position ID (gnubg ID for short nardy).")
@click.option(
    "--turn",
    type=click.Choice(["white", "black"]),
    default="white",
    show_default=True,
    help="Side on roll for --id.",
)
@click.option(
    "--dice",
    default=None,
    metavar="DICE",
    help="The roll, e.g. 3-1; none: evaluation and cube.",
)
@click.option(
    "--plies",
    type=click.IntRange(0, 3),
    default=1,
    show_default=True,
    help="Search depth / глубина счёта.",
)
@click.option("--top", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option(
    "--match",
    "length",
    type=click.IntRange(0, 25),
    default=0,
    metavar="N",
    help="Match length (0: money play) / длина матча (0: на деньги).",
)
@click.option(
    "--score",
    default="0-0",
    metavar="W-B",
    show_default=True,
    help="Match score white-black / счёт матча: белые-чёрные.",
)
@click.option(
    "--crawford-game", is_flag=True, help="This is the Crawford game (C-4) / это игра Кроуфорда."
)
@click.option(
    "--cube",
    "cube_value",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Cube value / значение куба.",
)
@click.option(
    "--owner",
    type=click.Choice(["centre", "white", "black"]),
    default="centre",
    show_default=True,
    help="Cube owner / владелец куба.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def command(
    variant_name: str,
    position: str | None,
    pid: str | None,
    turn: Color,  # click.Choice(["white", "black"])
    dice: str | None,
    plies: int,
    top: int,
    length: int,
    score: str,
    crawford_game: bool,
    cube_value: int,
    owner: str,
    as_json: bool,
) -> None:
    """Best plays for a roll, ranked, with equities and probabilities; at a match
    score by match equity, with match-winning chances.

    Подсказка: лучшие ходы с эквити и вероятностями; при счёте матча — по эквити
    матча, с шансами выиграть матч.
    """
    from nardy.variants import find_variant

    setting = _setting(length, score, cube_value, owner, crawford_game)
    try:
        variant = find_variant(variant_name)
        pos = _load_position(variant, position, pid, turn)
        roll = _parse_dice(dice) if dice else None
        data = hint_data(variant, pos, roll, plies, top, setting)
    except NardyError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    console = Console()
    at = ""
    if "away" in data:
        at = (
            f", match {length} / матч до {length}: {score} "
            f"({data['away'][0]}-away, {data['away'][1]}-away)"
        )
    if roll is None:
        p = data["probs"]
        console.print(f"{variant.title_en} / {variant.title_ru}, {plies}-ply{at}")
        console.print("  ".join(f"{k} {v:.3f}" for k, v in zip(LABELS, p, strict=True)))
        mwc = f", MWC {data['mwc']:.1%}" if "mwc" in data else ""
        console.print(f"equity / эквити: {data['equity']:+.3f}{mwc}")
        c = data["cube"]
        e = c["equities"]
        proper = _both(f"cube.proper.{c['proper']}")
        console.print(
            f"cube / куб: {proper} "
            f"(ND {e['no_double']:+.3f}, D/T {e['double_take']:+.3f}, "
            f"D/P {e['double_pass']:+.3f})"
        )
        if c["exact"]:
            console.print(_both("cube.exact"))
        return
    if not data["plays"]:
        console.print("no legal play / хода нет")
        return
    # A rule under the header only, two spaces between columns and the probabilities'
    # headers on two lines, so that the table fits 80 columns: only a play too long for
    # the rest wraps, at a space between its moves.
    table = Table(
        title=f"{variant.name} {roll[0]}-{roll[1]}: hint / подсказка{at}",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 1, 0, 0),
    )
    mwc_col = ("MWC",) if "away" in data else ()
    for col in ("#", "play / ход", "ply", "equity", "diff", *mwc_col):
        play = col.startswith("play")
        table.add_column(f"\n{col}", justify="left" if play else "right", no_wrap=not play)
    for col in PROB_HEADERS:
        table.add_column(col, justify="right", no_wrap=True)
    for r in data["plays"]:
        mwc_cell = (f"{r['mwc']:.1%}",) if "mwc" in r else ()
        table.add_row(
            str(r["rank"]),
            r["play"],
            str(r["plies"]),
            f"{r['equity']:+.3f}",
            f"{r['diff']:+.3f}" if r["rank"] > 1 else "",
            *mwc_cell,
            *(f"{x:.3f}" for x in r["probs"]),
        )
    console.print(table)
