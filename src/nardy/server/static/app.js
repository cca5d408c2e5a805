// The single-page front end: a tiny router and one function per page.
import { call, session, GameSocket, ApiError } from "./api.js";
import { drawBoard } from "./board.js";
import { currentLang, setLang, t } from "./i18n.js";
import { rulesPage } from "./rules.js";
import { verifyPage } from "./verify.js";

const main = document.getElementById("main");
let me = null;
let cleanup = null;

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : String(k));
  return e;
}

export function toast(msg) {
  const el = document.getElementById("toast");
  el.textContent = msg; el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
}

function go(path) { history.pushState({}, "", path); route(); }

function chrome() {
  document.documentElement.lang = currentLang();
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(e.dataset.t); });
  document.getElementById("lang").textContent = t("lang");
  const login = document.getElementById("nav-login");
  login.textContent = me && !me.user.guest ? t("logout") : t("login");
  document.getElementById("nav-profile").textContent = me ? (me.user.guest ? t("profile") : me.user.name) : t("profile");
  const tm = document.getElementById("testmode");
  tm.hidden = !(me && me.test_mode); tm.textContent = t("testMode");
}

function variantName(v) {
  const info = me.variants.find((x) => x.name === v);
  return info ? info[currentLang()] : v;
}

// -- home: start a game ---------------------------------------------------------
function homePage() {
  const variant = h("select", { name: "variant" }, me.variants.map((v) =>
    h("option", { value: v.name, selected: v.name === "long" }, v[currentLang()])));
  const mode = h("select", { name: "mode" },
    h("option", { value: "computer" }, t("modeComputer")),
    h("option", { value: "local" }, t("modeLocal")),
    h("option", { value: "friend" }, t("modeFriend")));
  const level = h("select", { name: "level" }, me.levels.map((l) =>
    h("option", { value: l }, (t("levels")[l] || l))));
  const seed = h("input", { name: "client_seed", maxlength: 200, autocomplete: "off" });
  const levelBox = h("div", {}, h("label", {}, t("level")), level);
  mode.addEventListener("change", () => { levelBox.hidden = mode.value !== "computer"; });
  const start = async (spec) => {
    try { const st = await call("POST", "/api/games", spec); go(`/game/${st.id}`); }
    catch (e) { toast(`${t("errorPrefix")}: ${e.message}`); }
  };
  const form = h("form", { class: "card", id: "new-game", onsubmit: (ev) => {
    ev.preventDefault();
    start({ variant: variant.value, mode: mode.value, level: mode.value === "computer" ? level.value : null,
      client_seed: seed.value });
  } },
  h("h2", {}, t("newGame")),
  h("label", {}, t("variant")), variant,
  h("label", {}, t("mode")), mode, levelBox,
  h("label", {}, t("clientSeed")), seed,
  h("button", { class: "big", type: "submit", id: "start" }, t("start")));
  main.replaceChildren(
    h("section", { class: "hero" }, h("h1", {}, t("heroTitle")), h("p", {}, t("heroText")),
      h("button", { class: "big", id: "try", onclick: () => start({ variant: "long", mode: "computer", level: me.levels[0] }) },
        t("tryNow"))),
    form);
}

