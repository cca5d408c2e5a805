// @ts-check
// Re-derive every roll of a finished game in the browser (WebCrypto HMAC-SHA256),
// independently of the server: die = first digest byte < 252, mod 6, plus 1.
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
  const text = await (await fetch(`/api/games/${id}/record`)).text();
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
  const rows = rolls.map((r, i) => {
    const d = [dice[2 * i], dice[2 * i + 1]];
    const rec = r.type === "opening" ? [r.white, r.black] : r.dice;
    const ok = r.type === "opening" ? [...rec].sort().join() === [...d].sort().join() : rec.join() === d.join();
    allOk = allOk && ok;
    return h("tr", {}, h("td", {}, i + 1), h("td", {}, t(r.type === "opening" ? "opening" : "rollKind")),
      h("td", {}, rec.join("-")), h("td", {}, d.join("-")), h("td", { class: ok ? "ok" : "bad" }, ok ? "✓" : "✗"));
  });
  card.append(h("p", { class: allOk ? "ok" : "bad", id: "verify-result" }, allOk ? t("verifyOk") : t("verifyBad")),
    h("table", {}, h("tr", {}, ["#", "", t("recorded"), t("derived"), ""].map((x) => h("th", {}, x))), rows));
  document.documentElement.lang = currentLang();
}
