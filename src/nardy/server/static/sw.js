// @ts-check
// The service worker: the app shell (its scripts, styles and icons) comes from a
// cache, so that the club opens fast, and opens at all without a network (the page
// itself comes from the network while there is one: the server writes it in the
// reader's language).
// The server (nardy/server/routes/pwa.py) serves this file at /sw.js with BUILD filled
// in: the version is a hash of the static files, so a deploy that changes any of them
// changes this file, the browser installs it again, and the new cache replaces the old.
// The API and the game's websocket are never cached: they go to the network as if
// there were no worker (a game's state must be the server's, and a failed request
// must fail as it does without a worker: game.js retries an action on a network error).

/**
 * @typedef {{ version: string, shell: string[],
 *   offline: { lang: string, title: string, text: string, retry: string }[] }} Build
 * @typedef {Event & { waitUntil(p: Promise<unknown>): void }} ExtendableEvent
 * @typedef {ExtendableEvent & { request: Request, respondWith(r: Promise<Response>): void }} FetchEvent
 * @typedef {{
 *   skipWaiting(): Promise<void>,
 *   clients: { claim(): Promise<void> },
 *   addEventListener(type: "install" | "activate", listener: (e: ExtendableEvent) => void): void,
 *   addEventListener(type: "fetch", listener: (e: FetchEvent) => void): void,
 * }} WorkerScope
 */

/** @type {Build} */
const BUILD = /*BUILD*/ { version: "dev", shell: ["/"], offline: [] } /*END*/;
const SHELL_CACHE = `nardy-shell-${BUILD.version}`;
// what a navigation may open that is not a page of the app (a file, this worker)
const NOT_PAGES = /^\/(static\/|sw\.js$|manifest\.webmanifest$)/;
const worker = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));

worker.addEventListener("install", (e) => {
  // "reload": the files as the server has them now, not as the HTTP cache kept them
  e.waitUntil(caches.open(SHELL_CACHE)
    .then((cache) => cache.addAll(BUILD.shell.map((url) => new Request(url, { cache: "reload" }))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("nardy-shell-") && n !== SHELL_CACHE)
      .map((n) => caches.delete(n))))
    .then(() => worker.clients.claim()));
});

worker.addEventListener("fetch", (e) => {
  const req = e.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (req.mode === "navigate" && !NOT_PAGES.test(url.pathname)) e.respondWith(page(req));
  else if (BUILD.shell.includes(url.pathname)) e.respondWith(shellFile(req));
});

/**
 * A page of the app: the network's first, as the server writes it in the reader's
 * language (routes/pages.py); without a network the cached one (every page is
 * index.html: the client routes itself), and the offline page when that is missing.
 * @param {Request} req @returns {Promise<Response>}
 */
async function page(req) {
  try { return await fetch(req); } catch { /* offline: the cache answers */ }
  const cache = await caches.open(SHELL_CACHE);
  // the page varies with the language cookie: any language beats none
  return (await cache.match("/", { ignoreVary: true })) ?? offlinePage();
}

/** A file of the shell: cache first (the cache's version is the deploy's). @param {Request} req */
async function shellFile(req) {
  const cache = await caches.open(SHELL_CACHE);
  return (await cache.match(req, { ignoreSearch: true })) ?? fetch(req);
}

/** The page when neither the cache nor the network answers: both languages (a worker
 * cannot read the page's choice of language). */
function offlinePage() {
  const blocks = BUILD.offline.map((o) => `<div class="card" lang="${o.lang}"><h1>${o.title}</h1><p>${o.text}</p>`
    + `<p><a href="/">${o.retry}</a></p></div>`).join("");
  const html = `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${BUILD.offline.map((o) => o.title).join(" · ")}</title><link rel="stylesheet" href="/static/style.css">`
    + `<main id="offline">${blocks}</main>`;
  return new Response(html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'self'" },
  });
}