// -- the game page ------------------------------------------------------------------
function gamePage(id) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board"); svg.id = "board";
  const status = h("div", { class: "status", id: "status" });
  const players = h("div", { class: "players", id: "players" });
  const undo = h("button", { id: "undo", type: "button", disabled: true }, t("undo"));
  const confirm = h("button", { id: "confirm", type: "button", disabled: true }, t("confirm"));
  const moves = h("ol", { class: "movelist", id: "moves" });
  const extra = h("div", { id: "extra" });
  const overlay = h("div", { id: "overlay" });
  main.replaceChildren(h("div", { class: "game" },
    h("div", {}, svg, h("p", { class: "small" }, t("hint"))),
    h("div", { class: "panel card" }, status, players, h("div", { class: "controls" }, undo, confirm),
      h("h3", {}, t("moves")), moves, extra)), overlay);
  const ui = { selected: null };
  let state = null;

  const send = (action) => {
    ui.selected = null;
    if (!sock.send(action)) call("POST", `/api/games/${id}/actions`, action).then(render).catch((e) => toast(e.message));
  };
  ui.onSource = (p) => { ui.selected = p; paint(); };
  ui.onTarget = (p) => { const from = ui.selected; ui.selected = null; send({ action: "move", from, to: p }); };
  undo.onclick = () => send({ action: "undo" });
  confirm.onclick = () => send({ action: "confirm" });

  function colorName(c) { return t(c); }
  function playerLabel(c) {
    const p = state.players && state.players[c];
    if (!p) return "…";
    if (p.computer) return `${t("computer")} (${t("levels")[p.level] || p.level})`;
    const mine = state.role === c;
    return `${p.name || t("guest")}${mine ? ` (${t("you")})` : ""}`;
  }
  function paint() {
    if (!state) return;
    drawBoard(svg, state, ui);
    const L = state.legal;
    undo.disabled = !(L && L.can_undo);
    confirm.disabled = !(L && L.can_confirm);
    svg.dataset.phase = state.phase; svg.dataset.seq = state.seq;
  }
  function render(st) {
    if (st.state) st = st.state;
    if (state && st.seq < state.seq) return;
    state = st; ui.selected = null; paint();
    let s;
    if (st.phase === "waiting" || (st.mode === "friend" && !st.players.white)) s = t("waiting");
    else if (st.phase === "over") s = t("over");
    else if (st.role === "spectator") s = `${t("spectator")} — ${t("turnOf")(st.turn)}`;
    else if (st.role === "both") s = t("turnOf")(st.turn);
    else if (st.turn === st.role) s = t("yourTurn");
    else if (st.players[st.turn] && st.players[st.turn].computer) s = t("computerThinks");
    else s = t("theirTurn");
    status.textContent = s;
    status.dataset.turn = st.turn || ""; status.dataset.role = st.role;
    players.replaceChildren(...["white", "black"].map((c) => h("div", { class: st.turn === c ? "active" : "" },
      h("span", {}, h("span", { class: `dot ${c}` }), playerLabel(c)),
      h("span", {}, st.pips ? `${t("pips")}: ${st.pips[c]}` : ""))));
    moves.replaceChildren(...st.history.map((m) => h("li", {},
      h("span", { class: `dot ${m.color}` }), `${m.dice.join("-")}: ${m.play === "-" ? t("noMove") : m.play}`)));
    moves.scrollTop = moves.scrollHeight;
    const kids = [h("h3", {}, variantName(st.variant))];
    if (st.invite_url) kids.push(h("div", { class: "invite" }, h("p", {}, t("waiting")),
      h("input", { readonly: true, value: st.invite_url, id: "invite" }),
      h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(st.invite_url); toast(t("copied")); } }, t("copy"))));
    kids.push(h("p", { class: "small" }, `${t("commitment")}: `, h("code", { id: "commitment" }, st.dice_info.commitment)));
    if (st.dice_info.server_seed) kids.push(h("p", { class: "small" }, `${t("seedRevealed")}: `, h("code", {}, st.dice_info.server_seed)));
    kids.push(h("p", {}, h("a", { href: `/api/games/${st.id}/record`, download: `nardy-${st.id}.jsonl` }, t("download")),
      " · ", h("a", { href: `/verify/${st.id}`, "data-link": true }, t("verifyDice"))));
    extra.replaceChildren(...kids);
    overlay.replaceChildren();
    if (st.phase === "over" && st.outcome) {
      const o = st.outcome;
      let title;
      if (!o.winner) title = t("draw");
      else if (st.role === o.winner) title = t("youWon");
      else if (st.role === "white" || st.role === "black") title = t("youLost");
      else title = t("winnerIs")(o.winner);
      overlay.append(h("div", { class: "result", id: "result" }, h("div", { class: "card" },
        h("h2", { id: "result-title" }, title),
        h("p", {}, `${t("kinds")[o.kind] || o.kind} — ${t("points")(o.points)}`),
        h("p", {}, h("button", { class: "big", onclick: () => go("/") }, t("newGame"))),
        h("p", {}, h("a", { href: `/verify/${st.id}`, "data-link": true }, t("verifyDice")), " · ",
          h("a", { href: `/api/games/${st.id}/record` }, t("download"))),
        h("p", {}, h("button", { type: "button", onclick: () => overlay.replaceChildren() }, "×")))));
    }
  }
  const sock = new GameSocket(id, (msg) => render(msg.state), (err) => toast(`${t("errorPrefix")}: ${err.error}`));
  window.__nardyGame = { socket: sock, state: () => state };
  call("GET", `/api/games/${id}`).then(render).catch((e) => toast(e.message));
  return () => sock.close();
}

async function joinPage(token) {
  try { const st = await call("POST", `/api/join/${token}`); go(`/game/${st.id}`); }
  catch (e) { main.replaceChildren(h("div", { class: "card" }, h("p", { class: "bad" }, e.message))); }
}

