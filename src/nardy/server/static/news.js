// @ts-check
// The club's news on every page, as lichess's one socket brings it: a game of the
// visitor's that starts (his challenge accepted, a pairing, a tournament's round) and
// a challenge made to him reach him wherever he is, not only on the lobby page. He had
// been told nowhere else, and lost on time a game he never saw.
//
// The lobby page and the tournaments' pages hold a lobby socket of their own and show
// this news themselves: there this one is closed (``newsFor``, on every route). A
// game that starts takes him to it (gameStarted), except from a game he is playing:
// there a banner offers it, so that a move is never cut short.
import { banner, gameStarted, hearGames, LobbySocket, termsText } from "./lobby.js";
import { playerName } from "./dom.js";
import { msg, t } from "./i18n.js";
import { me } from "./session.js";
import { callPlayer } from "./signals.js";

/** @typedef {import("./api.js").Json} Json */

/** The pages whose own lobby socket tells this news. */
const OWN_SOCKET = /^\/(new)?$|^\/tournaments(\/|$)/;

/** @type {LobbySocket | null} */
let socket = null;
/** Whose session the socket was opened with (a guest who signed up is another). @type {number | null} */
let openedFor = null;

/**
 * The news socket for the page at ``path``: open for a visitor with a session (a
 * member or a guest) on a page without its own lobby socket, else closed.
 * @param {string} path
 */
export function newsFor(path) {
  const wanted = !OWN_SOCKET.test(path) && me && me.user && me.user.id != null;
  if (!wanted) {
    if (socket) socket.close();
    socket = null;
    return;
  }
  if (!socket) socket = new LobbySocket(hearGames(onGame, onOther), () => undefined);
  else if (openedFor !== me.user.id) socket.renew();
  openedFor = me.user.id;
}

/** Whether the page is a game the visitor is playing and that is not over. */
function playing() {
  const role = document.querySelector("#status")?.getAttribute("data-role");
  return (role === "white" || role === "black" || role === "both") && !document.querySelector("#result");
}

/** @param {Json} m  a "game" message (or a game found new in a snapshot: ``missed``) */
function onGame(m) {
  const here = location.pathname.match(/^\/game\/([^/]+)$/);
  if (here && here[1] === m.id) return;
  // (a tournament's next round starts once his match is decided: it always takes him,
  // even before this page has heard that his game is over)
  if (here && playing() && !m.tournament) {
    callPlayer(t("gameStartedTitle"));
    banner(msg(m.next ? "web.lobby-next-game-started" : "web.news-game-started"), `/game/${m.id}`, msg("web.news-open-game"));
    return;
  }
  gameStarted(m);
}

/** @param {Json} m  any other lobby message: a challenge to him is news */
function onOther(m) {
  if (m.type !== "challenge" || !me.user || !m.challenge.to || m.challenge.to.id !== me.user.id) return;
  const c = m.challenge;
  callPlayer(t("gameStartedTitle"));
  // (the lobby page shows the challenges to him first, with Accept and Decline)
  banner(msg("web.lobby-challenged", { name: playerName(c.by.name), terms: termsText(c) }), "/", msg("web.news-answer"));
}
