// @ts-check
// The analysis board (/analysis?variant=long&id=L…&turn=white&dice=65): a position set
// up by its ID (an XGID or gnubg's full ID too for short nardy, and copied out as both), dice chosen, checker moves tried by clicking (the server checks each by
// the game's rules: POST /api/analysis/plays), taken back, and the computer's best
// plays drawn as arrows, or before the roll its cube decision with the cube where it
// is put (POST /api/analysis/hint). The address always holds the position, so that it
// can be shared; nothing is stored.
import { call } from "./api.js";
import { drawBoard } from "./board.js";
import { cubeAdvice, playFigures } from "./advice.js";
import { diceText, h, main, toast } from "./dom.js";
import { fixed, msg, signedEquity, t } from "./i18n.js";
import { drawArrows } from "./replay.js";
import { me, variantName } from "./session.js";

/** @typedef {import("./api.js").Json} Json */

/** The games a rollout from the board may play (a multiple of 36: each first roll as
 * often; the server's default first, its most last), and how often its progress is
 * read (ms). */
const ROLLOUT_GAMES = [324, 648, 1296], ROLLOUT_POLL_MS = 700;
/** @param {Json} e  an estimate {mean, ci} @param {boolean} [percent] */
const estimate = (e, percent) => percent
  ? `${fixed(100 * e.mean, 1)}% ± ${fixed(100 * e.ci, 1)}`
  : `${signedEquity(e.mean)} ± ${fixed(e.ci, 3)}`;
/** An exact value (the bear-off database's): no interval. @param {Json} e @param {boolean} [percent] */
const exactly = (e, percent) => (percent ? `${fixed(100 * e.mean, 1)}%` : signedEquity(e.mean));

/** A read-only field holding an ID, and its button that copies it.
 * @param {string} id @param {string} label */
function copyField(id, label) {
  const input = /** @type {HTMLInputElement} */ (h("input", { id, readonly: true, spellcheck: "false", "aria-label": label,
    onfocus: () => input.select() }));
  const copy = () => {
    input.select();
    navigator.clipboard?.writeText(input.value).then(() => toast(t("copied"), "info"), () => undefined);
  };
  return { input, row: h("div", { class: "analysis-id" }, h("span", { class: "small" }, label), input,
    h("button", { type: "button", class: "secondary", id: `${id}-copy`, onclick: copy }, t("copy"))) };
}

