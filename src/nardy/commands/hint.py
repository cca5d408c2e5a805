"""``nardy hint``: ranked plays with equities and probabilities (like gnubg's hint);
without dice, the position's evaluation and cube decision."""

from __future__ import annotations

import json
import re
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from nardy.errors import NardyError
from nardy.eval import money_equity

LABELS = ("win", "win g", "win bg", "lose g", "lose bg")


def _parse_dice(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*([1-6])\s*[-,/ ]?\s*([1-6])\s*", text)
    if not m:
        raise click.BadParameter(
            f"{text!r}: dice are written like 3-1 / кости пишутся как 3-1", param_hint="--dice"
        )
    return int(m[1]), int(m[2])


def _load_position(variant, position: str | None, pid: str | None, turn: str):  # type: ignore[no-untyped-def]
    from nardy.notation.position_id import decode_id
    from nardy.notation.position_json import position_from_json

    if position and pid:
        raise click.UsageError("give --position or --id, not both / укажите одно")
    if pid:
        pos = decode_id(variant.family, pid, turn)  # type: ignore[arg-type]
        variant.validate(pos)
        return pos
    if position:
        try:
            obj = json.loads(position)
        except json.JSONDecodeError as exc:
            raise click.BadParameter(f"not JSON: {exc.msg} / не JSON",
                                     param_hint="--position") from None
        return position_from_json(obj, variant)
    return variant.start_position()


def hint_data(variant, pos, dice: tuple[int, int] | None, plies: int, top: int  # type: ignore[no-untyped-def]
              ) -> dict[str, Any]:
    """The hint as JSON-ready data."""
    from nardy.bots import Bot

    bot = Bot(variant, "advanced")
    if dice is None:
        probs = bot.evaluate([pos], plies)[0]
        d = bot.cube(pos, "centre", plies)
        return {
            "probs": [round(float(x), 4) for x in probs],
            "equity": round(float(money_equity(probs, variant)), 4),
            "cube": d.as_dict(),
            "plies": plies,
        }
    ranked = bot.rank(pos, dice, plies, settle=True)
    if not ranked:
        return {"plays": [], "plies": plies}
    best = ranked[0].equity
    return {
        "plies": plies,
        "plays": [
            {
                "rank": i + 1, "play": str(r.play), "equity": round(r.equity, 4),
                "diff": round(r.equity - best, 4), "plies": r.plies,
                "probs": [round(float(x), 4) for x in r.probs],
            }
            for i, r in enumerate(ranked[:top])
        ],
    }


@click.command(name="hint")
@click.option("--variant", "variant_name", default="short", show_default=True,
              help="Variant / вариант игры.")
@click.option("--position", default=None, help="Protocol position object (JSON).")
@click.option("--id", "pid", default=None, help="Position ID (gnubg ID for short nardy).")
@click.option("--turn", type=click.Choice(["white", "black"]), default="white",
              show_default=True, help="Side on roll for --id.")
@click.option("--dice", default=None, help="The roll, e.g. 3-1; none: evaluation and cube.")
@click.option("--plies", type=click.IntRange(0, 3), default=1, show_default=True,
              help="Search depth / глубина счёта.")
@click.option("--top", type=click.IntRange(1, 100), default=10, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def command(variant_name: str, position: str | None, pid: str | None, turn: str,
            dice: str | None, plies: int, top: int, as_json: bool) -> None:
    """Best plays for a roll, ranked, with equities and probabilities.

    Подсказка: лучшие ходы с эквити и вероятностями.
    """
    from nardy.variants import find_variant

    try:
        variant = find_variant(variant_name)
        pos = _load_position(variant, position, pid, turn)
        roll = _parse_dice(dice) if dice else None
        data = hint_data(variant, pos, roll, plies, top)
    except NardyError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
        return
    console = Console()
    if roll is None:
        p = data["probs"]
        console.print(f"{variant.title_en} / {variant.title_ru}, {plies}-ply")
        console.print("  ".join(f"{k} {v:.3f}" for k, v in zip(LABELS, p, strict=True)))
        console.print(f"equity / эквити: {data['equity']:+.3f}")
        c = data["cube"]
        console.print(f"cube / куб: {c['action']}, {c['take']} "
                      f"(ND {c['equities']['no_double']:+.3f}, "
                      f"D/T {c['equities']['double_take']:+.3f}, D/P +1.000)")
        return
    if not data["plays"]:
        console.print("no legal play / хода нет")
        return
    table = Table(title=f"{variant.name} {roll[0]}-{roll[1]}: hint / подсказка")
    for col in ("#", "play / ход", "ply", "equity", "diff", *LABELS):
        table.add_column(col, justify="left" if col.startswith("play") else "right")
    for r in data["plays"]:
        table.add_row(str(r["rank"]), r["play"], str(r["plies"]), f"{r['equity']:+.3f}",
                      f"{r['diff']:+.3f}" if r["rank"] > 1 else "",
                      *(f"{x:.3f}" for x in r["probs"]))
    console.print(table)
