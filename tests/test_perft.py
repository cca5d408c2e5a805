"""The perft tables of ``tests/data/perft`` (rules as data, format in docs/perft.md)
replayed on both generators: every variant and the options that change legal plays,
positions × dice → number of legal plays and a digest of the positions they lead to.
The tables were made once by ``python -m nardy.movegen.perft build tests/data/perft``
(pure-Python generator) from seeded random play."""

from __future__ import annotations

from pathlib import Path

import pytest

from nardy.errors import MalformedError
from nardy.movegen import perft
from nardy.notation.position_id import decode_id
from nardy.variants import VARIANTS, find_variant

DATA = Path(__file__).parent / "data" / "perft"
TABLES = sorted(DATA.glob(f"*{perft.SUFFIX}"))


def test_every_configuration_has_its_table() -> None:
    names = {perft.config_name(v, o) for v, o in perft.CONFIGS}
    assert {p.stem for p in TABLES} == names
    assert {v for v, _ in perft.CONFIGS} == set(VARIANTS)


@pytest.mark.usefixtures("generator")
@pytest.mark.parametrize("path", TABLES, ids=[p.stem for p in TABLES])
def test_the_generator_agrees_with_the_table(path: Path) -> None:
    table = perft.read_table(path)
    assert perft.config_name(table.variant.name, table.options) == path.stem
    assert len(table.entries) > 100
    assert perft.check_table(table) == []


def test_a_table_names_what_the_generator_gets_wrong(tmp_path: Path) -> None:
    """The check can fail: one count and one digest changed are both reported."""
    lines = (DATA / "long.perft").read_text(encoding="ascii").splitlines()
    rows = [i for i, line in enumerate(lines) if line.startswith("L")]
    first, second = rows[0], rows[1]
    pos, dice, count, dig = lines[first].split()
    lines[first] = f"{pos} {dice} {int(count) + 1} {dig}"
    pos, dice, count, dig = lines[second].split()
    lines[second] = f"{pos} {dice} {count} {'0' * len(dig)}"
    bad = tmp_path / "long.perft"
    bad.write_text("\n".join(lines) + "\n", encoding="ascii")
    report = perft.check_table(perft.read_table(bad))
    assert len(report) == 2


def test_long_start_six_six_is_one_forced_play_l_head_2() -> None:
    """L-HEAD-2: 6-6 on the first turn is forced, 24/18(2) (the table agrees)."""
    table = perft.read_table(DATA / "long.perft")
    (entry,) = [e for e in table.entries[:21] if e.dice == (6, 6, 6, 6)]
    assert entry.count == 1
    start = decode_id("long", entry.position)
    assert start.mine_first and start.theirs_first  # the start, both before their first roll
    long = find_variant("long")
    assert perft.perft(long, long.start_position(), (6, 6, 6, 6)) == (entry.count, entry.digest)


def test_building_is_reproducible(tmp_path: Path) -> None:
    v = find_variant("gulbara")
    once = perft.sample(v, 7, 4, 2)
    again = perft.sample(v, 7, 4, 2)
    assert once == again and len(once) == 21 + 8


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant long\noptions {}\nseed 1\nLxxx 65 1\n", "line 4"),
        ("variant long\noptions {}\nL 6x 1 abc\n", "line 3"),
        ("variant long\nLAACA 65 1 abc\n", "missing header"),
    ],
)
def test_bad_table_files_are_refused(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.perft"
    path.write_text(text, encoding="ascii")
    with pytest.raises(MalformedError, match=message):
        perft.read_table(path)