export function analysisPage() {
  const q = new URLSearchParams(location.search);
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS("http://www.w3.org/2000/svg", "svg"));
  svg.setAttribute("class", "board"); svg.id = "analysis-board";
  const variant = h("select", { id: "analysis-variant", "aria-label": t("variant") },
    me.variants.map((/** @type {Json} */ v) => h("option", { value: v.name }, variantName(v.name))));
  variant.value = q.get("variant") || "long";
  if (!variant.value) variant.value = "long";  // (a name not on offer selects nothing)
  const idInput = h("input", { id: "position-id", value: q.get("id") || "", spellcheck: "false", autocomplete: "off",
    "aria-describedby": "position-id-help", placeholder: "4HPwATDgc/ABMA:cAkAAAAAAAAA · XGID=… · LAACA/z8AAMD/3w" });
  const turn = h("select", { id: "analysis-turn", "aria-label": t("onRoll") },
    h("option", { value: "white" }, t("white")), h("option", { value: "black" }, t("black")));
  turn.value = q.get("turn") === "black" ? "black" : "white";
  /** @param {string} name */
  const dieSelect = (name) => h("select", { id: name, "aria-label": t("dice") },
    h("option", { value: "" }, "–"), [1, 2, 3, 4, 5, 6].map((n) => h("option", { value: n }, String(n))));
  const die1 = dieSelect("die1"), die2 = dieSelect("die2");
  const dice = (q.get("dice") || "").match(/^([1-6])([1-6])$/);
  if (dice) { die1.value = dice[1]; die2.value = dice[2]; }
  // the match the hints are for (0: money play); the replay opens a match's position
  // at its score
  /** @param {string} id @param {string | null} value @param {number} max */
  const num = (id, value, max) => h("input", { id, type: "number", min: 0, max, inputmode: "numeric", value: value && /^\d{1,2}$/.test(value) ? value : "0" });
  const length = num("analysis-length", q.get("length"), 25);
  const [w, b] = (q.get("score") || "").match(/^(\d{1,2})-(\d{1,2})$/)?.slice(1) ?? ["0", "0"];
  const scoreW = num("analysis-score-white", w, 24), scoreB = num("analysis-score-black", b, 24);
  scoreW.setAttribute("aria-label", t("white")); scoreB.setAttribute("aria-label", t("black"));
  // the cube of the cube decision (and of a match's checker play): its value, its
  // owner (a cube of 1 is in the middle), the Crawford game
  const cubeValue = h("select", { id: "analysis-cube" }, [1, 2, 4, 8, 16, 32, 64].map((n) => h("option", { value: n }, String(n))));
  cubeValue.value = /^(1|2|4|8|16|32|64)$/.test(q.get("cube") ?? "") ? String(q.get("cube")) : "1";
  const owner = h("select", { id: "analysis-owner", "aria-label": msg("web.analysis-owner") },
    h("option", { value: "" }, msg("web.cube-centre")), h("option", { value: "white" }, t("white")), h("option", { value: "black" }, t("black")));
  owner.value = cubeValue.value !== "1" && (q.get("owner") === "black" || q.get("owner") === "white") ? String(q.get("owner")) : "";
  const crawford = h("input", { id: "analysis-crawford", type: "checkbox" });
  crawford.checked = q.get("crawford") === "1";
  const crawfordLabel = h("label", { class: "check" }, crawford, msg("web.analysis-crawford"));
  /** the owner follows the value: a cube of 1 is in the middle; a doubled one is
   * someone's (the side on roll's, until the player says whose) */
  function cubeFields() {
    if (cubeValue.value === "1") owner.value = "";
    else if (!owner.value) owner.value = turn.value;
    owner.disabled = cubeValue.value === "1";
    crawfordLabel.hidden = !(Number(length.value) > 0);
  }
  // the position as an XGID and as gnubg's full ID, at the fields' score and cube
  const xgidOut = copyField("analysis-xgid", "XGID"), gnubgOut = copyField("analysis-gnubg", msg("web.gnubg-id"));
  const ids = h("div", { class: "analysis-ids", id: "analysis-ids", hidden: true },
    h("p", { class: "small" }, msg("web.analysis-ids")), xgidOut.row, gnubgOut.row);
  const error = h("p", { class: "bad", id: "analysis-error", role: "alert", hidden: true });
  const status = h("p", { id: "analysis-status" });
  const undo = h("button", { type: "button", id: "analysis-undo", disabled: true }, t("undo"));
  const hintBtn = h("button", { type: "button", id: "analysis-hint" }, t("bestPlays"));
  const hints = h("div", { id: "analysis-hints" });
  const rollGames = /** @type {HTMLSelectElement} */ (h("select", { id: "rollout-games" },
    ...ROLLOUT_GAMES.map((n) => h("option", { value: String(n) }, msg("web.roll-out-games", { games: n })))));
  const rollBtn = h("button", { type: "button", id: "roll-out" }, t("rollOut"));
  const rollHelp = () => { rollBtn.title = msg("web.roll-out-help", { games: Number(rollGames.value) }); };
  rollGames.addEventListener("change", rollHelp);
  rollHelp();
  const rollout = h("div", { id: "rollout" });
  const form = h("form", { class: "card analysis-setup", id: "analysis-form" },
    h("label", { for: "analysis-variant" }, t("variant")), variant,
    h("label", { for: "position-id" }, t("positionId")), idInput,
    h("p", { class: "small", id: "position-id-help" }, t("positionIdHelp")),
    h("div", { class: "analysis-row" },
      h("label", {}, t("onRoll"), turn),
      h("label", {}, t("dice"), die1, die2)),
    h("div", { class: "analysis-row" },
      h("label", {}, msg("web.analysis-length"), length),
      h("label", {}, msg("web.analysis-score"), h("span", { class: "analysis-pair" }, scoreW, "–", scoreB))),
    h("div", { class: "analysis-row" },
      h("label", {}, msg("web.analysis-cube"), cubeValue),
      h("label", {}, msg("web.analysis-owner"), owner), crawfordLabel),
    h("button", { type: "submit", id: "set-up", class: "big" }, t("setUp")), ids);
  main.replaceChildren(h("h2", {}, t("analysisTitle")), h("div", { class: "game analysis" },
    h("div", {}, svg, status, rollout),
    h("div", { class: "panel" }, form, error,
      h("div", { class: "card" }, h("div", { class: "controls" }, undo, hintBtn, rollBtn),
        h("label", { class: "small rollout-games" }, msg("web.roll-out-games-label"), rollGames), hints))));

  /** @type {[number, number][]} the checker moves tried so far */
  let moves = [];
  /** @type {Json} what the server answered last */
  let state = null;
  /** @type {import("./board.js").BoardUi} */
  const ui = { selected: null };

  const rolled = () => (die1.value && die2.value ? [Number(die1.value), Number(die2.value)] : null);
  function setup() {
    return { variant: variant.value, id: idInput.value.trim(), turn: turn.value, dice: rolled() };
  }
  // the address holds the position: reload and share it
  /** The match of the hints: its length and the score (White's, Black's). */
  const match = () => ({ length: Number(length.value) || 0, score: [Number(scoreW.value) || 0, Number(scoreB.value) || 0] });
  /** The cube of the advice. */
  const cube = () => ({ cube: Number(cubeValue.value),
    owner: /** @type {import("./board.js").Color | null} */ (owner.value || null), crawford: crawford.checked && match().length > 0 });
  function remember() {
    const p = new URLSearchParams({ variant: variant.value, id: idInput.value.trim(), turn: turn.value });
    const d = rolled();
    if (d) p.set("dice", `${d[0]}${d[1]}`);
    const m = match();
    if (m.length) { p.set("length", String(m.length)); p.set("score", m.score.join("-")); }
    const c = cube();
    if (c.cube > 1 && c.owner) { p.set("cube", String(c.cube)); p.set("owner", c.owner); }
    if (c.crawford) p.set("crawford", "1");
    history.replaceState({}, "", `/analysis?${p}`);
  }
  function paint() {
    if (!state) return;
    const c = cube();
    drawBoard(svg, { view: state.view, board: state.board, legal: state.legal, dice: state.dice,
      cube: { enabled: true, value: c.cube, owner: c.owner, crawford: c.crawford } }, ui);
    svg.dataset.moves = String(moves.length);
  }
  /** @param {Json} st */
  function render(st) {
    state = st; ui.selected = null; paint();
    ids.hidden = !st.ids;
    if (st.ids) { xgidOut.input.value = st.ids.xgid; gnubgOut.input.value = st.ids.gnubg; }
    error.hidden = true;
    undo.disabled = !moves.length;
    // with no dice the computer is asked for its cube decision
    hintBtn.disabled = st.no_play;
    hintBtn.textContent = st.dice ? t("bestPlays") : msg("web.cube-decision");
    const kids = [];
    if (!st.dice) kids.push(t("pickDice"));
    else if (st.no_play) kids.push(t("noPlay"));
    else if (st.play) {
      kids.push(h("b", { id: "play-made" }, msg("web.play-made", { play: st.play })), " ",
        h("button", { type: "button", id: "go-on", class: "secondary", onclick: goOn }, t("goOn")));
    } else kids.push(`${t("turnOf")(st.turn)}: ${diceText(st.dice)} · ${msg("web.legal-plays", { n: st.count })}`);
    status.replaceChildren(...kids,
      h("span", { class: "small pips" }, ` · ${t("pips")}: ${t("white")} ${st.pips.white}, ${t("black")} ${st.pips.black}`),
      // (the board is the side on roll's, numbered as he counts: a game watched from
      // White's side turns round when Black is to play, and is said to)
      h("span", { class: "small", id: "analysis-view" }, ` · ${msg(`web.analysis-view.${st.view === "black" ? "black" : "white"}`)}`));
  }
  /** @param {unknown} e */
  function fail(e) {
    error.textContent = /** @type {Error} */ (e).message; error.hidden = false;
  }
  /** the rollout being shown: its id (null: none), and whether it is still read */
  let rolling = /** @type {string | null} */ (null);
  /** @param {Json} job  what the server says of the rollout */
  function showRollout(job) {
    const running = job.status === "running";
    const bar = h("progress", { id: "rollout-bar", max: job.games, value: job.done });
    // (a position the bear-off database prices at once is exact: no games to count)
    const head = h("p", { class: "small", id: "rollout-status", "data-status": job.status },
      job.exact ? msg("web.roll-out-exact")
        : `${t("rollOutStatus")[job.status]} · ${msg("web.roll-out-progress", { done: job.done, games: job.games })}`);
    const stop = running ? h("button", { type: "button", id: "rollout-stop", class: "secondary", onclick: () => {
      call("DELETE", `/api/analysis/rollouts/${job.id}`).then(showRollout).catch(fail);
    } }, t("rollOutStop")) : null;
    // the play, its equity (in a match also its MWC), then the chances as gnubg lists
    // them: win, gammon, backgammon, and the opponent's gammon and backgammon
    const all = /** @type {string[]} */ (t("rollOutColumns"));
    const cols = job.match ? all : all.filter((_, i) => i !== 2);
    /** @param {Json} e  an estimate of the match equity @returns {Json} its MWC's */
    const mwc = (e) => ({ mean: (e.mean + 1) / 2, ci: e.ci / 2 });
    /** @param {Json} e @param {boolean} [percent] */
    const cell = (e, percent) => h("td", { class: "num" }, !e ? "" : job.exact ? exactly(e, percent) : estimate(e, percent));
    const rows = job.results.map((/** @type {Json} */ r) => {
      const res = r.result;
      return h("tr", { "data-play": r.play ?? "" },
        h("td", {}, r.play ?? t("rollOutPosition")),
        res ? cell(res.equity) : h("td", { class: "num" }, "…"),
        job.match ? cell(res && mwc(res.equity), true) : "",
        ...[0, 1, 2, 3, 4].map((k) => cell(res && res.probs[k], true)));
    });
    rollout.replaceChildren(head, bar, stop ?? "", h("div", { class: "table-scroll" },
      h("table", { class: "rollout-table", id: "rollout-table" }, h("tr", {}, cols.map((/** @type {string} */ c) => h("th", {}, c))), rows)),
      h("p", { class: "small", id: "rollout-unit" }, msg(job.match ? "web.roll-out-unit-match" : "web.roll-out-unit-money")));
    if (running && rolling === job.id) {
      setTimeout(() => {
        if (rolling !== job.id || !rollout.isConnected) return;  // another rollout, or another page
        call("GET", `/api/analysis/rollouts/${job.id}`).then(showRollout).catch(fail);
      }, ROLLOUT_POLL_MS);
    }
  }
  rollBtn.onclick = () => {
    rollBtn.disabled = true;
    remember();
    call("POST", "/api/analysis/rollouts", { ...setup(), ...match(), games: Number(rollGames.value) })
      .then((job) => { rolling = job.id; showRollout(job); })
      .catch(fail).finally(() => { rollBtn.disabled = false; });
  };
  function ask() {
    hints.replaceChildren();
    return call("POST", "/api/analysis/plays", { ...setup(), ...match(), ...cube(), moves }).then(render);
  }
  // a new position or new dice: the moves start again
  function restart() {
    moves = [];
    if (rolling) {  // a new position: the old one's rollout stops and goes
      call("DELETE", `/api/analysis/rollouts/${rolling}`).catch(() => {});
      rolling = null;
    }
    rollout.replaceChildren();
    ask().then(() => {
      // the position as the server read it (an XGID names the side on roll and the dice)
      idInput.value = state.id; turn.value = state.turn;
      if (state.dice) { die1.value = String(state.dice[0]); die2.value = String(state.dice[1]); }
      const named = state.setting;  // an XGID's match and cube
      if (named) {
        length.value = String(named.length); scoreW.value = String(named.score[0]); scoreB.value = String(named.score[1]);
        cubeValue.value = String(named.cube); owner.value = named.owner ?? ""; crawford.checked = named.crawford;
      }
      cubeFields();
      remember();
      paint();
    }).catch(fail);
  }
  // play the finished play and go on from the position after it, the other side on roll
  function goOn() {
    if (!state || !state.after) return;
    idInput.value = state.after.id; turn.value = state.after.turn;
    die1.value = ""; die2.value = "";
    restart();
  }
  ui.onSource = (p) => { ui.selected = p; paint(); };
  ui.onTarget = (p, from) => {
    const src = from ?? ui.selected;
    if (src == null) return;
    moves.push([src, p]);
    ask().catch((e) => { moves.pop(); fail(e); paint(); });
  };
  undo.onclick = () => { moves.pop(); ask().catch(fail); };
  hintBtn.onclick = () => {
    hints.replaceChildren(h("p", { class: "small" }, t("hintWait")));
    remember();
    call("POST", "/api/analysis/hint", { ...setup(), ...match(), ...cube() }).then((data) => {
      if (data.kind === "cube") { hints.replaceChildren(cubeAdvice(data)); return; }
      const rows = data.plays.map((/** @type {Json} */ p, /** @type {number} */ i) => h("li", {},
        h("button", { type: "button", class: "hint-play", "data-play": p.play, onclick: () => {
          moves = p.moves.map((/** @type {Json} */ m) => [m.from, m.to]);
          ask().catch(fail);
        } }, p.play), playFigures(p, i)));
      hints.replaceChildren(h("p", { class: "small", id: "analysis-hint-title" }, t("hintTitle")(data.plies, data.match)),
        h("ol", { class: "hint-list", id: "analysis-hint-list" }, ...rows));
      if (data.plays.length && state) {
        paint();
        drawArrows(svg, data.plays[0].moves, true, "best");
      }
    }).catch(fail);
  };
  form.onsubmit = (ev) => { ev.preventDefault(); restart(); };
  for (const s of [die1, die2, turn]) s.onchange = restart;
  // the match and the cube change the advice, not the position: the old one goes
  for (const s of [length, scoreW, scoreB, cubeValue, owner, crawford]) {
    // (asked again: the IDs to copy carry the score and the cube)
    s.onchange = () => { cubeFields(); remember(); ask().catch(fail); };
  }
  // another game starts from its own starting position: the last game's ID may name
  // no position of this one (a long ID in short nardy), or another start
  variant.onchange = () => { idInput.value = ""; restart(); };
  restart();
}
