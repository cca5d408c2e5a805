"""``nardy verify-dice RECORD`` re-derives every roll of a downloaded game record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from server_helpers import play_first_plays

from nardy.commands.verify_dice import command

pytestmark = pytest.mark.anyio


async def finished_record(player_factory: Any) -> list[dict[str, Any]]:
    p = await player_factory()
    r = await p.post("/api/games", {"mode": "computer", "variant": "short", "client_seed": "x"})
    st = await play_first_plays(p, r.json())
    text = (await p.get(f"/api/games/{st['id']}/record")).text
    return [json.loads(line) for line in text.splitlines()]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


async def test_verify_dice_accepts_a_true_record_and_catches_tampering(
    player_factory: Any, tmp_path: Path
) -> None:
    records = await finished_record(player_factory)
    runner = CliRunner()
    good = runner.invoke(command, [str(write(tmp_path / "good.jsonl", records))])
    assert good.exit_code == 0, good.output
    rolls = sum(r["type"] in ("opening", "roll") for r in records)
    assert f"all {rolls} rolls verified" in good.output
    forged = [dict(r) for r in records]
    i = next(i for i, r in enumerate(forged) if r["type"] == "roll")
    d1, d2 = forged[i]["dice"]
    forged[i]["dice"] = [d1 % 6 + 1, d2]
    bad = runner.invoke(command, [str(write(tmp_path / "bad.jsonl", forged))])
    assert bad.exit_code != 0 and "MISMATCH" in bad.output
    other_seed = [dict(r) for r in records]
    other_seed[0] = {**records[0], "dice": {**records[0]["dice"], "server_seed": "00" * 32}}
    bad = runner.invoke(command, [str(write(tmp_path / "seed.jsonl", other_seed))])
    assert bad.exit_code != 0 and "commitment: MISMATCH" in bad.output


def test_verify_dice_rejects_unfinished_or_foreign_files(tmp_path: Path) -> None:
    runner = CliRunner()
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    r = runner.invoke(command, [str(junk)])
    assert r.exit_code != 0 and "not a game record" in r.output
    unfinished = write(
        tmp_path / "u.jsonl",
        [
            {
                "type": "setup",
                "variant": "long",
                "options": {},
                "dice": {"commitment": "ab" * 32, "client_seed": ""},
            }
        ],
    )
    r = runner.invoke(command, [str(unfinished)])
    assert r.exit_code != 0 and "not revealed" in r.output
