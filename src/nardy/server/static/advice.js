// @ts-check
// The computer's cube advice as the game page's hint and the analysis board show it:
// the action in words, then the doubler's equities (no double, double/take,
// double/pass), as cube analysis writes them.
import { h } from "./dom.js";
import { msg, signedEquity, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {Json} data  a hint of kind "cube" (the server's ``cube_hint``) */
export function cubeAdvice(data) {
  const e = data.equities;
  const doubler = data.action === "double" || data.action === "no-double";
  const named = doubler ? msg(`cube.proper.${data.proper}`) : msg(`cube.action.${data.action}`);
  return h("p", { id: "cube-hint" }, t("cubeHint")(named || data.action, data.match),
    // (the figures are the doubler's, as cube analysis writes them: said so to the taker)
    h("br"), h("span", { class: "small" }, `${doubler ? "" : `${t("forTheDoubler")}: `}ND ${signedEquity(e.no_double)} · D/T ${signedEquity(e.double_take)} · D/P ${signedEquity(e.double_pass)}`
      + (data.exact ? ` · ${msg("cube.exact")}` : "")));
}
