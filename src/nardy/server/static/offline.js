// @ts-check
// The installable app's page side: it registers the service worker (sw.js, which keeps
// the app shell for opening offline), and a bar under the header says when the device
// has lost its connection.
import { byId, h } from "./dom.js";
import { t } from "./i18n.js";
import { me } from "./session.js";

/** How often an app that could not start asks the server again. */
const RETRY_MS = 5000;

export function workOffline() {
  // service workers exist on HTTPS pages and on localhost only
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch((e) => console.warn("service worker:", e));
  }
  const bar = h("div", { id: "offline", role: "status", "data-t": "offline" }, t("offline"));
  document.querySelector("header")?.after(bar);
  const show = () => { bar.hidden = navigator.onLine; };
  window.addEventListener("offline", show);
  window.addEventListener("online", () => {
    show();
    if (!me) location.reload();  // the app could not start without the server: start it now
  });
  show();
}

/** The server could not be reached though the browser says it is online (``onLine``
 * means only that there is a network: a captive portal, a dead link beyond it, or an
 * emulated offline that the browser does not report): the bar says so, and the app
 * starts once the server answers again (no "online" event will come to say it). */
export function serverOutOfReach() {
  byId("offline").hidden = false;
  const probe = setInterval(() => {
    fetch("/healthz", { cache: "no-store" })
      .then((r) => { if (r.ok) { clearInterval(probe); location.reload(); } })
      .catch(() => undefined);  // (still out of reach: the next probe tells)
  }, RETRY_MS);
}
