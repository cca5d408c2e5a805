// @ts-check
// The computer's cube advice as the game page's hint and the analysis board show it:
// the action in words, then the doubler's equities (no double, double/take,
// double/pass), as cube analysis writes them.
import { h } from "./dom.js";
import { fixed, msg, signedEquity, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {Json} data  a hint of kind "cube" (the server's ``cube_hint``) */
export function cubeAdvice(data) {
  const e = data.equities;
  const doubler = data.action === "double" || data.action === "no-double";
  const named = doubler ? msg(`cube.proper.${data.proper}`) : msg(`cube.action.${data.action}`);
  // in a match the figures are 2·MWC − 1; a match player reads his winning chances
  // (MWC %, as gnubg and XG show them) beside them
  /** @param {number} x */
  const figure = (x) => data.match ? `${signedEquity(x)} (${fixed(50 * (x + 1), 1)}%)` : signedEquity(x);
  return h("p", { id: "cube-hint" }, t("cubeHint")(named || data.action, data.match),
    // (the figures are the doubler's, as cube analysis writes them: said so to the taker)
    h("br"), h("span", { class: "small", id: "cube-figures" }, `${doubler ? "" : `${t("forTheDoubler")}: `}ND ${figure(e.no_double)} · D/T ${figure(e.double_take)} · D/P ${figure(e.double_pass)}`
      + (data.match ? ` · ${msg("web.cube-mwc")}` : "") + (data.exact ? ` · ${msg("cube.exact")}` : "")));
}
