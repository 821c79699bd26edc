// No tap is lost. Every hand the scoring screen sends carries an Idempotency-Key. When it
// cannot reach the server (offline, time-out, server error), the hand is kept in this
// browser (localStorage: it survives a reload and a closed tab), in order, with its hand
// number and key, and the board says "offline · N hands waiting". The kept hands are sent
// again, oldest first, when the connection returns, every few seconds, and on Retry; the
// server records each once (the key) through the same service as any hand. A kept hand
// whose number another phone took meanwhile, or that the server refuses, is shown beside
// the fresh board to re-enter or drop: never silently discarded.
//
// An undo or an edit that cannot reach the server is said at once and sent again on Retry
// or when the connection returns (while the page stays open).
(() => {
  "use strict";
  const STORE = "smear-waiting-hands";
  const RETRY_MS = 5000;
  let sending = false;
  let lastFailed = false;

  // -- the kept hands -------------------------------------------------------------------
  function load() {
    try {
      return JSON.parse(window.localStorage.getItem(STORE) || "[]");
    } catch (_e) {
      return [];
    }
  }
  function save(all) {
    window.localStorage.setItem(STORE, JSON.stringify(all));
  }
  function ofGame(game) {
    return load().filter((e) => e.game === game);
  }
  function drop(key) {
    save(load().filter((e) => e.key !== key));
  }
  function update(key, change) {
    save(load().map((e) => (e.key === key ? Object.assign(e, change) : e)));
  }

  function newKey() {
    // crypto.randomUUID needs a secure context; plain http on the table's Wi-Fi is not one.
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, (b) => `0${b.toString(16)}`.slice(-2)).join("");
  }

  function board() {
    return document.getElementById("game-board");
  }
  function gameOf(el) {
    const live = el?.dataset.live;
    return live ? live.split("/")[2] : null;
  }
  function handForm() {
    const form = document.getElementById("hand-form");
    return form && /\/hands\/$/.test(form.getAttribute("action")) ? form : null;
  }
  function csrf() {
    const headers = document.body.getAttribute("hx-headers");
    try {
      return JSON.parse(headers)["X-CSRFToken"];
    } catch (_e) {
      return "";
    }
  }

  // -- what a kept hand says ------------------------------------------------------------

  // A button's words as the waiting list shows them: its team or value, without the
  // point's name that the score pad says before it to a screen reader ("High: ").
  function buttonWords(label) {
    const copy = label.cloneNode(true);
    for (const prefix of copy.querySelectorAll(".spoken-prefix")) prefix.remove();
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function describe(form, fields) {
    // "Bo bid 3: High A, Low B, Jack A, Game A", in the words of the form's own labels.
    if (fields.some((f) => f[0] === "thrown_in")) return "everyone passed: thrown in";
    const byTotals = fields.some((f) => f[0] === "by_totals");
    let bidder = "",
      bid = "",
      points = [];
    form.querySelectorAll("input[type=radio]:checked").forEach((input) => {
      const label = form.querySelector(`label[for='${input.id}']`);
      const text = label ? buttonWords(label) : input.value;
      if (input.name === "bidder") bidder = text;
      else if (input.name === "bid") bid = text;
      else if (!byTotals) {
        const legend = document.getElementById(`${input.name}-label`);
        points.push(`${legend ? legend.childNodes[0].textContent.trim() : input.name} ${text}`);
      }
    });
    if (byTotals) {
      form.querySelectorAll(".totals label.total").forEach((label) => {
        const input = label.querySelector("input");
        if (input && input.value !== "")
          points.push(`${label.childNodes[0].textContent.trim()} ${input.value}`);
      });
    }
    return `${bidder} bid ${bid}: ${points.join(", ")}`;
  }

  function keep(form, fields, key) {
    const number = Number(fields.filter((f) => f[0] === "number")[0][1]);
    const all = load();
    if (all.some((e) => e.key === key)) return;
    all.push({
      game: gameOf(board()),
      key: key,
      number: number,
      fields: fields.filter((f) => f[0] !== "csrfmiddlewaretoken"),
      text: describe(form, fields),
      url: form.getAttribute("action"),
      problem: "",
    });
    save(all);
    // The screen moves on to the next hand, ready for it.
    form.reset();
    form.querySelectorAll("input[type=radio]").forEach((r) => {
      r.checked = false;
    });
    setNumber(form, number + 1);
  }

  function setNumber(form, number) {
    form.querySelector("input[name=number]").value = String(number);
    const button = form.querySelector("button.record");
    if (button) button.textContent = button.textContent.replace(/\d+\s*$/, String(number));
    // The deal line says the hand being entered, not the server's next one; who deals it
    // is known once the waiting hands are in.
    const deal = form.querySelector(".bidding-head .deal");
    const shown = deal ? deal.textContent.match(/^Hand (\d+)/) : null;
    if (shown && Number(shown[1]) !== number) {
      deal.textContent = `Hand ${number} · after the hands waiting on this phone`;
    }
  }

  // -- the box on the board -------------------------------------------------------------
  function show() {
    const el = board();
    if (!el) return;
    const game = gameOf(el);
    const old = document.getElementById("waiting-hands");
    if (old) old.remove();
    const kept = game ? ofGame(game) : [];
    const form = handForm();
    if (form && kept.length) {
      const waiting = kept.filter((e) => !e.problem);
      const last = waiting.length ? waiting[waiting.length - 1].number : 0;
      const shown = Number(form.querySelector("input[name=number]").value);
      if (last >= shown) setNumber(form, last + 1);
    }
    if (!kept.length) return;
    const box = document.createElement("div");
    box.id = "waiting-hands";
    box.className = "waiting";
    box.setAttribute("role", "status");
    const waitingCount = kept.filter((e) => !e.problem).length;
    // live.js leaves the board alone while hands wait: sending them refreshes it.
    box.dataset.waiting = String(waitingCount);
    // A line or two above the pad, so that every row of the next hand stays above the bar:
    // the title (with Retry), then each hand by its number, what was tapped a tap away.
    const head = document.createElement("div");
    head.className = "waiting-head";
    const title = document.createElement("p");
    title.className = "waiting-title";
    const where = navigator.onLine && !lastFailed ? "sending" : "offline";
    title.textContent = waitingCount
      ? `${where} · ${waitingCount}${waitingCount === 1 ? " hand waiting" : " hands waiting"}` +
        ", not yet in the scores"
      : "Kept on this phone: not recorded";
    head.appendChild(title);
    // (Offline, the hands go by themselves when the connection returns: Retry is for a
    // connection that is there while the server does not answer.)
    if (waitingCount && where === "sending")
      head.appendChild(button("Retry now", "retry", "", "secondary"));
    box.appendChild(head);
    const list = document.createElement("ol");
    kept.forEach((entry) => {
      const item = document.createElement("li");
      item.dataset.key = entry.key;
      // "Hand 2", and when opened "Bo bid 2: High Bo & Dee, …".
      const line = document.createElement("details");
      line.className = "waiting-hand";
      const summary = document.createElement("summary");
      summary.textContent = `Hand ${entry.number}`;
      const colon = document.createElement("span");
      colon.className = "visually-hidden";
      colon.textContent = ": ";
      line.append(summary, colon, entry.text);
      item.appendChild(line);
      if (entry.problem) {
        item.className = "conflict";
        const why = document.createElement("p");
        why.className = "problem";
        why.textContent = entry.problem;
        item.appendChild(why);
        item.appendChild(button("Enter it again", "reenter", entry.key));
        item.appendChild(button("Drop it", "drop", entry.key, "secondary outline"));
      }
      list.appendChild(item);
    });
    box.appendChild(list);
    el.insertBefore(box, el.firstChild);
  }

  // Said at once: the board scrolls to the kept hands, as it scrolls to the fresh scores
  // after a hand is recorded.
  function reveal() {
    const box = document.getElementById("waiting-hands");
    if (box) box.scrollIntoView({ block: "start" });
  }

  function button(text, action, key, cls) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.dataset.waiting = action;
    if (key) b.dataset.key = key;
    if (cls) b.className = cls;
    return b;
  }

  // -- sending the kept hands -------------------------------------------------------------
  function flush() {
    const el = board();
    const game = gameOf(el);
    if (sending || !game) return;
    const next = ofGame(game).filter((e) => !e.problem)[0];
    if (!next) {
      show();
      return;
    }
    sending = true;
    const body = new URLSearchParams();
    next.fields.forEach((f) => {
      body.append(f[0], f[1]);
    });
    fetch(next.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "Idempotency-Key": next.key, "HX-Request": "true" },
    })
      .then((response) => {
        if (response.status >= 500) throw new Error(`server ${response.status}`);
        return response.text().then((html) => ({ status: response.status, html: html }));
      })
      .then((answer) => {
        lastFailed = false;
        if (answer.status === 200) {
          drop(next.key);
        } else {
          // Taken by another phone (409), refused (422), or this phone may not score (403):
          // this hand and every later kept one wait for the scorer.
          const page = new DOMParser().parseFromString(answer.html, "text/html");
          const why = page.querySelector(".problem, .error");
          const text = why
            ? why.textContent.trim()
            : `The server did not record it (${answer.status}).`;
          ofGame(game).forEach((e) => {
            if (!e.problem && e.number >= next.number) {
              update(e.key, {
                problem: e.key === next.key ? text : "Held: an earlier kept hand was not recorded.",
              });
            }
          });
        }
        const current = board();
        if (current) {
          htmx.swap(current, answer.html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
        }
        sending = false;
        if (answer.status !== 200) {
          // The reason is shown with the kept hand; the fresh board need not say it twice.
          const said = board()?.querySelector(":scope > .problem");
          if (said) said.remove();
        }
        if (answer.status === 200) flush();
        else {
          show();
          reveal();
        }
      })
      .catch(() => {
        lastFailed = true;
        sending = false;
        show();
      });
  }

  // -- the hand form: a key on every hand; kept when it cannot be sent ---------------------
  document.addEventListener("htmx:configRequest", (event) => {
    const form = handForm();
    if (!form || event.detail.elt !== form) return;
    const key = newKey();
    event.detail.headers["Idempotency-Key"] = key;
    const fields = [];
    const params = event.detail.formData || event.detail.parameters;
    if (params?.forEach)
      params.forEach((v, k) => {
        fields.push([k, String(v)]);
      });
    else
      Object.keys(params || {}).forEach((k) => {
        fields.push([k, String(params[k])]);
      });
    form._sending = { key: key, fields: fields };
    const game = gameOf(board());
    if (game && ofGame(game).length) {
      // Hands are waiting: this one goes after them, in order.
      event.preventDefault();
      keep(form, fields, key);
      show();
      reveal();
      flush();
    }
  });

  function failed(event) {
    const form = handForm();
    const elt = event.detail.elt;
    if (form && elt === form && form._sending) {
      lastFailed = true;
      keep(form, form._sending.fields, form._sending.key);
      form._sending = null;
      show();
      reveal();
      return;
    }
    // The 'will score' line could not be fetched: the bar says why it says nothing new,
    // instead of still asking for taps already made.
    if (elt && elt.id === "hand-preview") {
      const line = document.createElement("span");
      line.className = "pending";
      line.textContent = "The preview needs the connection: Record keeps this hand on this phone.";
      elt.replaceChildren(line);
      return;
    }
    // An undo, an edit or another write: say so at once; keep the form as it is.
    const target = elt && elt.tagName === "FORM" ? elt : null;
    if (!target) return;
    const old = target.querySelector(".unsent");
    if (old) old.remove();
    const line = document.createElement("p");
    line.className = "problem unsent";
    line.setAttribute("role", "alert");
    line.textContent =
      "Could not reach the server: nothing was changed yet. It is sent again when the connection returns. ";
    const retry = button("Retry", "resubmit", "", "secondary");
    line.appendChild(retry);
    target.insertBefore(line, target.firstChild);
    target.dataset.unsent = "1";
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", (event) => {
    if (event.detail.xhr && event.detail.xhr.status >= 500) failed(event);
  });

  function resubmit() {
    document.querySelectorAll("form[data-unsent]").forEach((form) => {
      delete form.dataset.unsent;
      const line = form.querySelector(".unsent");
      if (line) line.remove();
      htmx.trigger(form, "submit");
    });
  }

  document.addEventListener("click", (event) => {
    const b = event.target.closest("[data-waiting]");
    if (!b) return;
    const action = b.dataset.waiting;
    if (action === "retry") {
      lastFailed = false;
      flush();
    } else if (action === "resubmit") resubmit();
    else if (action === "drop") {
      drop(b.dataset.key);
      show();
    } else if (action === "reenter") reenter(b.dataset.key);
  });

  function reenter(key) {
    const entry = load().filter((e) => e.key === key)[0];
    const form = handForm();
    if (!entry || !form) return;
    drop(key);
    form.reset();
    form.querySelectorAll("input[type=radio]").forEach((r) => {
      r.checked = false;
    });
    entry.fields.forEach((f) => {
      if (f[0] === "number" || f[0] === "thrown_in") return;
      form.querySelectorAll("input").forEach((input) => {
        if (input.name !== f[0]) return;
        if (input.type === "radio" || input.type === "checkbox")
          input.checked = input.value === f[1] || input.type === "checkbox";
        else input.value = f[1];
      });
    });
    show();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.scrollIntoView({ block: "start" });
  }

  window.addEventListener("online", () => {
    lastFailed = false;
    flush();
    resubmit();
  });
  window.addEventListener("offline", show);
  document.addEventListener("htmx:load", (event) => {
    if (event.target.id === "game-board" || event.target === document.body) show();
  });
  function start() {
    show();
    flush();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.setInterval(() => {
    const game = gameOf(board());
    if (game && ofGame(game).some((e) => !e.problem)) flush();
  }, RETRY_MS);

  // The app shell and the last boards seen, for when the phone is offline.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  }

  // -- the board kept for a reload with no connection ----------------------------------
  // The service worker keeps a board as the page was loaded; the board then changes in
  // place (a hand recorded here, a live update). Each fresh board asks the worker to keep
  // the page again, so a reload with no connection shows the latest one.
  function keepLatest() {
    const sw = navigator.serviceWorker;
    if (!sw || !sw.controller) return;
    sw.controller.postMessage({ keep: window.location.pathname + window.location.search });
  }

  function when(iso) {
    const at = new Date(iso);
    if (Number.isNaN(at.getTime())) return "";
    const time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    if (at.toDateString() === new Date().toDateString()) return time;
    return `${at.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" })} ${time}`;
  }

  // A page the worker showed from its copy (no connection) says so, and from when.
  function savedCopy() {
    const kept = document.body.dataset.savedCopy;
    const el = board();
    if (kept === undefined || !el || document.getElementById("saved-copy")) return;
    const line = document.createElement("p");
    line.id = "saved-copy";
    line.className = "note saved-copy";
    line.setAttribute("role", "status");
    const at = when(kept);
    line.textContent =
      "Saved copy" +
      (at ? ` from ${at}` : "") +
      ", no connection: hands " +
      "recorded since on other phones do not show.";
    el.parentNode.insertBefore(line, el);
  }

  // -- plain http on the table's Wi-Fi -----------------------------------------------------
  // Browsers keep pages for offline use (service worker) and keep a screen awake only on
  // https (or this machine itself): say so where the table would miss it.
  function plainHttp() {
    if (window.isSecureContext || document.getElementById("plain-http")) return;
    const wake = document.querySelector("[data-wake-lock]");
    const el = wake || board();
    if (!el) return;
    const line = document.createElement("p");
    line.id = "plain-http";
    line.className = "note plain-http";
    line.setAttribute("role", "note");
    line.textContent = wake
      ? "Plain http, not https: the browser does not keep this screen awake, so it may dim " +
        "and lock. Served over https, it stays on."
      : "Plain http, not https: after a reload with no connection this phone cannot show " +
        "the board, nor add the app to its home screen (hands tapped in are still kept and " +
        "sent). Served over https, it can.";
    el.parentNode.insertBefore(line, el.nextSibling);
  }

  document.addEventListener("htmx:load", (event) => {
    if (event.target.id !== "game-board") return;
    // A fresh board from the server: no longer a saved copy.
    const saved = document.getElementById("saved-copy");
    if (saved) saved.remove();
    delete document.body.dataset.savedCopy;
    keepLatest();
  });
  function notices() {
    savedCopy();
    plainHttp();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", notices);
  else notices();
})();
