"""The installable app over HTTP (in-process): the web app manifest and its icons, and
the service worker's script, served at the root with its version and shell filled in
(issue 15.8); and what the turn signals make of the states a real game sends (issue
16.11: the browser's gamechanges.js, run in Node)."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from server_helpers import act, play_first_steps

from nardy.i18n import t
from nardy.server.routes.pages import STATIC
from nardy.server.routes.pwa import build, worker_script

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]


async def get(app: Any, url: str, **headers: str) -> httpx.Response:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        return await http.get(url, headers=headers)


def served_build(script: str) -> dict[str, Any]:
    """The BUILD value the served sw.js carries."""
    m = re.search(r"const BUILD = /\*BUILD\*/ (.*?) /\*END\*/;", script)
    assert m, "sw.js carries no BUILD"
    value: dict[str, Any] = json.loads(m.group(1))
    return value


def image(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "PNG"
    return img


@pytest.mark.parametrize(
    ("headers", "lang"),
    [({"accept-language": "ru-RU,ru;q=0.9"}, "ru"), ({"cookie": "lang=en"}, "en")],
)
async def test_the_manifest_is_installable_in_the_visitors_language(
    app: Any, headers: dict[str, str], lang: str
) -> None:
    r = await get(app, "/manifest.webmanifest", **headers)
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/manifest+json"
    m = r.json()
    assert m["lang"] == lang
    assert m["name"] == m["short_name"] == t("pwa.name", lang)
    assert m["name"] == ("Нарды" if lang == "ru" else "Nardy")
    assert m["description"] == t("pwa.description", lang)
    assert m["start_url"] == m["scope"] == m["id"] == "/"
    assert m["display"] == "standalone"
    index = (STATIC / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="theme-color" content="{m["theme_color"]}">' in index
    assert re.fullmatch(r"#[0-9a-f]{6}", m["background_color"])
    # Chrome installs with a 192 and a 512 icon; Android's launchers mask the maskable ones
    seen = set()
    for icon in m["icons"]:
        got = await get(app, icon["src"])
        assert got.status_code == 200 and got.headers["content-type"] == "image/png"
        img = image(got.content)
        assert f"{img.width}x{img.height}" == icon["sizes"]
        seen.add((icon["sizes"], icon["purpose"]))
        if icon["purpose"] == "maskable":
            # full bleed: a mask may cut anywhere outside the safe circle
            rgba = img.convert("RGBA")
            corners = [(0, 0), (img.width - 1, 0), (0, img.height - 1), (img.width - 1, 0)]
            assert all(rgba.getpixel(c)[3] == 255 for c in corners)  # type: ignore[index]
    assert seen == {(s, p) for s in ("192x192", "512x512") for p in ("any", "maskable")}


async def test_the_iphone_home_screen_icon_and_tags(app: Any) -> None:
    index = (await get(app, "/")).text
    assert '<link rel="manifest" href="/manifest.webmanifest"' in index
    assert '<meta name="apple-mobile-web-app-capable" content="yes">' in index
    href = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', index)
    assert href
    r = await get(app, href.group(1))
    img = image(r.content)
    # iOS draws 180 px icons on current iPhones and fills transparency with black
    assert img.size == (180, 180) and img.mode == "RGB"


async def test_the_service_worker_is_served_for_the_whole_site(app: Any) -> None:
    r = await get(app, "/sw.js")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/javascript; charset=utf-8"
    assert r.headers["service-worker-allowed"] == "/"
    assert r.headers["cache-control"] == "no-cache"
    assert "script-src 'self'" in r.headers["content-security-policy"]
    b = served_build(r.text)
    assert b == build(STATIC)
    assert re.fullmatch(r"[0-9a-f]{16}", b["version"])
    # the shell is the page ("/") and every other static file but the worker and the manifest
    files = {p.name for p in STATIC.rglob("*") if p.is_file()}
    shell = {url.rsplit("/", 1)[-1] for url in b["shell"] if url != "/"}
    assert shell == files - {"index.html", "sw.js", "manifest.webmanifest"}
    assert "/" in b["shell"] and "/static/icons/icon-192.png" in b["shell"]
    # the worker installs only if every file of its shell answers
    for url in b["shell"]:
        assert (await get(app, url)).status_code == 200, url
    # the offline page says it in both languages, Russian first
    assert [(o["lang"], o["title"]) for o in b["offline"]] == [
        ("ru", "Нет связи"),
        ("en", "No connection"),
    ]


def test_a_deploy_that_changes_a_static_file_changes_the_worker(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    before = served_build(worker_script(static))
    assert served_build(worker_script(static)) == before  # the same files, the same version
    css = static / "style.css"
    css.write_text(css.read_text(encoding="utf-8") + "\nmain { padding: 13px; }\n", "utf-8")
    changed = served_build(worker_script(static))
    assert changed["version"] != before["version"]
    assert changed["shell"] == before["shell"]
    (static / "icons" / "new.png").write_bytes((static / "icons" / "icon-192.png").read_bytes())
    added = served_build(worker_script(static))
    assert added["version"] != changed["version"]
    assert "/static/icons/new.png" in added["shell"]


def test_a_worker_template_without_its_slot_is_refused(tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    (static / "sw.js").write_text("const BUILD = {};\n", encoding="utf-8")
    with pytest.raises(ValueError, match="BUILD"):
        worker_script(static)


NODE_CHANGES = """
const views = JSON.parse(require("fs").readFileSync(0, "utf8"));
import(process.argv[1]).then((m) => {
  const out = views.map((states) => {
    let last = null;
    return states.map((st) => {
      const now = m.seen(st), c = m.changes(last, now);
      last = now;
      return Object.keys(c).filter((k) => c[k]).sort();
    });
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def signalled(tmp_path: Path, views: list[list[dict[str, Any]]]) -> list[list[list[str]]]:
    """What gamechanges.js says changed along each list of states (run in Node)."""
    shutil.copy(STATIC / "gamechanges.js", tmp_path / "gamechanges.js")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    node = shutil.which("node")
    assert node is not None
    run = subprocess.run(
        [node, "-e", NODE_CHANGES, (tmp_path / "gamechanges.js").as_uri()],
        input=json.dumps(views),
        capture_output=True,
        text=True,
        check=True,
    )
    out: list[list[list[str]]] = json.loads(run.stdout)
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
async def test_the_signals_follow_the_states_of_a_real_game(
    player_factory: Any, tmp_path: Path
) -> None:
    a, b, watcher = await player_factory(), await player_factory(), await player_factory()
    r = await a.post("/api/games", {"mode": "friend", "variant": "short"})
    gid = r.json()["id"]
    assert (await b.post(f"/api/join/{r.json()['invite_url'].rsplit('/', 1)[1]}")).is_success
    first = (await a.get(f"/api/games/{gid}")).json()
    mover, waiter = (a, b) if first["turn"] == first["role"] else (b, a)
    views: list[list[dict[str, Any]]] = [[], [], []]

    async def look() -> dict[str, Any]:
        """Each one's view now (what the game's socket sends each of them)."""
        for view, who in zip(views, (mover, waiter, watcher), strict=True):
            view.append((await who.get(f"/api/games/{gid}")).json())
        return views[0][-1]

    st = await look()  # the opening roll is the mover's dice
    frm = next(iter(st["legal"]["targets"]))
    to = st["legal"]["targets"][frm][0]
    st = await act(mover, gid, {"action": "move", "from": int(frm), "to": to})
    assert not st["legal"]["can_confirm"]  # the play has another step
    await look()
    await play_first_steps(mover, st)  # its other steps, and confirmed
    await look()  # the waiter may double or roll (C-3)
    await act(waiter, gid, {"action": "double"})
    assert (await look())["phase"] == "cube"  # the mover answers
    await act(mover, gid, {"action": "take"})
    assert (await look())["dice"]  # taken: the doubler's dice are rolled, his turn goes on
    mover_saw, waiter_saw, watcher_saw = signalled(tmp_path, views)
    # nothing for a page's first state; a checker moved is heard by all, pending or not
    assert mover_saw == [[], ["moved"], ["moved"], ["yourTurn"], ["rolled"]]
    assert waiter_saw == [[], ["moved"], ["moved", "yourTurn"], [], ["rolled", "yourTurn"]]
    assert watcher_saw == [[], ["moved"], ["moved"], [], ["rolled"]]  # never a turn
