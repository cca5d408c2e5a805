// @ts-check
// A tournament game's line on its page: the tournament (a link to its page), the round,
// and while the match is undecided the time by which the player to act must act, or
// lose the match by the no-show rule (the server's rule, as its tick applies it).
// When his next round's game starts (this one ended, and the round with it), a player
// on this page is told, called and taken there by the site's news (news.js), as from
// the lobby's page, even when it started while his socket was away.
import { call } from "./api.js";
import { h } from "./dom.js";
import { currentLang, msg } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {string} gameId @returns {{ el: HTMLElement, refresh: () => void }} the line, and what
 * asks the server again (at each change of the game) */
export function gameTournament(gameId) {
  const el = h("div", { class: "small game-tournament", id: "game-tournament", hidden: true });
  let asked = 0, none = false;
  const refresh = () => {
    if (none) return;  // (a game of no tournament never becomes one)
    const mine = ++asked;  // (answers out of order: only the last asked is shown)
    call("GET", `/api/games/${gameId}/tournament`).then((r) => {
      const x = r.tournament;
      if (!x) none = true;
      if (mine !== asked || !x) return;
      const by = x.act_by ? new Date(x.act_by).toLocaleTimeString(currentLang(), { hour: "2-digit", minute: "2-digit" }) : null;
      el.replaceChildren(
        h("a", { href: `/tournaments/${x.id}`, "data-link": true }, x.name), " · ",
        msg("web.tournament-round", { n: x.round }),
        by ? h("span", { class: "deadline", id: "act-by", title: msg("web.tournament-act-by-why") }, " · ", msg("web.tournament-act-by", { time: by })) : "");
      el.hidden = false;
    }).catch(() => undefined);  // (a line of context: the next change asks again)
  };
  return { el, refresh };
}

/**
 * What the result card of a finished tournament game shows instead of "New game": a
 * "Back to the tournament" link (to /tournaments/<id>) and, to one of the game's
 * players, what comes next for him (the server's `after`: the round's other games to
 * wait for, his next round's game started, a bye, out of the tournament while it goes
 * on (a knock-out's loser with his places, "5–8"), or the tournament over with his place).
 *
 * Resolves to null for a game of no tournament (the card keeps its "New game") or when
 * the server cannot be asked; never rejects. Ask it once the game is over (asked while
 * the match is undecided, it has only the link).
 * @param {string | { id: string }} game  the game's id, or its state (with `id`)
 * @returns {Promise<HTMLElement | null>} a `div#tournament-after` (class
 *   "tournament-after"): the link `a#back-to-tournament`, then `p#tournament-next`
 */
export async function tournamentAfterGame(game) {
  const gameId = typeof game === "string" ? game : game.id;
  /** @type {Json} */
  let x;
  try { x = (await call("GET", `/api/games/${gameId}/tournament`)).tournament; } catch { return null; }
  if (!x) return null;
  const after = x.after;
  /** @type {string | HTMLElement | null} */
  let next = null;
  if (after) {
    const n = after.next;
    // (a knock-out's losers of one round share their places: "5–8"; "over" only once
    // the whole tournament is, an "out" player is told the others play on)
    const shared = after.place != null && after.place_to != null && after.place_to !== after.place;
    if (n === "over") {
      next = after.place == null ? msg("web.tournament-next-over-plain")
        : shared ? msg("web.tournament-next-over-range", { place: after.place, to: after.place_to, n: after.players })
          : msg("web.tournament-next-over", { place: after.place, n: after.players });
    } else if (n === "out") {
      next = after.place == null ? msg("web.tournament-next-out")
        : shared ? msg("web.tournament-next-out-range", { place: after.place, to: after.place_to, n: after.players })
          : msg("web.tournament-next-out-place", { place: after.place, n: after.players });
    } else if (n === "bye") next = msg("web.tournament-next-bye", { round: after.round });
    else if (n === "game") {
      next = h("a", { href: `/game/${after.game}`, "data-link": true, id: "next-tournament-game" },
        msg("web.tournament-next-game", { round: after.round }));
    } else if (n === "waiting") {
      next = after.round != null ? msg("web.tournament-next-waiting", { round: after.round })
        : msg("web.tournament-next-waiting-end");
    }
  }
  return h("div", { class: "tournament-after", id: "tournament-after" },
    h("a", { href: `/tournaments/${x.id}`, "data-link": true, class: "button", id: "back-to-tournament" },
      msg("web.tournament-back"), ` · ${x.name}`),
    next ? h("p", { class: "small", id: "tournament-next" }, next) : null);
}
