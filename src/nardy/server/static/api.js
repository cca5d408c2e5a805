// @ts-check
// Talking to the server: JSON over HTTP (with the CSRF token and the interface
// language, in which the server says its errors) and the game websocket.
import { currentLang } from "./i18n.js";

/** @type {string | null} */
let csrf = null;

/** JSON as the server sends it (the shapes: the server's OpenAPI schema and docs). @typedef {any} Json */

export class ApiError extends Error {
  /**
   * @param {number} status @param {string | undefined} code @param {string} message  in the interface language
   * @param {Record<string, unknown>} [params]  the values in the message
   */
  constructor(status, code, message, params = {}) {
    super(message); this.status = status; this.code = code; this.params = params;
  }
}

/** @returns {Promise<Json>} */
export async function session() {
  const r = await fetch("/api/session", { credentials: "same-origin", headers: { "X-Lang": currentLang() } });
  const data = await r.json();
  csrf = data.csrf;
  return data;
}

/** @param {string} method @param {string} url @param {object} [body] @returns {Promise<Json>} */
export async function call(method, url, body) {
  let { r, data } = await send(method, url, body);
  // A refused token is asked for again once: an anonymous visitor's CSRF cookie is
  // set by whichever /api/session answer came last (two tabs opened together, or a
  // session that expired), so the token this page holds may no longer be the
  // cookie's. The server did nothing with the refused request, so sending it again
  // cannot apply anything twice.
  if (r.status === 403 && data.code === "csrf" && method !== "GET") {
    await session();
    ({ r, data } = await send(method, url, body));
  }
  if (!r.ok) throw new ApiError(r.status, data.code, data.error || r.statusText, data.params);
  if (data.csrf) csrf = data.csrf;
  return data;
}

/** @param {string} method @param {string} url @param {object} [body] */
async function send(method, url, body) {
  /** @type {RequestInit & { headers: Record<string, string> }} */
  const opts = { method, credentials: "same-origin", headers: { "X-Lang": currentLang() } };
  if (method !== "GET") {
    opts.headers["X-CSRF-Token"] = csrf ?? "";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body ?? {});
  }
  const r = await fetch(url, opts);
  /** @type {Json} */
  const data = await r.json().catch(() => ({}));
  return { r, data };
}

// A fresh id for one action. The server answers a repeat of an id (a retry after an
// answer was lost) with what the first one stored instead of applying it again.
// (crypto.getRandomValues: crypto.randomUUID exists only on HTTPS pages.)
export function actionId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// A websocket to one game that reconnects, asks for the events it missed (by event
// number) and sends again, with the same action ids, the actions not yet acknowledged.
export class GameSocket {
  /**
   * @param {string} gameId
   * @param {(msg: Json) => void} onUpdate  an "update" message: its events and the state
   * @param {(msg: Json) => void} onError  an "error" message
   * @param {number} lastSeq  the last event the page has seen (its state's ``seq``): the
   *   first hello asks only for what came after it
   */
  constructor(gameId, onUpdate, onError, lastSeq = 0) {
    this.gameId = gameId; this.onUpdate = onUpdate; this.onError = onError;
    this.lastSeq = lastSeq; this.nextId = 1; this.closed = false;
    this.delay = 500;
    /** @type {WebSocket | undefined} */
    this.ws = undefined;
    /** @type {Map<number, {type: string, id: number, action: object}>} message id -> an action sent and not yet acknowledged */
    this.pending = new Map();
    /** @type {((n: number) => void) | null} told how many watch the game (the server's ``watchers.py``) */
    this.onWatchers = null;
    this.connect();
  }
  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/games/${this.gameId}`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      ws.send(JSON.stringify({ type: "hello", last_seq: this.lastSeq, watchers: true }));
      for (const msg of this.pending.values()) ws.send(JSON.stringify(msg));
    };
    ws.onmessage = (m) => {
      const msg = JSON.parse(m.data);
      if (msg.type === "update") {
        for (const e of msg.events) this.lastSeq = Math.max(this.lastSeq, e.seq);
        if (msg.state.seq > this.lastSeq) this.lastSeq = msg.state.seq;
        this.onUpdate(msg);
      } else if (msg.type === "ack") this.pending.delete(msg.id);
      else if (msg.type === "error") { this.pending.delete(msg.id); this.onError(msg); }
      else if (msg.type === "watchers") this.onWatchers?.(msg.n);
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }
  /** @param {object} action  one game action (roll, move, double, …) @returns {boolean} sent */
  send(action) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    const msg = { type: "action", id: this.nextId++, action: { action_id: actionId(), ...action } };
    this.pending.set(msg.id, msg);
    this.ws.send(JSON.stringify(msg));
    return true;
  }
  drop() { if (this.ws) this.ws.close(); }  // (tests) lose the connection
  close() { this.closed = true; if (this.ws) this.ws.close(); }
}
