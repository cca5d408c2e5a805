// @ts-check
// The installable app's page side: it registers the service worker (sw.js, which keeps
// the app shell for opening offline), and a bar under the header says when the device
// has lost its connection.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { me } from "./session.js";

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
