"""Schemathesis against the server's OpenAPI schema (issue 18): every operation of
``/openapi.json`` called in process (the ASGI app on SQLite) with requests generated from
the schema — valid ones and ones the schema forbids — by a signed-in member (his session
cookie and CSRF token). Whatever comes, the answer is never a server error (5xx), and an
answer whose status the schema describes matches the schema.

The number of examples per operation is bounded (``EXAMPLES``) so that the whole run
stays under a minute on a 2-core machine: this is a net over the whole API, the
hand-written fuzz of the bodies and the websocket is tests/server/test_fuzz_api.py."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.python.asgi import ASGIClient, shutdown_lifespans
from schemathesis.specs.openapi.checks import response_schema_conformance

from nardy.server import Settings, create_app

#: Generated requests per operation (61 operations).
EXAMPLES = 30
#: The in-process app's address (schemathesis's ASGI client answers any host).
BASE = "http://testserver"


class Member:
    """A signed-up member's session on the in-process app (schemathesis's own client,
    which keeps the app's lifespan running)."""

    def __init__(self, app: Any) -> None:
        self.client = ASGIClient(app).__enter__()
        self.csrf = self.client.get("/api/session").json()["csrf"]
        r = self.client.post(
            "/api/register",
            json={"username": "fuzzer", "password": "correct horse"},
            headers={"x-csrf-token": self.csrf},
        )
        assert r.status_code == 200, r.text
        self.csrf = r.json()["csrf"]
        # real games for the game routes to reach past "no such game": his own against
        # the computer and one waiting for a friend (its invitation for /api/join)
        self.known: dict[str, list[Any]] = {"game_id": [], "token": []}
        for body in ({"mode": "computer", "variant": "long"}, {"mode": "friend"}):
            r = self.client.post("/api/games", json=body, headers={"x-csrf-token": self.csrf})
            assert r.status_code == 201, r.text
            self.known["game_id"].append(r.json()["id"])
            if r.json().get("invite_url"):
                self.known["token"].append(r.json()["invite_url"].rsplit("/", 1)[1])
        assert len(self.known["token"]) == 1


@pytest.fixture(scope="module")
def member(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Member]:
    db = tmp_path_factory.mktemp("schemathesis") / "nardy.sqlite3"
    app = create_app(Settings(db_url=f"sqlite:///{db}", dice_seed="test-seed"))
    yield Member(app)
    shutdown_lifespans()


def documented_api() -> dict[str, Any]:
    """The app's OpenAPI schema, read at collection from an app on a throwaway SQLite
    file."""
    with tempfile.TemporaryDirectory(prefix="nardy-openapi-") as tmp:
        app = create_app(Settings(db_url=f"sqlite:///{tmp}/nardy.sqlite3"))
        found: dict[str, Any] = app.openapi()
        app.state.engine.dispose()
    return found


# Our own parametrization over the operations, not schemathesis's pytest plugin: on
# pytest 9 its fixture-based loader fails (it sets the item's private ``_nodeid``) and
# its items all get one name, so a failure would not say which operation.
SCHEMA = schemathesis.openapi.from_dict(documented_api())
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]


def requests_for(operation: Any, known: dict[str, list[Any]]) -> st.SearchStrategy[Any]:
    """Requests the schema allows and, where there is something to get wrong (a path
    parameter, a query, a body), requests it forbids; where the path names a game or an
    invitation, requests to a real one (``known``) too."""
    allowed = operation.as_strategy(GenerationMode.POSITIVE)
    if not (operation.path_parameters or operation.query or operation.body):
        return allowed
    ways = [allowed, operation.as_strategy(GenerationMode.NEGATIVE)]
    names = {p.name for p in operation.path_parameters}
    for name, values in known.items():
        if name in names:
            ways += [
                operation.as_strategy(GenerationMode.POSITIVE, path_parameters={name: value})
                for value in values
            ]
    return st.one_of(ways)


@pytest.mark.parametrize("operation", OPERATIONS, ids=[op.label for op in OPERATIONS])
def test_no_operation_answers_a_server_error(operation: Any, member: Member) -> None:
    checks = [not_a_server_error, response_schema_conformance]

    @given(case=requests_for(operation, member.known))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    def call(case: Any) -> None:
        if case.path == "/api/logout":  # (as a guest: the member stays signed in)
            with ASGIClient(member.client.app) as guest:
                csrf = guest.get("/api/session").json()["csrf"]
                case.call_and_validate(
                    base_url=BASE, session=guest, headers={"x-csrf-token": csrf}, checks=checks
                )
            return
        case.call_and_validate(
            base_url=BASE,
            session=member.client,
            headers={"x-csrf-token": member.csrf},
            checks=checks,
        )

    call()


def test_the_schema_documents_the_error_answer_the_server_sends() -> None:
    """Every operation's 422 is documented as the server's own error body (FastAPI's
    ``{"detail": [...]}`` was documented, and never sent): the run above checks each
    422 it gets against it."""
    api = documented_api()
    error = api["components"]["schemas"]["HTTPValidationError"]
    assert error["required"] == ["error", "code", "params"] and "detail" not in error["properties"]
    documented = [
        op["responses"]["422"]["content"]["application/json"]["schema"]["$ref"]
        for path in api["paths"].values()
        for op in path.values()
        if "422" in op["responses"]
    ]
    assert documented and set(documented) == {"#/components/schemas/HTTPValidationError"}


# -- what it found, each pinned on both databases ----------------------------------------
@pytest.mark.anyio
@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/chat/blocks/{n}"),
        ("DELETE", "/api/chat/blocks/{n}"),
        ("POST", "/api/chat/messages/{n}/report"),
        ("POST", "/api/chat/messages/{n}/hide"),
        ("GET", "/api/tournaments/{n}"),
        ("POST", "/api/tournaments/{n}/leave"),
        ("POST", "/api/tournaments/{n}/withdraw"),
        ("POST", "/api/tournaments/{n}/join"),
        ("POST", "/api/tournaments/{n}/cancel"),
    ],
)
async def test_a_row_number_past_64_bits_is_refused_not_a_server_error(
    method: str, path: str, player_factory: Any
) -> None:
    """A tournament, chat message or member number out of the ids' range reached the
    database (SQLite over 2**63 - 1: OverflowError; PostgreSQL over 2**31 - 1: out of
    range) and came back as a 500."""
    member = await player_factory()
    r = await member.post("/api/register", {"username": "overflow", "password": "correct horse"})
    assert r.status_code == 200, r.text
    headers = {"x-csrf-token": member.csrf, "accept-language": "en"}
    for n in (2**31, 2**63, 2**64 + 5, 0):
        r = await member.http.request(method, path.format(n=n), headers=headers)
        assert r.status_code == 422, (n, r.text)
        assert r.json()["code"] == "malformed" and r.json()["field"], r.text
    # the largest id is looked up (no such tournament, message, member; or not allowed)
    r = await member.http.request(method, path.format(n=2**31 - 1), headers=headers)
    assert r.status_code in (403, 404), r.text
