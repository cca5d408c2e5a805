"""``nardy verify-dice RECORD``: re-derive every roll of a server game from its seeds."""

from __future__ import annotations

import json
from pathlib import Path

import click

from nardy.dicecheck import check_rolls, commitment_of, dice_info
from nardy.errors import NardyError


@click.command("verify-dice")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def command(record: Path) -> None:
    """Check a downloaded game record's dice against the revealed server seed.

    Проверить кости партии: каждый бросок выводится заново из зёрен сервера и клиента.
    """
    try:
        lines = [ln for ln in record.read_text(encoding="utf-8").splitlines() if ln.strip()]
        records = [json.loads(ln) for ln in lines]
        info = dice_info(records)
    except (ValueError, NardyError) as exc:
        raise click.ClickException(f"{record}: not a game record ({exc})") from exc
    seed_hex = info.get("server_seed")
    if not seed_hex:
        raise click.ClickException(
            "the server seed is not revealed yet (the game is not over); "
            f"commitment: {info.get('commitment')}"
        )
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError as exc:
        raise click.ClickException(f"server_seed is not hex: {seed_hex!r}") from exc
    failures = 0
    if commitment_of(seed) != info.get("commitment"):
        click.echo("commitment: MISMATCH — sha256(server_seed) differs from the commitment")
        failures += 1
    else:
        click.echo(f"commitment: ok ({info['commitment']})")
    checks = check_rolls(seed, str(info.get("client_seed", "")), records)
    for c in checks:
        mark = "ok" if c.ok else "MISMATCH"
        click.echo(
            f"record {c.index:4d} {c.kind:7s} recorded {c.recorded[0]}-{c.recorded[1]}"
            f"  derived {c.derived[0]}-{c.derived[1]}  {mark}"
        )
        failures += not c.ok
    if failures:
        raise click.ClickException(f"{failures} check(s) failed")
    click.echo(f"all {len(checks)} rolls verified")
