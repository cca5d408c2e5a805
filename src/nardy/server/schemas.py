"""The request bodies of the HTTP API as pydantic models: FastAPI validates them (a
bad body is a 422 naming the field) and its OpenAPI schema describes them.

The models check shapes and types; what needs the rules (a legal move, a variant's
options, a match's cube) is checked by the game service, which answers 400/409."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from nardy.server.api_error import ApiError
from nardy.server.auth import MAX_PASSWORD
from nardy.server.game_specs import MAX_MATCH_LENGTH, MODES
from nardy.server.lobby import CLOCKS, clock_named
from nardy.server.referee import ACTIONS, MAX_ACTION_ID

ActionName = Literal[ACTIONS]  # type: ignore[valid-type]
Mode = Literal[MODES]  # type: ignore[valid-type]
Point = StrictInt | Literal["bar", "off"]


class Credentials(BaseModel):
    """A username and a password (register, login)."""

    username: str = Field(max_length=200)
    password: str = Field(max_length=MAX_PASSWORD)


class PasswordChange(BaseModel):
    """A member's current password and the new one."""

    current: str = Field(max_length=MAX_PASSWORD)
    new: str = Field(max_length=MAX_PASSWORD)


class ClosingBody(BaseModel):
    """The member's password, to close his account."""

    password: StrictStr = Field(max_length=MAX_PASSWORD)


class GameSpec(BaseModel):
    """A new game or match (RULES.md C-3, C-4)."""

    mode: Mode = "computer"
    variant: str = Field("long", max_length=40)
    #: Rule options of the variant, e.g. ``{"head_exception": "strict"}``.
    options: dict[str, Any] = Field(default_factory=dict)
    #: The computer's level (computer games); the first level when omitted.
    level: str | None = Field(None, max_length=40)
    #: The client's share of the dice seed (provably fair dice).
    client_seed: str = Field("", max_length=200)
    #: 0: one money game; 1..25: a match to that many points.
    length: StrictInt | None = Field(0, ge=0, le=MAX_MATCH_LENGTH)
    crawford: StrictBool | None = True
    #: The doubling cube (None: the variant's default).
    cube: StrictBool | None = None
    #: Beavers (money play only).
    beavers: StrictBool | None = False
    #: A game with a friend: one of the lobby's time controls by name ("blitz", …;
    #: ``nardy.server.lobby.CLOCKS``); none by default.
    clock: str | None = Field(None, max_length=40)

    def service_spec(self) -> dict[str, Any]:
        """The spec as the game service takes it (a clock as its terms)."""
        spec = self.model_dump()
        spec["clock"] = CLOCKS[clock_named(self.clock)]
        if spec["clock"] is not None and self.mode != "friend":
            # (the computer answers at once, and one device's two sides are one person)
            raise ApiError(400, "malformed", "clock-for-people")
        return spec


class Action(BaseModel):
    """One player action: ``{"action": "move", "from": 24, "to": 18}``,
    ``{"action": "play", "play": "24/18 13/11"}``, ``{"action": "resign", "level": 1}``,
    ``{"action": "roll"}``…"""

    model_config = ConfigDict(populate_by_name=True)

    action: ActionName
    from_: Point | None = Field(None, alias="from")
    to: Point | None = None
    play: str | None = Field(None, max_length=200)
    level: StrictInt | None = None
    #: The client's id of this action: a repeat (a retry after a lost answer) is
    #: answered with what the first stored, not applied again.
    action_id: StrictStr | None = Field(None, min_length=1, max_length=MAX_ACTION_ID)

    def service_action(self) -> dict[str, Any]:
        """The action as the game service (and the websocket) takes it."""
        return self.model_dump(by_alias=True, exclude_none=True)
