"""Perft tables: the rules as data, in the manner of chess perft files.

For every variant (and the rule options that change which plays are legal) a table of
positions × dice → the number of legal plays and a digest of the positions they lead
to, produced once from positions reached by seeded random play and replayed by the
tests on both generators (compiled and pure Python). The file format is described in
``docs/perft.md`` so that other engines can test against the same tables.

    python -m nardy.movegen.perft build tests/data/perft     # write the tables
    python -m nardy.movegen.perft check tests/data/perft     # replay them here
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nardy.errors import MalformedError
from nardy.movegen import result_position, segment_candidates
from nardy.notation.position_id import decode_id, encode_id
from nardy.position import CHECKERS, OFF, Position
from nardy.variants import Variant, find_variant

#: (variant, rule options) of every table: each registered variant with its defaults,
#: and the options that change which plays are legal (L-BLOCK, L-HEAD-2).
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("short", {}),
    ("short-ru", {}),
    ("short-caucasian", {}),
    ("long", {}),
    ("long", {"block_check": "every-move"}),
    ("long", {"block_release": "entered-home"}),
    ("long", {"head_exception": "doubles-6-4-3"}),
    ("long", {"head_exception": "head-only"}),
    ("nardgammon", {}),
    ("crazy", {}),
    ("gulbara", {}),
    ("crazy-gulbara", {}),
    ("khachapuri", {}),
    ("fevga", {}),
    ("fevga", {"block_check": "every-move"}),
    ("fevga-giul", {}),
]
#: Variants whose turns hold segments of one to three equal dice (doubles sequences,
#: passed moves: RULES.md §5), which their tables include.
PARTIAL_SEGMENTS = frozenset({"crazy", "gulbara", "crazy-gulbara", "khachapuri", "fevga-giul"})
#: The 21 rolls as segments: two different dice, or four equal ones.
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    (a,) * 4 if a == b else (a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)
)
SUFFIX = ".perft"
DIGEST_HEX = 16


@dataclass(frozen=True)
class Entry:
    """One line of a table: a position (side on roll first), the dice to play, the
    number of legal plays (distinct resulting positions) and their digest."""

    position: str
    dice: tuple[int, ...]
    count: int
    digest: str

    def line(self) -> str:
        return f"{self.position} {''.join(map(str, self.dice))} {self.count} {self.digest}"


@dataclass(frozen=True)
class Table:
    variant: Variant
    options: dict[str, Any]
    seed: int
    entries: list[Entry]


def config_name(variant: str, options: dict[str, Any]) -> str:
    """The table's file stem: ``long``, ``long+block_check=every-move``."""
    parts = [variant, *(f"{k}={v}" for k, v in sorted(options.items()))]
    return "+".join(parts)


def digest(ids: Sequence[str]) -> str:
    """The first 16 hex digits of the SHA-256 of the sorted IDs, one per line."""
    text = "\n".join(sorted(ids))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:DIGEST_HEX]


def perft(variant: Variant, position: Position, dice: Sequence[int]) -> tuple[int, str]:
    """(number of legal plays, digest of the positions they lead to, each as the ID of
    the position with the opponent on roll) for ``dice`` in ``position``."""
    cands = segment_candidates(variant, position, tuple(dice))
    ids = [encode_id(variant.family, result_position(variant, position, c)) for c in cands]
    return len(ids), digest(ids)


def _finished(position: Position) -> bool:
    return position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS


def sample(variant: Variant, seed: int, positions: int, per_position: int) -> list[Entry]:
    """Entries for ``positions`` positions reached by random play from the start
    (seeded), each with ``per_position`` dice: rolls, and for the §5 variants with
    passed moves or doubles sequences, segments of one to three equal dice. The start
    position comes first with every roll (L-HEAD-2's first-turn cases); random play
    then reaches the second mover's first turn and everything after it."""
    rng = random.Random(seed)
    entries: list[Entry] = []

    def add(position: Position, dice: tuple[int, ...]) -> None:
        count, dig = perft(variant, position, dice)
        entries.append(Entry(encode_id(variant.family, position), dice, count, dig))

    start = variant.start_position()
    for roll in ROLLS:
        add(start, roll)
    seen: set[str] = set()
    position = start
    taken = 0
    while taken < positions:
        if _finished(position):
            position = start
        if rng.random() < 0.5:
            key = encode_id(variant.family, position)
            if key not in seen:
                seen.add(key)
                taken += 1
                for _ in range(per_position):
                    if variant.name in PARTIAL_SEGMENTS and rng.random() < 0.3:
                        dice = (rng.randint(1, 6),) * rng.randint(1, 3)
                    else:
                        dice = ROLLS[rng.randrange(len(ROLLS))]
                    add(position, dice)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        cands = segment_candidates(variant, position, (a,) * 4 if a == b else (a, b))
        if cands:
            position = result_position(variant, position, rng.choice(cands))
        else:
            position = position.swap()
    return entries


def write_table(
    path: Path, name: str, options: dict[str, Any], seed: int, rows: list[Entry]
) -> None:
    head = [
        "# nardy perft table (format: docs/perft.md)",
        "# made by: python -m nardy.movegen.perft build DIR",
        f"variant {name}",
        f"options {json.dumps(options, sort_keys=True)}",
        f"seed {seed}",
        "# position dice plays digest",
    ]
    path.write_text("\n".join([*head, *(e.line() for e in rows)]) + "\n", encoding="ascii")


def read_table(path: Path) -> Table:
    """Parse a table file; ``MalformedError`` names the first bad line."""
    header: dict[str, str] = {}
    entries: list[Entry] = []
    for n, raw in enumerate(path.read_text(encoding="ascii").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, rest = line.partition(" ")
        if key in ("variant", "options", "seed"):
            header[key] = rest
            continue
        fields = line.split()
        if len(fields) != 4 or not fields[1].isdigit() or not fields[2].isdigit():
            raise MalformedError(f"{path.name} line {n}: expected 'position dice plays digest'")
        dice = tuple(int(d) for d in fields[1])
        entries.append(Entry(fields[0], dice, int(fields[2]), fields[3]))
    missing = {"variant", "options", "seed"} - set(header)
    if missing:
        raise MalformedError(f"{path.name}: missing header line(s) {sorted(missing)}")
    options = json.loads(header["options"])
    variant = find_variant(header["variant"]).with_options(**options)
    return Table(variant, options, int(header["seed"]), entries)


def check_table(table: Table) -> list[str]:
    """The entries the current generator disagrees with (empty: all agree)."""
    bad = []
    family = table.variant.family
    for e in table.entries:
        position = decode_id(family, e.position)
        got = perft(table.variant, position, e.dice)
        if got != (e.count, e.digest):
            want = (e.count, e.digest)
            bad.append(f"{e.position} {''.join(map(str, e.dice))}: want {want}, got {got}")
    return bad


def build(directory: Path, seed: int, positions: int, per_position: int) -> int:
    """Write every table of ``CONFIGS`` into ``directory``; the number of entries."""
    directory.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (name, options) in enumerate(CONFIGS):
        variant = find_variant(name).with_options(**options)
        rows = sample(variant, seed + i, positions, per_position)
        write_table(
            directory / f"{config_name(name, options)}{SUFFIX}", name, options, seed + i, rows
        )
        total += len(rows)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nardy.movegen.perft", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="write the tables")
    b.add_argument("directory", type=Path)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--positions", type=int, default=150, help="random positions per table")
    b.add_argument("--per-position", type=int, default=3, help="dice per random position")
    c = sub.add_parser("check", help="replay the tables with the current generator")
    c.add_argument("directory", type=Path)
    args = parser.parse_args(argv)
    if args.cmd == "build":
        total = build(args.directory, args.seed, args.positions, args.per_position)
        print(f"{len(CONFIGS)} tables, {total} entries in {args.directory}")
        return 0
    failures = 0
    for path in sorted(args.directory.glob(f"*{SUFFIX}")):
        bad = check_table(read_table(path))
        failures += len(bad)
        for line in bad:
            print(f"{path.name}: {line}")
    print("ok" if not failures else f"{failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
