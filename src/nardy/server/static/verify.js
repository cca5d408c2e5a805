// @ts-check
// Re-derive every roll of a finished game in the browser (WebCrypto HMAC-SHA256),
// independently of the server: die = first digest byte < 252, mod 6, plus 1.
import { ApiError } from "./api.js";
import { currentLang, t } from "./i18n.js";

/** @param {ArrayBuffer} buf */
const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
/** @param {string} s */
const unhex = (s) => new Uint8Array((s.match(/../g) ?? []).map((x) => parseInt(x, 16)));

/** @param {string} serverSeedHex @param {string} clientSeed @param {number} count @returns {Promise<number[]>} */
export async function deriveDice(serverSeedHex, clientSeed, count) {
  const key = await crypto.subtle.importKey("raw", unhex(serverSeedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const out = [];
  let counter = 0;
  while (out.length < count) {
    const digest = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${clientSeed}:${counter}`)));
    counter += 1;
    const b = digest.find((x) => x < 252);
    if (b !== undefined) out.push((b % 6) + 1);
  }
  return out;
}

/** @param {HTMLElement} main @param {import("./dom.js").H} h @param {string} id */
export async function verifyPage(main, h, id) {
  const resp = await fetch(`/api/games/${id}/record`, { headers: { "X-Lang": currentLang() } });
  if (!resp.ok) {  // (no such game: the router says "not found" with the server's words)
    const e = await resp.json();
    throw new ApiError(resp.status, e.code, e.error || resp.statusText);
  }
  const text = await resp.text();
  const records = text.trim().split("\n").map((l) => JSON.parse(l));
  // a money game carries the dice on its setup line; a match's log does not: ask the server
  let info = records[0].dice;
  if (!info) {
    const v = await (await fetch(`/api/games/${id}/verify`)).json();
    info = { commitment: v.commitment, client_seed: v.client_seed ?? "", server_seed: v.server_seed };
  }
  const card = h("div", { class: "card", id: "verify" }, h("h2", {}, t("verifyTitle")),
    h("p", { class: "small" }, `${t("commitment")}: `, h("code", {}, info.commitment)),
    h("p", { class: "small" }, `${t("clientSeedShown")}: `, h("code", {}, JSON.stringify(info.client_seed))));
  main.replaceChildren(card, h("p", {}, h("a", { href: `/game/${id}`, "data-link": true }, "←")));
  if (!info.server_seed) { card.append(h("p", {}, t("notRevealed"))); return; }
  card.append(h("p", { class: "small" }, `${t("seedRevealed")}: `, h("code", {}, info.server_seed)));
  const commitOk = hex(await crypto.subtle.digest("SHA-256", unhex(info.server_seed))) === info.commitment;
  card.append(h("p", { class: commitOk ? "ok" : "bad", id: "commit-check" }, commitOk ? t("commitOk") : t("commitBad")));
  const rolls = records.filter((r) => r.type === "opening" || r.type === "roll");
  const dice = await deriveDice(info.server_seed, info.client_seed, rolls.length * 2);
  let allOk = commitOk;
  // A game starts with its toss; a tied toss is tossed again within the same game.
  const starts = rolls.map((r, i) => r.type === "opening" && (i === 0 || rolls[i - 1].type !== "opening"));
  const games = starts.filter(Boolean).length;
  let game = 0;
  const rows = rolls.flatMap((r, i) => {
    let d = [dice[2 * i], dice[2 * i + 1]];
    const rec = r.type === "opening" ? [r.white, r.black] : r.dice;
    // The toss's two dice are the players' own (the game's creator's first), recorded by
    // colour (white's first): the same two numbers, in the recorded order when they are.
    const ok = r.type === "opening" ? [...rec].sort().join() === [...d].sort().join() : rec.join() === d.join();
    if (r.type === "opening" && ok) d = rec;
    allOk = allOk && ok;
    const row = h("tr", {}, h("td", {}, i + 1), h("td", {}, t(r.type === "opening" ? "opening" : "rollKind")),
      h("td", {}, rec.join("-")), h("td", {}, d.join("-")), h("td", { class: ok ? "ok" : "bad" }, ok ? "✓" : "✗"));
    if (!starts[i] || games < 2) return [row];
    game += 1;  // (a match: each game under its own heading)
    return [h("tr", { class: "game-start" }, h("th", { colspan: 5 }, t("gameNo")(game))), row];
  });
  card.append(h("p", { class: allOk ? "ok" : "bad", id: "verify-result" }, allOk ? t("verifyOk") : t("verifyBad")),
    h("table", {}, h("tr", {}, ["#", "", t("recorded"), t("derived"), ""].map((x) => h("th", {}, x))), rows));
  document.documentElement.lang = currentLang();
}
