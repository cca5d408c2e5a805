// @ts-check
// The computer's advice as the game page's hint and the analysis board show it: the
// cube action in words, then the doubler's equities (no double, double/take,
// double/pass), as cube analysis writes them; a hinted play's figures.
import { h } from "./dom.js";
import { fixed, msg, signedEquity, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {Json} data  a hint of kind "cube" (the server's ``cube_hint``) */
export function cubeAdvice(data) {
  const e = data.equities;
  const doubler = data.action === "double" || data.action === "no-double";
  const named = doubler ? msg(`cube.proper.${data.proper}`) : msg(`cube.action.${data.action}`);
  // the figures are normalised to the cube (a pass +1.000, as the review, gnubg's EMG
  // and XG say them); in a match the doubler's winning chances (MWC %) stand beside
  /** @param {"no_double" | "double_take" | "double_pass"} k */
  const figure = (k) => data.match ? `${signedEquity(e[k])} (${fixed(data.mwc[k], 1)}%)` : signedEquity(e[k]);
  return h("p", { id: "cube-hint" }, t("cubeHint")(named || data.action, data.match),
    // (the figures are the doubler's, as cube analysis writes them: said so to the taker)
    h("br"), h("span", { class: "small", id: "cube-figures" }, `${doubler ? "" : `${t("forTheDoubler")}: `}ND ${figure("no_double")} · D/T ${figure("double_take")} · D/P ${figure("double_pass")}`
      + (data.match ? ` · ${msg("web.cube-mwc")}` : "") + (data.exact ? ` · ${msg("cube.exact")}` : "")));
}

/** A hinted play's figures after its text, each named (a bare "+0.412 0.045" said
 * nothing to a player): its equity (in a match normalised, with the mover's MWC %),
 * and below the best how much worse it is, as a loss of equity ("−0.045 vs best").
 * @param {Json} p  a play of a hint (the server's ``hint_plays``) @param {number} i  its rank */
export function playFigures(p, i) {
  const equity = `${signedEquity(p.equity)}${p.mwc != null ? ` (${fixed(p.mwc, 1)}%)` : ""}`;
  return h("span", { class: "hint-figs" }, " ",
    h("span", { class: "hint-fig hint-equity" }, msg("web.hint-equity", { equity })),
    i ? " · " : null, i ? h("span", { class: "hint-fig hint-loss" }, msg("web.hint-loss", { loss: signedEquity(p.diff) })) : null);
}
