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
(function () {
  "use strict";
  var STORE = "smear-waiting-hands";
  var RETRY_MS = 5000;
  var sending = false;
  var lastFailed = false;

  // -- the kept hands -------------------------------------------------------------------
  function load() {
    try { return JSON.parse(window.localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function save(all) { window.localStorage.setItem(STORE, JSON.stringify(all)); }
  function ofGame(game) { return load().filter(function (e) { return e.game === game; }); }
  function drop(key) { save(load().filter(function (e) { return e.key !== key; })); }
  function update(key, change) {
    save(load().map(function (e) { return e.key === key ? Object.assign(e, change) : e; }));
  }

  function newKey() {
    // crypto.randomUUID needs a secure context; plain http on the table's Wi-Fi is not one.
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function board() { return document.getElementById("game-board"); }
  function gameOf(el) {
    var live = el && el.dataset.live;
    return live ? live.split("/")[2] : null;
  }
  function handForm() {
    var form = document.getElementById("hand-form");
    return form && /\/hands\/$/.test(form.getAttribute("action")) ? form : null;
  }
  function csrf() {
    var headers = document.body.getAttribute("hx-headers");
    try { return JSON.parse(headers)["X-CSRFToken"]; } catch (e) { return ""; }
  }

  // -- what a kept hand says ------------------------------------------------------------
  function describe(form, fields) {
    // "Bo bid 3: High A, Low B, Jack A, Game A", in the words of the form's own labels.
    if (fields.some(function (f) { return f[0] === "thrown_in"; })) return "everyone passed: thrown in";
    var byTotals = fields.some(function (f) { return f[0] === "by_totals"; });
    var bidder = "", bid = "", points = [];
    form.querySelectorAll("input[type=radio]:checked").forEach(function (input) {
      var label = form.querySelector("label[for='" + input.id + "']");
      var text = label ? label.textContent.trim() : input.value;
      if (input.name === "bidder") bidder = text;
      else if (input.name === "bid") bid = text;
      else if (!byTotals) {
        var legend = document.getElementById(input.name + "-label");
        points.push((legend ? legend.childNodes[0].textContent.trim() : input.name) + " " + text);
      }
    });
    if (byTotals) {
      form.querySelectorAll(".totals label.total").forEach(function (label) {
        var input = label.querySelector("input");
        if (input && input.value !== "") points.push(label.childNodes[0].textContent.trim() + " " + input.value);
      });
    }
    return bidder + " bid " + bid + ": " + points.join(", ");
  }

  function keep(form, fields, key) {
    var number = Number(fields.filter(function (f) { return f[0] === "number"; })[0][1]);
    var all = load();
    if (all.some(function (e) { return e.key === key; })) return;
    all.push({
      game: gameOf(board()), key: key, number: number,
      fields: fields.filter(function (f) { return f[0] !== "csrfmiddlewaretoken"; }),
      text: describe(form, fields), url: form.getAttribute("action"), problem: "",
    });
    save(all);
    // The screen moves on to the next hand, ready for it.
    form.reset();
    form.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; });
    setNumber(form, number + 1);
  }

  function setNumber(form, number) {
    form.querySelector("input[name=number]").value = String(number);
    var button = form.querySelector("button.record");
    if (button) button.textContent = button.textContent.replace(/\d+\s*$/, String(number));
  }

  // -- the box on the board -------------------------------------------------------------
  function show() {
    var el = board();
    if (!el) return;
    var game = gameOf(el);
    var old = document.getElementById("waiting-hands");
    if (old) old.remove();
    var kept = game ? ofGame(game) : [];
    var form = handForm();
    if (form && kept.length) {
      var waiting = kept.filter(function (e) { return !e.problem; });
      var last = waiting.length ? waiting[waiting.length - 1].number : 0;
      var shown = Number(form.querySelector("input[name=number]").value);
      if (last >= shown) setNumber(form, last + 1);
    }
    if (!kept.length) return;
    var box = document.createElement("div");
    box.id = "waiting-hands";
    box.className = "waiting";
    box.setAttribute("role", "status");
    var waitingCount = kept.filter(function (e) { return !e.problem; }).length;
    // live.js leaves the board alone while hands wait: sending them refreshes it.
    box.dataset.waiting = String(waitingCount);
    var title = document.createElement("p");
    title.className = "waiting-title";
    var where = (navigator.onLine && !lastFailed) ? "sending" : "offline";
    title.textContent = waitingCount
      ? where + " · " + waitingCount + (waitingCount === 1 ? " hand waiting" : " hands waiting")
      : "Kept on this phone: not recorded";
    box.appendChild(title);
    if (waitingCount) {
      var note = document.createElement("p");
      note.textContent = "Kept on this phone; sent by themselves when the connection returns.";
      box.appendChild(note);
    }
    var list = document.createElement("ol");
    kept.forEach(function (entry) {
      var item = document.createElement("li");
      item.dataset.key = entry.key;
      var line = document.createElement("span");
      line.className = "waiting-hand";
      line.textContent = "Hand " + entry.number + ": " + entry.text;
      item.appendChild(line);
      if (entry.problem) {
        item.className = "conflict";
        var why = document.createElement("p");
        why.className = "problem";
        why.textContent = entry.problem;
        item.appendChild(why);
        item.appendChild(button("Enter it again", "reenter", entry.key));
        item.appendChild(button("Drop it", "drop", entry.key, "secondary outline"));
      }
      list.appendChild(item);
    });
    box.appendChild(list);
    if (waitingCount) box.appendChild(button("Retry now", "retry", "", "secondary"));
    el.insertBefore(box, el.firstChild);
  }

  // Said at once: the board scrolls to the kept hands, as it scrolls to the fresh scores
  // after a hand is recorded.
  function reveal() {
    var box = document.getElementById("waiting-hands");
    if (box) box.scrollIntoView({ block: "start" });
  }

  function button(text, action, key, cls) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.dataset.waiting = action;
    if (key) b.dataset.key = key;
    if (cls) b.className = cls;
    return b;
  }

  // -- sending the kept hands -------------------------------------------------------------
  function flush() {
    var el = board();
    var game = gameOf(el);
    if (sending || !game) return;
    var next = ofGame(game).filter(function (e) { return !e.problem; })[0];
    if (!next) { show(); return; }
    sending = true;
    var body = new URLSearchParams();
    next.fields.forEach(function (f) { body.append(f[0], f[1]); });
    fetch(next.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "Idempotency-Key": next.key, "HX-Request": "true" },
    }).then(function (response) {
      if (response.status >= 500) throw new Error("server " + response.status);
      return response.text().then(function (html) { return { status: response.status, html: html }; });
    }).then(function (answer) {
      lastFailed = false;
      if (answer.status === 200) {
        drop(next.key);
      } else {
        // Taken by another phone (409), refused (422), or this phone may not score (403):
        // this hand and every later kept one wait for the scorer.
        var page = new DOMParser().parseFromString(answer.html, "text/html");
        var why = page.querySelector(".problem, .error");
        var text = why ? why.textContent.trim() : "The server did not record it (" + answer.status + ").";
        ofGame(game).forEach(function (e) {
          if (!e.problem && e.number >= next.number) {
            update(e.key, { problem: e.key === next.key ? text : "Held: an earlier kept hand was not recorded." });
          }
        });
      }
      var current = board();
      if (current) {
        htmx.swap(current, answer.html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
      }
      sending = false;
      if (answer.status !== 200) {
        // The reason is shown with the kept hand; the fresh board need not say it twice.
        var said = board() && board().querySelector(":scope > .problem");
        if (said) said.remove();
      }
      if (answer.status === 200) flush(); else { show(); reveal(); }
    }).catch(function () {
      lastFailed = true;
      sending = false;
      show();
    });
  }

  // -- the hand form: a key on every hand; kept when it cannot be sent ---------------------
  document.addEventListener("htmx:configRequest", function (event) {
    var form = handForm();
    if (!form || event.detail.elt !== form) return;
    var key = newKey();
    event.detail.headers["Idempotency-Key"] = key;
    var fields = [];
    var params = event.detail.formData || event.detail.parameters;
    if (params && params.forEach) params.forEach(function (v, k) { fields.push([k, String(v)]); });
    else Object.keys(params || {}).forEach(function (k) { fields.push([k, String(params[k])]); });
    form._sending = { key: key, fields: fields };
    var game = gameOf(board());
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
    var form = handForm();
    var elt = event.detail.elt;
    if (form && elt === form && form._sending) {
      lastFailed = true;
      keep(form, form._sending.fields, form._sending.key);
      form._sending = null;
      show();
      reveal();
      return;
    }
    // An undo, an edit or another write: say so at once; keep the form as it is. (A
    // 'will score' line that could not be fetched is no write: nothing to say.)
    var target = elt && elt.tagName === "FORM" ? elt : null;
    if (!target) return;
    var old = target.querySelector(".unsent");
    if (old) old.remove();
    var line = document.createElement("p");
    line.className = "problem unsent";
    line.setAttribute("role", "alert");
    line.textContent = "Could not reach the server: nothing was changed yet. It is sent again when the connection returns. ";
    var retry = button("Retry", "resubmit", "", "secondary");
    line.appendChild(retry);
    target.insertBefore(line, target.firstChild);
    target.dataset.unsent = "1";
  }
  document.addEventListener("htmx:sendError", failed);
  document.addEventListener("htmx:timeout", failed);
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.xhr && event.detail.xhr.status >= 500) failed(event);
  });

  function resubmit() {
    document.querySelectorAll("form[data-unsent]").forEach(function (form) {
      delete form.dataset.unsent;
      var line = form.querySelector(".unsent");
      if (line) line.remove();
      htmx.trigger(form, "submit");
    });
  }

  document.addEventListener("click", function (event) {
    var b = event.target.closest("[data-waiting]");
    if (!b) return;
    var action = b.dataset.waiting;
    if (action === "retry") { lastFailed = false; flush(); }
    else if (action === "resubmit") resubmit();
    else if (action === "drop") { drop(b.dataset.key); show(); }
    else if (action === "reenter") reenter(b.dataset.key);
  });

  function reenter(key) {
    var entry = load().filter(function (e) { return e.key === key; })[0];
    var form = handForm();
    if (!entry || !form) return;
    drop(key);
    form.reset();
    form.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; });
    entry.fields.forEach(function (f) {
      if (f[0] === "number" || f[0] === "thrown_in") return;
      form.querySelectorAll("input").forEach(function (input) {
        if (input.name !== f[0]) return;
        if (input.type === "radio" || input.type === "checkbox") input.checked = input.value === f[1] || input.type === "checkbox";
        else input.value = f[1];
      });
    });
    show();
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.scrollIntoView({ block: "start" });
  }

  window.addEventListener("online", function () { lastFailed = false; flush(); resubmit(); });
  window.addEventListener("offline", show);
  document.addEventListener("htmx:load", function (event) {
    if (event.target.id === "game-board" || event.target === document.body) show();
  });
  function start() { show(); flush(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.setInterval(function () {
    var game = gameOf(board());
    if (game && ofGame(game).some(function (e) { return !e.problem; })) flush();
  }, RETRY_MS);

  // The app shell and the last boards seen, for when the phone is offline.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }

  // -- the board kept for a reload with no connection ----------------------------------
  // The service worker keeps a board as the page was loaded; the board then changes in
  // place (a hand recorded here, a live update). Each fresh board asks the worker to keep
  // the page again, so a reload with no connection shows the latest one.
  function keepLatest() {
    var sw = navigator.serviceWorker;
    if (!sw || !sw.controller) return;
    sw.controller.postMessage({ keep: window.location.pathname + window.location.search });
  }

  function when(iso) {
    var at = new Date(iso);
    if (isNaN(at.getTime())) return "";
    var time = at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    if (at.toDateString() === new Date().toDateString()) return time;
    return at.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" }) + " " + time;
  }

  // A page the worker showed from its copy (no connection) says so, and from when.
  function savedCopy() {
    var kept = document.body.dataset.savedCopy;
    var el = board();
    if (kept === undefined || !el || document.getElementById("saved-copy")) return;
    var line = document.createElement("p");
    line.id = "saved-copy";
    line.className = "note saved-copy";
    line.setAttribute("role", "status");
    var at = when(kept);
    line.textContent = "Saved copy" + (at ? " from " + at : "") + ", no connection: hands " +
      "recorded since on other phones do not show.";
    el.parentNode.insertBefore(line, el);
  }

  // -- plain http on the table's Wi-Fi -----------------------------------------------------
  // Browsers keep pages for offline use (service worker) and keep a screen awake only on
  // https (or this machine itself): say so where the table would miss it.
  function plainHttp() {
    if (window.isSecureContext || document.getElementById("plain-http")) return;
    var wake = document.querySelector("[data-wake-lock]");
    var el = wake || board();
    if (!el) return;
    var line = document.createElement("p");
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

  document.addEventListener("htmx:load", function (event) {
    if (event.target.id !== "game-board") return;
    // A fresh board from the server: no longer a saved copy.
    var saved = document.getElementById("saved-copy");
    if (saved) saved.remove();
    delete document.body.dataset.savedCopy;
    keepLatest();
  });
  function notices() { savedCopy(); plainHttp(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", notices);
  else notices();
})();
