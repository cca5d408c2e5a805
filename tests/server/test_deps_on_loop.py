"""Every HTTP route's endpoint and dependencies are coroutine functions. FastAPI runs a
plain ``def`` one in a worker thread: a thread hop, with its GIL hand-overs, per
dependency of every request (``nardy.server.deps.on_loop``), and at 500 games those
hops were a fifth of the server's time. Blocking work (the database, password hashing)
goes to a thread explicitly, where it is the point."""

from __future__ import annotations

import inspect
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute


def _sync_calls(dependant: Dependant, where: str, out: list[str]) -> None:
    for sub in dependant.dependencies:
        call = sub.call
        if call is not None and not (
            inspect.iscoroutinefunction(call) or inspect.isasyncgenfunction(call)
        ):
            out.append(f"{where}: {getattr(call, '__qualname__', call)}")
        _sync_calls(sub, where, out)


def _api_routes(routes: list[Any]) -> list[APIRoute]:
    """The routes, those of the routers included (FastAPI keeps each one's) among them."""
    out: list[APIRoute] = []
    for route in routes:
        if isinstance(route, APIRoute):
            out.append(route)
        elif hasattr(route, "original_router"):  # an included router
            out.extend(_api_routes(route.original_router.routes))
    return out


def test_no_route_runs_a_dependency_or_its_endpoint_in_a_thread(app: Any) -> None:
    found: list[str] = []
    routes = _api_routes(app.routes)
    assert len(routes) > 50  # (the club's API, not an empty app)
    for route in routes:
        if not inspect.iscoroutinefunction(route.endpoint):
            found.append(f"{route.path}: the endpoint {route.endpoint.__qualname__}")
        _sync_calls(route.dependant, route.path, found)
    assert found == []
