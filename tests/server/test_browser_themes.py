"""The colour themes in real headless Chromium against a real ``nardy serve``: in each
theme of the header's settings menu (classic, light, dark) and in "auto" with the
system in dark mode, every visible piece of text on the club's pages reads against
what is behind it. The pages: the lobby with its challenge form open, a club game with
its clock, chat lines and the opponent's last play, a finished game (the chat's two
tabs, the result card), a moderator's own profile (its badge, filters, games table and
pager), a banned member's profile, the leaderboard (its tabs) and a tournament's page
with its creator's buttons. For each element with text of its own (a text node, or a
form control: input, select, button) the page computes its text colour and the
background it is drawn on (the first opaque one up its ancestors, translucent ones
laid over it), and the WCAG contrast ratio of the two: at least 4.5 for body text, 3
for large text (24 px, or 18.66 px bold) and for a disabled control (measured in its
own colours, as if not faded: a disabled button must still say what it is). No button
is left in the browser's own grey dress either.
Screenshots of each page in each theme go to ``NARDY_SCREENSHOTS`` (default: the
test's temporary directory)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BARE_BUTTONS, BROWSER_MARKS, DESKTOP, watch
from click.testing import CliRunner
from lobby_helpers import member_client

from nardy.cli import main

pytestmark = BROWSER_MARKS

#: (theme stored by theme.js, the system's colour scheme): each theme, and "auto"
#: following a system in dark mode ("auto" in a light one is the classic theme's CSS)
THEMES = [("classic", "light"), ("light", "light"), ("dark", "dark"), ("auto", "dark")]

#: Every visible element with text of its own, outside the SVG boards, with its text
#: colour, the colour it is drawn on and their contrast ratio; those below the least
#: ratio are returned (and, for the test to know it measured them, the selectors of
#: ``wanted`` that matched a measured element).
CONTRAST = """(wanted) => {
  const parse = (s) => {
    let m = s.match(/^rgba?\\(([^)]*)\\)$/);
    if (m) { const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
    m = s.match(/^color\\(srgb ([^)]*)\\)$/);
    if (m) { const p = m[1].split(/[\\s\\/]+/).filter(Boolean).map(Number);
      return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1]; }
    throw new Error(`a colour this test cannot read: ${s}`);
  };
  const over = (top, under) => {  // a translucent colour laid over an opaque one
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg = [255, 255, 255, 1];  // (never reached: the body's background is opaque)
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const hex = (c) => "#" + c.slice(0, 3)
    .map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const CONTROLS = "input:not([type=checkbox], [type=radio], [type=range], [type=hidden])," +
    " select, textarea, button";
  const bad = [], seen = new Set();
  let measured = 0;
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg, script, style, option, noscript")) continue;
    const control = el.matches(CONTROLS);
    const words = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!control && !words) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const box = el.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;  // (the screen readers' words)
    const css = getComputedStyle(el);
    const bg = background(el);
    const fg = over(parse(css.color), bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(css.fontSize), bold = Number(css.fontWeight) >= 700;
    const large = size >= 24 || (size >= 18.66 && bold);
    const least = large || el.disabled ? 3 : 4.5;
    measured += 1;
    for (const sel of wanted) if (el.matches(sel)) seen.add(sel);
    if (ratio < least) {
      const name = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : "") +
        [...el.classList].map((c) => `.${c}`).join("");
      const text = (el.value || el.innerText || el.placeholder || "").trim()
        .replace(/\\s+/g, " ").slice(0, 30);
      bad.push(`${name} "${text}": ${ratio.toFixed(2)} < ${least} (${hex(fg)} on ${hex(bg)})`);
    }
  }
  return { bad, measured, seen: [...seen] };
}"""


def admin(db_url: str, *args: str) -> None:
    out = CliRunner().invoke(main, ["admin", *args, "--db", db_url])
    assert out.exit_code == 0, out.output


def act(c: httpx.Client, gid: str, body: dict[str, Any]) -> dict[str, Any]:
    r = c.post(f"/api/games/{gid}/actions", json=body)
    assert r.status_code == 200, r.text
    state: dict[str, Any] = r.json()["state"]
    return state


def say(c: httpx.Client, channel: str, body: dict[str, str]) -> None:
    r = c.post(f"/api/chat/{channel}", json=body)
    assert r.status_code == 200, r.text


def club_game(a: httpx.Client, b: httpx.Client) -> str:
    """A rated club game with a clock (b accepts a's challenge), played until both have
    played and it is a's turn: a's page shows b's last play. The players chat."""
    r = a.post(
        "/api/lobby/challenges",
        json={"variant": "long", "length": 5, "rated": True, "clock": "rapid"},
    )
    assert r.status_code == 201, r.text
    r = b.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    assert r.status_code == 200, r.text
    gid: str = r.json()["game"]
    for _ in range(20):
        st = a.get(f"/api/games/{gid}").json()
        colors = {e["color"] for e in st["history"] if e.get("play")}
        if colors == {"white", "black"} and st["to_act"] == st["role"]:
            break
        player = a if st["to_act"] == st["role"] else b
        st = player.get(f"/api/games/{gid}").json()
        if "roll" in st["actions"]:
            st = act(player, gid, {"action": "roll"})
        if st["legal"] and st["legal"]["plays"]:
            act(player, gid, {"action": "play", "play": st["legal"]["plays"][0]})
    else:
        raise AssertionError("the players never both played")
    say(a, f"game:{gid}", {"text": "Удачной игры, сосед"})
    say(b, f"game:{gid}", {"text": "И тебе, без марсов"})
    say(b, f"game:{gid}", {"phrase": "good-luck"})
    return gid


def finished_game(a: httpx.Client, b: httpx.Client) -> str:
    """A friend game the player to act resigns and the other accepts."""
    r = a.post("/api/games", json={"mode": "friend", "variant": "long"})
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    r = b.post(f"/api/join/{r.json()['invite_url'].rsplit('/', 1)[1]}")
    assert r.status_code == 200, r.text
    st = a.get(f"/api/games/{gid}").json()
    mover, other = (a, b) if st["to_act"] == st["role"] else (b, a)
    level = mover.get(f"/api/games/{gid}").json()["resign_levels"][-1]["level"]
    act(mover, gid, {"action": "resign", "level": level})
    act(other, gid, {"action": "accept"})
    say(b, f"game:{gid}", {"text": "спасибо за игру"})
    return gid


def test_every_theme_keeps_the_text_readable(
    browser: Any, server: Any, db_url: str, shots: Path
) -> None:
    alice = member_client(server.url, "alice")
    bob = member_client(server.url, "bob")
    member_client(server.url, "carol").close()
    admin(db_url, "moderator", "alice")  # (her profile's badge)
    admin(db_url, "ban", "carol")  # (the "banned" badge)
    live = club_game(alice, bob)
    over = finished_game(alice, bob)
    r = alice.post("/api/tournaments", json={"name": "Кубок", "format": "sitngo", "size": 4})
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]["id"]
    # (its name, the page, what shows it is drawn, selectors that must be among those measured)
    pages: list[tuple[str, str, str, list[str]]] = [
        ("lobby", "/", "#challenge-form", ["select", "input", "#new-challenge", ".chat-phrase"]),
        (
            "game",
            f"/game/{live}",
            "#chat .chat-text >> text=без марсов",
            [".chat-text", ".chat-name", "#last-play", ".clock-time", ".chat-phrase"],
        ),
        (
            "game-over",
            f"/game/{over}",
            "#chat-tab-watch",
            [".chat-tab[aria-selected=false]", ".chat-text", "#rematch"],
        ),
        ("profile", "/players/alice", ".pager button", [".pager button", "span.badge", "td"]),
        ("banned", "/players/carol", "span.badge.bad", ["span.badge.bad"]),
        ("leaders", "/leaders", ".tabs button", [".tabs button:not(.active)", ".tabs .active"]),
        (
            "tournament",
            f"/tournaments/{tid}",
            "#add-computer",
            ["#add-computer", "#computer-level"],
        ),
    ]
    failures: dict[str, list[str]] = {}  # what is too faint, in which theme: on which pages
    for theme, scheme in THEMES:
        ctx = browser.new_context(
            viewport=DESKTOP, locale="ru-RU", color_scheme=scheme, reduced_motion="reduce"
        )
        ctx.add_init_script(f"localStorage.setItem('nardy-theme', '{theme}')")
        ctx.add_cookies(
            [{"name": k, "value": v, "url": server.url} for k, v in dict(alice.cookies).items()]
        )
        page = watch(ctx.new_page())
        for name, path, ready, wanted in pages:
            page.goto(server.url + path)
            if name == "lobby":
                page.click("#new-challenge")
                page.wait_for_selector(".chat-phrase")  # (the chat joins after the lobby)
            page.wait_for_selector(ready)
            if name == "game":
                page.wait_for_selector("#last-play:not([hidden])")
            if name == "game-over":  # (the chat's lines come after its tabs)
                page.wait_for_selector("#chat .chat-text >> text=спасибо за игру")
            page.screenshot(path=str(shots / f"theme-{theme}-{scheme}-{name}.png"), full_page=True)
            got = page.evaluate(CONTRAST, wanted)
            assert got["measured"] > 10, (theme, name, got)
            assert sorted(got["seen"]) == sorted(wanted), (theme, name, got["seen"])
            # (and no button in the browser's own grey dress: the tournament's were)
            got["bad"] += [f"a bare button: {b}" for b in page.evaluate(BARE_BUTTONS)]
            for bad in got["bad"]:
                failures.setdefault(f"{theme} ({scheme} system): {bad}", []).append(name)
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)
        ctx.close()
    alice.close()
    bob.close()
    assert not failures, f"{len(failures)} texts too faint (or buttons bare):\n" + "\n".join(
        f"{what} on {' '.join(paths)}" for what, paths in failures.items()
    )
