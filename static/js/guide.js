// A player's guide card (#guide) and the director's dashboard (#dashboard) of a club
// night. live.js keeps them fresh (a stream of the night's versions, or polling); this
// says what changed on the card: a new round drawn, a new state (sitting out, marked
// gone), an announcement, with a line on screen and a vibration where the browser allows
// one (navigator.vibrate: plain http too). With no connection the card stays as it was
// last drawn, and says from when. The dashboard's minutes since each table's last hand
// move on by themselves, and a table idle past the night's minutes is marked.
(() => {
  "use strict";

  function guide() {
    return document.getElementById("guide");
  }

  function seen(el) {
    return {
      round: el.dataset.round || "",
      state: el.dataset.state || "",
      announced: el.dataset.announced || "",
    };
  }

  function text(el, selector) {
    const found = el.querySelector(selector);
    return found ? found.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function what(before, now, el) {
    if (now.round !== before.round || (now.state !== before.state && now.state !== "table_done")) {
      const where = text(el, ".guide-where");
      return where ? `${where}. ${text(el, ".guide-message")}` : text(el, ".guide-message");
    }
    if (now.announced && now.announced !== before.announced) return ANNOUNCED;
    return "";
  }

  // A new announcement is on the card itself (its own line, read out as a status): the
  // phone buzzes, and the line at the top does not say it a second time.
  const ANNOUNCED = "announced";

  function buzz() {
    if (typeof navigator.vibrate === "function") {
      try {
        navigator.vibrate([200, 100, 200]);
      } catch (_) {
        // A browser that allows no vibration here: the card's line says it.
      }
    }
  }

  function notify(message) {
    const line = document.getElementById("guide-notice");
    if (!line || !message) return;
    if (message === ANNOUNCED) {
      line.hidden = true;
      buzz();
      return;
    }
    line.textContent = message;
    line.hidden = false;
    buzz();
  }

  function keepLatest() {
    const sw = navigator.serviceWorker;
    if (!sw || !sw.controller) return;
    sw.controller.postMessage({ keep: window.location.pathname });
  }

  let last = null;
  function changed() {
    const el = guide();
    if (!el) return;
    const now = seen(el);
    if (last !== null) notify(what(last, now, el));
    if (last === null || JSON.stringify(now) !== JSON.stringify(last)) keepLatest();
    last = now;
    offline();
  }

  function offline() {
    const el = guide();
    if (!el) return;
    let line = document.getElementById("guide-offline");
    if (navigator.onLine) {
      if (line) line.remove();
      return;
    }
    if (!line) {
      line = document.createElement("p");
      line.id = "guide-offline";
      line.className = "note";
      line.setAttribute("role", "status");
      el.parentNode.insertBefore(line, el);
    }
    const said = `No connection: this is your card as it was last updated (${text(el, ".guide-updated").replace(/ ·.*$/, "")}).`;
    if (line.textContent !== said) line.textContent = said;
  }

  // -- the dashboard's minutes ------------------------------------------------------------
  function tick() {
    const dash = document.getElementById("dashboard");
    if (!dash) return;
    const idle = Number(dash.dataset.idle || "0");
    const skew = Date.now() - Number(dash.dataset.now || "0") * 1000;
    dash.querySelectorAll(".dash-table[data-last]").forEach((table) => {
      if (table.dataset.finished === "1") return;
      const minutes = Math.max(
        0,
        Math.floor((Date.now() - skew - Number(table.dataset.last) * 1000) / 60000),
      );
      const shown = table.querySelector(".dash-minutes");
      if (shown) shown.textContent = String(minutes);
      if (idle && minutes >= idle && !table.classList.contains("attention")) {
        table.classList.add("attention");
        const why = document.createElement("p");
        why.className = "problem dash-why";
        why.textContent = `no hand for ${minutes} min`;
        shown?.parentNode?.after(why);
      }
    });
  }

  function start() {
    const main = document.querySelector("main") || document.body;
    new MutationObserver(changed).observe(main, { childList: true, subtree: true });
    changed();
    window.addEventListener("online", offline);
    window.addEventListener("offline", offline);
    window.setInterval(tick, 30000);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
