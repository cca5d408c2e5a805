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

/** A hinted play's figures after its text: its equity (in a match normalised, with the
 * mover's MWC %), and below the best its difference from it.
 * @param {Json} p  a play of a hint (the server's ``hint_plays``) @param {number} i  its rank */
export const playFigures = (p, i) =>
  ` ${signedEquity(p.equity)}${p.mwc != null ? ` (${fixed(p.mwc, 1)}%)` : ""}${i ? ` ${fixed(p.diff, 3)}` : ""}`;
