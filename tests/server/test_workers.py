"""``nardy serve --workers N`` (issue 18, item 2): several processes on one port, which
only PostgreSQL and Redis let share the club — refused otherwise; and a real two-worker
server answering from both processes while two members play one game through it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from click.testing import CliRunner
from conftest import POSTGRES, Server, reset_postgres, worker_postgres_url

from nardy.cli import main
from nardy.server import Settings


@pytest.mark.parametrize(
    ("args", "shown"),
    [
        (["--workers", "2"], "needs a PostgreSQL database"),  # SQLite by default
        (["--workers", "2", "--redis", "redis://127.0.0.1:1/0"], "needs a PostgreSQL"),
        (["--workers", "2", "--db", "postgresql+psycopg://u:p@127.0.0.1:1/x"], "--redis"),
        (["--workers", "0"], "0 is not in the range x>=1"),
    ],
)
def test_several_workers_are_refused_without_postgresql_and_redis(
    args: list[str], shown: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    result = CliRunner().invoke(main, ["serve", *args])
    assert result.exit_code == 2, result.output
    assert shown in result.output
    assert not (tmp_path / "nardy.sqlite3").exists()  # refused before opening anything


def test_the_refusal_is_said_in_russian_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    result = CliRunner().invoke(main, ["serve", "--workers", "3"])
    assert result.exit_code == 2 and "для --workers 3 нужны база PostgreSQL" in result.output


def test_the_settings_reach_the_workers_whole() -> None:
    """What ``--workers`` hands each worker through the environment comes back equal."""
    settings = Settings(
        db_url="postgresql+psycopg://u:p@db/nardy",
        secure_cookies=True,
        dice_seed="seed",
        redis_url="redis://r:6379/0",
        rate_limit_storage="redis://r:6379/0",
        trusted_proxies=["10.0.0.0/8"],
        clock_offset=1.5,
        max_sockets_per_ip=7,
    )
    assert Settings.from_json(settings.to_json()) == settings


class Member:
    """One browser: its own HTTP connection to the server, cookies and CSRF token."""

    def __init__(self, url: str) -> None:
        self.c = httpx.Client(base_url=url, timeout=30)
        self.csrf = self.c.get("/api/session").json()["csrf"]

    def post(self, path: str, body: Any = None) -> httpx.Response:
        r = self.c.post(path, json=body or {}, headers={"x-csrf-token": self.csrf})
        if r.status_code == 200 and "csrf" in r.json():
            self.csrf = r.json()["csrf"]
        return r

    def register(self, name: str) -> Member:
        r = self.post("/api/register", {"username": name, "password": "correct horse"})
        assert r.status_code == 200, r.text
        return self


def test_two_workers_answer_and_two_members_play_one_game_through_them(
    redis_url: str, tmp_path: Path
) -> None:
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("NARDY_TEST_POSTGRES_URL is not set")
        pytest.skip("NARDY_TEST_POSTGRES_URL is not set")
    url = worker_postgres_url(POSTGRES)
    reset_postgres(url)
    redis.Redis.from_url(redis_url).flushdb()
    extra = ["--workers", "2", "--redis", redis_url, "--test-dice-seed", "test-seed"]
    server = Server(url, tmp_path, extra)
    server.start()
    try:
        pids = set()
        for _ in range(200):  # a fresh connection each time: the kernel spreads them
            r = httpx.get(server.url + "/healthz", timeout=10)
            assert r.status_code == 200 and r.json() == {"ok": True, "db": True, "redis": True}
            pids.add(r.headers["x-nardy-pid"])
            if len(pids) == 2:
                break
        assert len(pids) == 2 and str(server.pid) not in pids, pids

        a, b = Member(server.url).register("ashot"), Member(server.url).register("boris")
        r = a.post("/api/lobby/challenges", {"variant": "long", "length": 1})
        assert r.status_code == 201, r.text
        r = b.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
        assert r.status_code == 200, r.text
        gid = r.json()["game"]
        players = {p: m for p, m in zip(("a", "b"), (a, b), strict=True)}
        moved = {"a": 0, "b": 0}
        seq = 0
        for _ in range(12):  # turns, each player on his own connection
            states = {p: m.c.get(f"/api/games/{gid}").json() for p, m in players.items()}
            assert states["a"]["seq"] == states["b"]["seq"] >= seq  # both see every change
            who = next(p for p, s in states.items() if s["actions"] and s["to_act"] == s["role"])
            state = states[who]
            if "roll" in state["actions"]:
                action: dict[str, Any] = {"action": "roll"}
            else:
                action = {"action": "play", "play": state["legal"]["plays"][0]}
            r = players[who].post(f"/api/games/{gid}/actions", action)
            assert r.status_code == 200, (action, r.text)
            seq = r.json()["state"]["seq"]
            moved[who] += 1
        assert moved["a"] >= 2 and moved["b"] >= 2, moved

        # /metrics answered by either worker counts both workers' actions
        answered: dict[str, dict[str, float]] = {}
        for _ in range(200):  # a fresh connection each time, as for /healthz
            r = httpx.get(server.url + "/metrics", timeout=10)
            assert r.status_code == 200, r.text
            answered[r.headers["x-nardy-pid"]] = samples(r.text)
            if len(answered) == 2:
                break
        assert len(answered) == 2, answered.keys()
        for got in answered.values():
            actions = sum(v for k, v in got.items() if k.startswith("nardy_actions_total{"))
            assert actions == 12, got
            assert got["nardy_action_seconds_count"] == 12
            assert got["nardy_websockets"] == 0
    finally:
        server.stop()


def samples(text: str) -> dict[str, float]:
    """A Prometheus text exposition's samples: ``name{labels}`` -> value."""
    out: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, value = line.rsplit(" ", 1)
            out[key] = float(value)
    return out
