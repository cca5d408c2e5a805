"""The rules page's examples: engine-backed positions, played on by the visitor."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query

from nardy.errors import MalformedError, NardyError
from nardy.server.api_error import ApiError
from nardy.server.examples import UnknownExampleError, example_list, example_state

router = APIRouter(prefix="/api/rules", tags=["rules"])


@router.get("/examples")
async def rules_examples() -> list[dict[str, Any]]:
    """The examples of the rules page."""
    return example_list()


@router.get("/examples/{example_id}")
async def rules_example(example_id: str, moves: str = Query("", max_length=2000)) -> Any:
    """An example's position after ``moves`` (steps such as ``13/7 7/4``)."""
    try:
        return example_state(example_id, moves)
    except UnknownExampleError as e:
        raise ApiError(
            404, "unknown-example", "unknown-example", example=repr(e.example), known=e.known
        ) from None
    except MalformedError as e:
        raise ApiError(400, "malformed", e) from None
    except NardyError as e:
        raise ApiError(400, "illegal-move", e) from None
