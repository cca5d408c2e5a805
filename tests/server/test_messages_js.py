"""The browser's texts come from the same catalogue: ``static/messages.js`` is what
``python -m nardy.server.messages_js`` writes, and its formatter (plural forms
included) gives what ``nardy.i18n.t`` gives."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import nardy.server.messages_js
from nardy.i18n import MESSAGES, plural, t

SRC = Path(nardy.server.messages_js.__file__).resolve().parents[2]
STATIC = SRC / "nardy" / "server" / "static"


def test_the_checked_in_messages_js_is_up_to_date() -> None:
    # a fresh process: what the command writes must not depend on what a test imported
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run(
        [sys.executable, "-m", "nardy.server.messages_js"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    checked_in = (STATIC / "messages.js").read_text(encoding="utf-8")
    assert checked_in == out, (
        "static/messages.js is stale: python -m nardy.server.messages_js > "
        "src/nardy/server/static/messages.js"
    )


def test_the_browser_has_every_error_the_server_says() -> None:
    text = (STATIC / "messages.js").read_text(encoding="utf-8")
    for key in ("error.not-your-turn", "error.bad-login", "rating.world-class", "mark.bad"):
        assert f'"{key}"' in text and key in MESSAGES


def test_no_rating_mark_or_cube_table_is_left_in_the_browser_code() -> None:
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    duplicates = ("мировой класс", "World class", "сомнительно", '"очка"', "point${")
    duplicates += ("удвоить, принять", "double, take", "bear-off database", "сильнейший")
    for duplicate in duplicates:
        assert duplicate not in i18n


NODE_CHECK = """
const src = require("fs").readFileSync(process.argv[1], "utf8");
import("data:text/javascript," + encodeURIComponent(src)).then((m) => {
  const cases = JSON.parse(process.argv[2]);
  const out = {
    plural: cases.ns.map((n) => m.plural(n, "шашка", "шашки", "шашек")),
    messages: cases.messages.map(([lang, key, params]) => m.message(lang, key, params)),
  };
  process.stdout.write(JSON.stringify(out));
});
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_browser_formats_like_the_catalogue() -> None:
    ns = list(range(0, 130)) + [1001, 1011, 1021, 1112]
    messages = [
        [lang, key, params]
        for lang in ("en", "ru")
        for key, params in (
            ("web.points", {"n": 1}),
            ("web.points", {"n": 3}),
            ("web.points", {"n": 11}),
            ("web.points", {"n": 21}),
            ("web.match-to", {"n": 1}),
            ("web.match-to", {"n": 5}),
            ("error.cube-max-doubles", {"n": 2}),
            ("error.play-not-finished", {"steps": "24/18, 13/7"}),
            ("error.no-game", {"game": "abc"}),
        )
    ]
    cases = json.dumps({"ns": ns, "messages": messages})
    node = shutil.which("node")
    assert node is not None
    run = subprocess.run(
        [node, "-e", NODE_CHECK, str(STATIC / "messages.js"), cases],
        capture_output=True,
        text=True,
        check=True,
    )
    got = json.loads(run.stdout)
    assert got["plural"] == [plural(n, "шашка", "шашки", "шашек") for n in ns]
    assert got["messages"] == [t(key, lang, **params) for lang, key, params in messages]
    assert "Матч до 1 очка" in got["messages"] and "Match to 1 point" in got["messages"]
