"""The browser's texts come from the same catalogue: ``static/messages.js`` is what
``python -m nardy.server.messages_js`` writes, and its formatter (plural forms
included) gives what ``nardy.i18n.t`` gives."""

from __future__ import annotations

import json
import os
import re
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
    duplicates: tuple[str, ...] = (
        "мировой класс",
        "World class",
        "сомнительно",
        '"очка"',
        "point${",
    )
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
    calls: list[tuple[str, dict[str, object]]] = [
        ("web.points", {"n": 1}),
        ("web.points", {"n": 3}),
        ("web.points", {"n": 11}),
        ("web.points", {"n": 21}),
        ("web.match-to", {"n": 1}),
        ("web.match-to", {"n": 5}),
        ("error.cube-max-doubles", {"n": 2}),
        ("error.play-not-finished", {"steps": "24/18, 13/7"}),
        ("error.no-game", {"game": "abc"}),
        ("web.tournament-count", {"n": 1, "size": 21}),
        ("web.tournament-count", {"n": 3, "size": 8}),
    ]
    messages = [(lang, key, params) for lang in ("en", "ru") for key, params in calls]
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
    # after "из" the genitive, which a size ending in 1 wants singular
    assert "1 из 21 игрока" in got["messages"] and "3 из 8 игроков" in got["messages"]


# What the browser code asks t() for: t("key") calls and data-t="key" attributes.
T_CALL = re.compile(r"""\bt\(\s*"([A-Za-z]+)"\s*\)""")
DATA_T = re.compile(r"""data-t="([A-Za-z]+)\"""")


def web_key(key: str) -> str:
    """i18n.js's name for an interface text: ``heroTitle`` is ``web.hero-title``."""
    return "web." + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), key)


def asked_keys() -> set[str]:
    keys: set[str] = set()
    for path in STATIC.glob("*.js"):
        keys |= set(T_CALL.findall(path.read_text(encoding="utf-8")))
    keys |= set(DATA_T.findall((STATIC / "index.html").read_text(encoding="utf-8")))
    return keys


def filled_keys() -> set[str]:
    """The names of i18n.js's texts that are functions of values (its FILLED table)."""
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    block = i18n[i18n.index("const FILLED = {") : i18n.index("\n};", i18n.index("const FILLED"))]
    return set(re.findall(r"^\s+(\w+): \(", block, re.MULTILINE))


def test_i18n_js_has_no_text_table_of_its_own() -> None:
    # the texts live in the catalogue (nardy/server/texts/web.py); a Russian letter in
    # i18n.js would be a text written there again
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    assert not re.search("[\u0400-\u04ff]", i18n)
    for english in ("Log in", "Roll", "White to play", "Your turn"):
        assert f'"{english}"' not in i18n


def without_comments(js: str) -> str:
    """``js`` less its comments (block and line ones; a ``//`` inside a string such as
    an ``https://`` address is not one: those strings hold no Russian text anyway)."""
    js = re.sub(r"/\*.*?\*/", "", js, flags=re.DOTALL)
    return re.sub(r"(^|[^:\\])//[^\n]*", r"\1", js)


def test_no_page_script_holds_a_russian_text_of_its_own() -> None:
    # every text a page shows comes from the catalogue (messages.js, generated); the
    # comments may quote what a page says ("Гость 3"), the code may not
    for path in sorted(STATIC.glob("*.js")):
        if path.name == "messages.js":
            continue
        code = without_comments(path.read_text(encoding="utf-8"))
        found = re.findall(r"[^\n]*[\u0400-\u04ff][^\n]*", code)
        assert not found, (path.name, found[:3])


def test_every_text_the_browser_asks_for_is_in_the_catalogue() -> None:
    keys = asked_keys()
    assert {"heroTitle", "status", "kinds", "turnOf", "reviewColumns", "title"} <= keys
    filled = filled_keys()
    missing = []
    for key in sorted(keys - filled):
        name = web_key(key)
        if name not in MESSAGES and not any(k.startswith(name + ".") for k in MESSAGES):
            missing.append(key)
    assert not missing, f"t() asks for texts the catalogue lacks: {missing}"
    # app.js says a side's name with t(color)
    assert {"web.white", "web.black"} <= MESSAGES.keys()


