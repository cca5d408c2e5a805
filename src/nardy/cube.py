"""The doubling cube (кубик удвоения) as a value type (RULES.md C-3, C-4).

``CubeRules`` are the settings of a game's cube; ``Cube`` is its state — value, owner,
how many doubles were made, a double awaiting an answer, the Crawford flag. Every
action is a pure function returning a new ``Cube``; an action the rules forbid raises
``CubeError`` with a code whose text the catalogue has in English and Russian::

    cube = Cube(CubeRules())                    # 1, in the middle
    cube = cube.double("white").take()          # 2, owned by black
    cube.may_double("white").code               # 'cube-not-yours'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from nardy.errors import IllegalMoveError, MalformedError
from nardy.position import BLACK, WHITE, Color, other
from nardy.variants.base import Variant

PROGRESSIONS = ("geometric", "arithmetic")


class CubeError(IllegalMoveError):
    """A cube action the rules do not allow now."""


@dataclass(frozen=True, slots=True)
class CubeRules:
    """How the cube is played (C-3).

    ``enabled``: the cube is in use at all (short nardy by default, long nardy by
    option, C-3/C-5). ``progression``: "geometric" 2, 4, 8 … or "arithmetic" 2, 3, 4 …
    («даве»). ``max_doubles``: how many doubles a game allows (None: no limit).
    ``gammons_with_cube``: gammons (mars) count while the cube is in use; off
    reproduces «марса при игре с даве нет». ``money``: money play (no match); only
    there ``beavers`` (the taker may redouble at once and keep the cube) and
    ``jacoby`` (gammons count only once the cube has been turned) apply.
    """

    enabled: bool = True
    progression: str = "geometric"
    max_doubles: int | None = None
    gammons_with_cube: bool = True
    money: bool = True
    beavers: bool = False
    jacoby: bool = False

    def __post_init__(self) -> None:
        for name in ("enabled", "gammons_with_cube", "money", "beavers", "jacoby"):
            if not isinstance(getattr(self, name), bool):
                raise MalformedError("cube-rule-not-bool", name=repr(name))
        if self.progression not in PROGRESSIONS:
            raise MalformedError(
                "cube-progression", known=list(PROGRESSIONS), value=repr(self.progression)
            )
        md = self.max_doubles
        if md is not None and (isinstance(md, bool) or not isinstance(md, int) or md < 0):
            raise MalformedError("cube-max-doubles-value", value=repr(md))
        if not self.money and (self.beavers or self.jacoby):
            raise MalformedError("cube-money-only")

    @classmethod
    def for_variant(cls, variant: Variant, **changes: Any) -> CubeRules:
        """Default rules for a game: the cube is on in short nardy, off in long (C-3, C-5)."""
        settings: dict[str, Any] = {"enabled": variant.family == "short"}
        settings.update(changes)
        return cls(**settings)

    def to_json(self) -> dict[str, Any]:
        """The rules as a JSON-ready object."""
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Any) -> CubeRules:
        """Read rules written by ``to_json``; unknown fields are an error."""
        if not isinstance(obj, dict):
            raise MalformedError("cube-rules-not-object")
        known = {f for f in cls.__dataclass_fields__}
        unknown = set(obj) - known
        if unknown:
            raise MalformedError("cube-rules-unknown", fields=sorted(unknown))
        return cls(**obj)


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube's state: ``value``, ``owner`` (None: in the middle), ``doubles`` made so
    far, ``offered_by`` (a double awaiting take/pass), ``crawford`` (this is the
    Crawford game of a match: no doubling, C-4), and ``away``: in a match, the points
    white and black each still need (None: money play, or a game outside a match),
    which makes the cube dead for a side the cube's value already gives the match
    (RULINGS.md, C-4 dead cube: gnubg's "the cube is dead")."""

    rules: CubeRules = CubeRules()
    value: int = 1
    owner: Color | None = None
    doubles: int = 0
    crawford: bool = False
    offered_by: Color | None = None
    away: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1:
            raise MalformedError("cube-bad-value", value=repr(self.value))
        for name in ("owner", "offered_by"):
            if getattr(self, name) not in (None, WHITE, BLACK):
                raise MalformedError("cube-bad-side", name=name)
        if isinstance(self.doubles, bool) or not isinstance(self.doubles, int) or self.doubles < 0:
            raise MalformedError("cube-bad-doubles", value=repr(self.doubles))
        if not isinstance(self.crawford, bool):
            raise MalformedError("cube-bad-crawford")
        if self.away is not None and not (
            isinstance(self.away, tuple)
            and len(self.away) == 2
            and all(isinstance(a, int | float) and not isinstance(a, bool) for a in self.away)
        ):
            raise MalformedError("cube-bad-away", value=repr(self.away))

    # -- values ----------------------------------------------------------------
    def next_value(self, steps: int = 1) -> int:
        """The value after ``steps`` doubles: ×2 (geometric) or +1 (arithmetic, «даве»)."""
        v = self.value
        for _ in range(steps):
            v = v * 2 if self.rules.progression == "geometric" else v + 1
        return v

    @property
    def centered(self) -> bool:
        """True while the cube is in the middle (nobody owns it)."""
        return self.owner is None

    @property
    def gammons_count(self) -> bool:
        """Whether gammons (mars and above) score now (C-3 ``gammons_with_cube``, Jacoby)."""
        if not self.rules.enabled:
            return True
        if not self.rules.gammons_with_cube:
            return False
        # Jacoby (money play): gammons count only once the cube has been turned.
        return not (self.rules.money and self.rules.jacoby and self.doubles == 0)

    # -- legality ----------------------------------------------------------------
    def may_double(self, player: Color) -> CubeError | None:
        """Why ``player`` may not double now (the error a double would raise), or None
        when he may (before rolling)."""
        if not self.rules.enabled:
            return CubeError("cube-off")
        if self.crawford:
            return CubeError("cube-crawford")
        if self.offered_by is not None:
            return CubeError("double-already-offered")
        if self.owner is not None and self.owner != player:
            return CubeError("cube-not-yours")
        if self.dead_for(player):
            return CubeError("cube-dead")
        if self.rules.max_doubles is not None and self.doubles >= self.rules.max_doubles:
            return CubeError("cube-max-doubles", n=self.rules.max_doubles)
        return None

    def dead_for(self, player: Color) -> bool:
        """Whether the cube is dead for ``player``: in a match, a game won at the cube's
        value already wins him the match, so a double could only raise what he risks
        (RULINGS.md, C-4 dead cube: a 1-point match, double match point, the leader after the
        Crawford game)."""
        if self.away is None:
            return False
        return self.away[0 if player == WHITE else 1] <= self.value

    def may_beaver(self) -> CubeError | None:
        """Why the side offered a double may not beaver now (the error a beaver would
        raise), or None when it may."""
        if self.offered_by is None:
            return CubeError("no-double-offered")
        if not (self.rules.money and self.rules.beavers):
            return CubeError("beaver-not-allowed")
        if self.rules.max_doubles is not None and self.doubles + 2 > self.rules.max_doubles:
            return CubeError("beaver-cube-limit")
        return None

    def actions(self, player: Color, *, before_roll: bool = True) -> list[str]:
        """The cube actions ``player`` may take now: "double" before his roll; "take",
        "pass" and perhaps "beaver" when a double is offered to him."""
        if self.offered_by is not None:
            if player == self.offered_by:
                return []
            return ["take", "pass"] + (["beaver"] if self.may_beaver() is None else [])
        if before_roll and self.may_double(player) is None:
            return ["double"]
        return []

    # -- actions -------------------------------------------------------------------
    def double(self, player: Color) -> Cube:
        """``player`` offers a double (before rolling)."""
        refusal = self.may_double(player)
        if refusal is not None:
            raise refusal
        return replace(self, offered_by=player)

    def take(self) -> Cube:
        """The double is accepted: the cube goes up one step and belongs to the taker."""
        if self.offered_by is None:
            raise CubeError("no-double-to-take")
        return replace(
            self,
            value=self.next_value(),
            owner=other(self.offered_by),
            doubles=self.doubles + 1,
            offered_by=None,
        )

    def beaver(self) -> Cube:
        """The taker accepts and at once redoubles, keeping the cube (money play)."""
        refusal = self.may_beaver()
        if refusal is not None:
            raise refusal
        assert self.offered_by is not None
        return replace(
            self,
            value=self.next_value(2),
            owner=other(self.offered_by),
            doubles=self.doubles + 2,
            offered_by=None,
        )

    def drop(self) -> tuple[Color, int]:
        """The double is refused: the doubler wins one game at the current value."""
        if self.offered_by is None:
            raise CubeError("no-double-to-refuse")
        return self.offered_by, self.value

    # -- records -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The state (without a pending offer) as a JSON-ready object; ``away`` only in
        a match."""
        obj = {
            "rules": self.rules.to_json(),
            "value": self.value,
            "owner": self.owner,
            "doubles": self.doubles,
            "crawford": self.crawford,
        }
        if self.away is not None:
            obj["away"] = list(self.away)
        return obj

    @classmethod
    def from_json(cls, obj: Any) -> Cube:
        """Read a state written by ``to_json``."""
        if not isinstance(obj, dict):
            raise MalformedError("cube-not-object")
        unknown = set(obj) - {"rules", "value", "owner", "doubles", "crawford", "away"}
        if unknown:
            raise MalformedError("cube-unknown", fields=sorted(unknown))
        away = obj.get("away")
        if away is not None:
            if not isinstance(away, list) or len(away) != 2:
                raise MalformedError("cube-bad-away", value=repr(away))
            away = (away[0], away[1])
        return cls(
            CubeRules.from_json(obj.get("rules", {})),
            value=obj.get("value", 1),
            owner=obj.get("owner"),
            doubles=obj.get("doubles", 0),
            crawford=obj.get("crawford", False),
            away=away,
        )