// -- accounts -------------------------------------------------------------------------
function authPage(kind) {
  const user = h("input", { name: "username", autocomplete: "username", required: true });
  const pass = h("input", { name: "password", type: "password", required: true,
    autocomplete: kind === "login" ? "current-password" : "new-password" });
  const form = h("form", { class: "card", id: `${kind}-form`, onsubmit: async (ev) => {
    ev.preventDefault();
    try { await call("POST", `/api/${kind}`, { username: user.value, password: pass.value }); me = await session(); chrome(); go("/profile"); }
    catch (e) { toast(e.message); }
  } }, h("h2", {}, kind === "login" ? t("login") : t("register")),
  h("label", {}, t("username")), user, h("label", {}, t("password")), pass,
  h("button", { class: "big", type: "submit" }, kind === "login" ? t("loginBtn") : t("registerBtn")));
  const other = kind === "login" ? h("a", { href: "/register", "data-link": true }, t("register"))
    : h("a", { href: "/login", "data-link": true }, t("login"));
  main.replaceChildren(form, h("p", {}, other));
}

async function profilePage() {
  const data = await call("GET", "/api/me");
  const rows = data.games.map((g) => h("tr", {},
    h("td", {}, new Date(g.created_at).toLocaleString(currentLang())),
    h("td", {}, variantName(g.variant)),
    h("td", {}, g.opponent === "computer" ? t("computer") : g.opponent === "local" ? t("local") : (g.opponent || "…")),
    h("td", {}, g.color ? t(g.color) : ""),
    h("td", {}, t("status")[g.status] || g.status),
    h("td", {}, g.result ? `${g.result.winner ? t(g.result.winner) : t("draw")}, ${t("kinds")[g.result.kind] || g.result.kind}` : ""),
    h("td", {}, h("a", { href: `/game/${g.id}`, "data-link": true }, t("open")))));
  main.replaceChildren(h("div", { class: "card" }, h("h2", {}, data.user.name),
    data.user.guest ? h("p", {}, h("a", { href: "/register", "data-link": true }, t("register"))) : null,
    h("p", {}, h("a", { href: "/stats/me", "data-link": true }, t("diceStats")))),
  h("div", { class: "card" }, h("h2", {}, t("history")), h("table", { id: "history" },
    h("tr", {}, [t("date"), t("variant"), t("opponent"), t("white") + "/" + t("black"), "", t("result"), ""].map((x) => h("th", {}, x))),
    rows)));
}

async function statsPage(name) {
  const url = name === "me" ? "/api/me/dice-stats" : `/api/users/${encodeURIComponent(name)}/dice-stats`;
  const s = await call("GET", url);
  const head = h("tr", {}, h("th", {}, ""), [1, 2, 3, 4, 5, 6].map((d) => h("th", {}, d)));
  const body = s.counts.map((row, i) => h("tr", {}, h("th", {}, i + 1), row.map((n) => h("td", {}, n))));
  main.replaceChildren(h("div", { class: "card" }, h("h2", {}, `${t("diceStats")}: ${s.user}`),
    h("p", {}, `${t("rolls")}: ${s.rolls}; ${t("expected")} ${s.expected_each.toFixed(2)} ${currentLang() === "ru" ? "на каждый из 36 исходов" : "per each of the 36 outcomes"}`),
    h("table", { id: "dice-table" }, head, body),
    h("p", {}, `${t("doublesRate")}: ${s.doubles_rate == null ? "—" : (100 * s.doubles_rate).toFixed(1) + "%"} (${t("expected")} 16.7%)`),
    h("p", {}, `1…6: ${s.faces.join(", ")} (${t("expected")} ${s.expected_face.toFixed(1)})`)));
}

// -- router ---------------------------------------------------------------------------
async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  const path = location.pathname;
  chrome();
  let m;
  try {
    if (path === "/" || path === "/new") homePage();
    else if ((m = path.match(/^\/game\/([\w-]+)$/))) cleanup = gamePage(m[1]);
    else if ((m = path.match(/^\/join\/([\w-]+)$/))) await joinPage(m[1]);
    else if (path === "/login") authPage("login");
    else if (path === "/register") authPage("register");
    else if (path === "/profile") await profilePage();
    else if (path === "/rules") rulesPage(main, h);
    else if ((m = path.match(/^\/verify\/([\w-]+)$/))) await verifyPage(main, h, m[1]);
    else if ((m = path.match(/^\/stats\/(.+)$/))) await statsPage(decodeURIComponent(m[1]));
    else main.replaceChildren(h("p", {}, "404"));
  } catch (e) {
    main.replaceChildren(h("div", { class: "card bad" }, e instanceof ApiError ? e.message : String(e)));
  }
}

document.addEventListener("click", async (ev) => {
  const a = ev.target.closest && ev.target.closest("a[data-link]");
  if (a && a.origin === location.origin) {
    ev.preventDefault();
    if (a.id === "nav-login" && me && !me.user.guest) {
      await call("POST", "/api/logout"); me = await session(); go("/"); return;
    }
    go(a.pathname);
  }
});
window.addEventListener("popstate", route);
document.getElementById("lang").addEventListener("click", () => {
  setLang(currentLang() === "ru" ? "en" : "ru"); route();
});
me = await session();
route();