def test_every_catalogue_key_i18n_js_names_exists() -> None:
    i18n = (STATIC / "i18n.js").read_text(encoding="utf-8")
    sided = re.findall(r'side\("(web\.[a-z-]+)"', i18n)
    named = set(re.findall(r'"(web\.[a-z.-]+)"', i18n)) - set(sided)
    assert named and sided
    for key in named:
        assert key in MESSAGES, key
    for key in sided:
        assert f"{key}.white" in MESSAGES and f"{key}.black" in MESSAGES, key


NODE_T = """
globalThis.localStorage = { getItem: () => process.argv[2], setItem: () => {} };
globalThis.navigator = { languages: [], language: process.argv[2] };
globalThis.document = { cookie: "" };
import(process.argv[1] + "/i18n.js").then((m) => {
  const out = JSON.parse(process.argv[3]).map(([key, args]) => {
    const text = m.t(key);
    return typeof text === "function" ? text(...args) : text;
  });
  process.stdout.write(JSON.stringify(out));
});
"""

#: What i18n.js's filled-in texts are called with (as app.js and review.js call them).
FILLED_ARGS: dict[str, list[object]] = {
    "turnOf": ["black"],
    "winnerIs": ["white"],
    "matchWinnerIs": ["black"],
    "cubeOf": ["white"],
    "cubeHint": ["double, take", True],
    "hintTitle": [2, False],
    "reviewTitle": [1],
    "gameNo": [3],
    "turnNo": [12],
    "matchTo": [1],
    "points": [5],
    "theyDouble": [4],
    "doubleOffered": ["black", 2],
    "theyResign": ["gammon", 2],
    "resignOffered": ["white", "mars", 4],
}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_i18n_js_gives_the_catalogue_texts(tmp_path: Path, lang: str) -> None:
    # the real i18n.js and messages.js, run as ES modules in Node
    for name in ("i18n.js", "messages.js"):
        shutil.copy(STATIC / name, tmp_path / name)
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    assert FILLED_ARGS.keys() == filled_keys()
    expected = {
        "turnOf": t("web.turn-of.black", lang),
        "winnerIs": t("web.winner-is.white", lang),
        "matchWinnerIs": t("web.match-winner-is.black", lang),
        "cubeOf": t("web.cube-of.white", lang),
        "cubeHint": t("web.cube-hint-match", lang, advice="double, take"),
        "hintTitle": t("web.hint-title", lang, depth=t("web.depth-ahead", lang, n=2)),
        "reviewTitle": t("web.review-title", lang, depth=t("web.depth-ahead", lang, n=1)),
        "gameNo": t("web.game-no", lang, n=3),
        "turnNo": t("web.turn-no", lang, n=12),
        "matchTo": t("web.match-to", lang, n=1),
        "points": t("web.points", lang, n=5),
        "theyDouble": t("web.they-double", lang, value=4),
        "doubleOffered": t("web.double-offered.black", lang, value=2),
        "theyResign": t("web.they-resign", lang, kind="gammon", value=2),
        "resignOffered": t("web.resign-offered.white", lang, kind="mars", value=4),
        "heroTitle": t("web.hero-title", lang),
        "white": t("web.white", lang),
        "status": {s: t(f"web.status.{s}", lang) for s in ("waiting", "active", "over")},
        "reviewColumns": [t(f"web.review-columns.{i}", lang) for i in range(5)],
        "noSuchText": "noSuchText",
    }
    cases = [[key, FILLED_ARGS.get(key, [])] for key in expected]
    node = shutil.which("node")
    assert node is not None
    run = subprocess.run(
        [node, "-e", NODE_T, tmp_path.as_uri(), lang, json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
    )
    got = dict(zip(expected, json.loads(run.stdout), strict=True))
    assert got == expected
    assert got["matchTo"] == ("Match to 1 point" if lang == "en" else "Матч до 1 очка")
