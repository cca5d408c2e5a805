// @ts-check
// What changed between two states of a game that its player is told about (the
// signals of signals.js): a checker moved, the dice were rolled, it became the
// player's turn (to roll, to move, to answer a double or an offer to resign).
// No page code here: a test runs it in Node on the states a real server sent.

/** @typedef {import("./api.js").Json} Json */
/** What a state shows, for comparing with the next one.
 * @typedef {{ id: string, mine: boolean, done: number, dice: string, board: string }} Seen */
/** @typedef {{ moved: boolean, rolled: boolean, yourTurn: boolean }} Changes */

/** Whether the player of this page is the one to act (two players at one device are
 * never told: each sees the board). @param {Json} st */
const myTurn = (st) => (st.role === "white" || st.role === "black") && st.phase !== "over" && st.to_act === st.role;

/** @param {Json} st  a game state as the server sends it @returns {Seen} */
export function seen(st) {
  const done = (st.history || []).length;  // turns (and cube actions) done
  return {
    id: String(st.id),
    mine: myTurn(st),
    done,
    dice: st.dice ? `${done}:${st.turn}:${st.dice}` : "",  // one roll: the same until its turn is done
    board: JSON.stringify(st.board),
  };
}

/**
 * What changed from `before` (the previous state of the page, or null) to `now`;
 * nothing for a page's first state of a game.
 * @param {Seen | null} before @param {Seen} now @returns {Changes}
 */
export function changes(before, now) {
  if (!before || before.id !== now.id) return { moved: false, rolled: false, yourTurn: false };
  return {
    moved: now.board !== before.board,
    rolled: now.dice !== "" && now.dice !== before.dice,
    // a new turn of the player's: after the other's, or after a state that already holds
    // the other's answer too (the history grew while it stayed this player's turn)
    yourTurn: now.mine && (!before.mine || now.done !== before.done),
  };
}
