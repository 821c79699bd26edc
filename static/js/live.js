// A live board: the scoreboard (#game-board), the table view (#table-board), a night's
// room view (#room), a player's guide card (#guide), the director's dashboard
// (#dashboard) or a team's board of hands to agree to (#agree-board); the last three are
// each phone's own, fetched as a scorer's board is. It holds one stream of server-sent events (EventSource, its
// data-stream; the scoreboard's is beside its data-live) that says the version of what it
// shows when it changes, and again every 45 s as a sign of life (or a "ping", from the push
// engine that holds the streams with LIVE_ENGINE=nchan): an idle board costs no request. A board every phone sees alike (a watcher's, the table and room views) comes
// in the stream itself (event "board"); a scorer's board, told a version it does not
// show, fetches its fresh fragment. Without a stream
// (no EventSource, a server or a proxy that gives none, or cuts it) the board polls as it
// always did: the scoreboard asks every 2 s (while the page is shown) with
// If-None-Match: "<version>", nothing new being an empty 304 after one indexed query, and
// the table and room views let htmx ask every few seconds. It tries the stream again by
// itself and stops polling as soon as one flows; <body data-live-mode> says which it does.
// A fresh #game-board is swapped in by htmx; a hand half tapped in on this phone is
// carried over into the fresh form, with a line saying the hand number moved on. The open
// link boxes stay open.
(() => {
  "use strict";
  const EVERY_MS = 2000;
  // A stream silent this long is taken as cut (the server speaks every 45 s), and one that
  // opens but says nothing this long as held back (a proxy that buffers).
  const QUIET_MS = 100000;
  const FIRST_MS = 10000;
  // The waits before each new try of a stream after a failure; the last one repeats.
  const RETRY_MS = [1000, 3000, 10000, 30000, 60000];
  let asking = false;
  let refreshing = false;
  let source = null;
  let streaming = false;
  let opened = 0;
  let heard = 0;
  // The stream flows but its server cannot hear writes now (event "deaf"): poll meanwhile.
  let deaf = false;
  let failures = 0;
  let retry = null;
  let sourceUrl = null;
  // The last version the stream said.
  let latest = null;

  function board() {
    return document.getElementById("game-board");
  }

  function liveBoard() {
    return (
      board() ||
      document.querySelector(
        "#table-board[data-stream], #room[data-stream], #guide[data-stream], " +
          "#dashboard[data-stream], #agree-board[data-stream]",
      )
    );
  }

  function streamOf(el) {
    if (el.dataset.stream) return el.dataset.stream;
    return el.dataset.live ? el.dataset.live.replace(/\/live\/$/, "/events/") : null;
  }

  function entered(form) {
    // What the person has tapped or typed: radios and switches that differ from how the
    // form was drawn, numbers typed.
    const fields = [];
    let changed = false;
    form.querySelectorAll("input").forEach((input) => {
      if (!input.name || input.type === "hidden") return;
      if (input.type === "radio" || input.type === "checkbox") {
        if (input.checked !== input.defaultChecked) changed = true;
        fields.push({ name: input.name, value: input.value, checked: input.checked, box: true });
      } else {
        if (input.value !== input.defaultValue) changed = true;
        fields.push({ name: input.name, value: input.value, box: false });
      }
    });
    return changed ? fields : null;
  }

  function restore(form, fields) {
    fields.forEach((field) => {
      form.querySelectorAll("input").forEach((input) => {
        if (input.name !== field.name) return;
        if (field.box) {
          if (input.value === field.value) input.checked = field.checked;
        } else if (input.type !== "hidden" && input.type !== "radio" && input.type !== "checkbox") {
          input.value = field.value;
        }
      });
    });
  }

  function numberOf(form) {
    const input = form?.querySelector("input[name=number]");
    return input ? input.value : "";
  }

  function movedOn(form, before, now) {
    const line = document.createElement("p");
    line.className = "problem moved-on";
    line.setAttribute("role", "alert");
    // The line takes the deal line's place: it says who deals now ("Hand 3 · Bo deals ·
    // Cy bids first" says "Bo deals").
    const deal = form.querySelector(".deal");
    const found = deal ? /·\s*([^·]+? deals)/.exec(deal.textContent) : null;
    const dealer = found ? `, ${found[1].trim()}` : "";
    line.textContent =
      // Short: a line or two above the pad, whose rows must all stay above the bar.
      Number(now) > Number(before)
        ? `Hand ${before} was recorded on another phone: this is now hand ${now}${dealer}. ` +
          "Check what you tapped."
        : `Hand ${now} was undone on another phone: this is now hand ${now}${dealer}. ` +
          "Check what you tapped.";
    // In the deal line's place (the hand's number is what changed), beside "Type totals":
    // no row of the pad is pushed under the bar.
    const head = form.querySelector(".bidding-head");
    if (head) head.insertBefore(line, head.firstChild);
    else form.insertBefore(line, form.firstChild);
  }

  function stopped(form) {
    if (form.querySelector(".stopped")) return;
    const line = document.createElement("p");
    line.className = "problem stopped";
    line.setAttribute("role", "alert");
    line.textContent =
      "Another phone stopped this phone scoring this game: what you tapped cannot be " +
      "recorded from here. Ask the table for the new scoring link, or reload to watch.";
    form.insertBefore(line, form.firstChild);
  }

  function swapIn(old, html) {
    const form = old.querySelector("#hand-form");
    const fields = form ? entered(form) : null;
    const before = numberOf(form);
    const focused =
      document.activeElement && old.contains(document.activeElement)
        ? document.activeElement.name
        : null;
    const open = [];
    old.querySelectorAll("details[open]").forEach((d) => {
      open.push(d.className);
    });
    // This phone was stopped scoring while a hand is half entered: keep the page and the
    // hand, and say so now rather than when Record is tapped (the next board it asks for
    // is the read-only one).
    if (fields && html.indexOf('id="hand-form"') < 0) {
      stopped(form);
      return;
    }
    htmx.swap(old, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
    const fresh = board();
    if (!fresh) return;
    fresh.querySelectorAll("details").forEach((d) => {
      if (open.indexOf(d.className) >= 0) d.open = true;
    });
    const newForm = fresh.querySelector("#hand-form");
    if (!newForm || !fields) return;
    restore(newForm, fields);
    const now = numberOf(newForm);
    if (before && now && before !== now) movedOn(newForm, before, now);
    if (focused) {
      const again = newForm.querySelector(`[name='${focused}']:not([type=radio])`);
      if (again) again.focus();
    }
    // The 'will score' line follows the kept entry, against the fresh standings.
    newForm.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function ask() {
    const current = board();
    if (asking || !current || !current.dataset.live || document.hidden) return;
    if (current.querySelector(".htmx-request") || current.classList.contains("htmx-request"))
      return;
    // Hands kept on this phone are being sent (offline.js); each answer is the fresh board.
    const waiting = document.getElementById("waiting-hands");
    if (waiting && waiting.dataset.waiting !== "0") return;
    asking = true;
    fetch(current.dataset.live, {
      headers: { "If-None-Match": `"${current.dataset.version}"`, "HX-Request": "true" },
      credentials: "same-origin",
      cache: "no-store",
    })
      .then((response) => {
        // The game was removed on another phone: show its page, which says so.
        if (response.status === 410) {
          window.location.reload();
          return null;
        }
        if (response.status !== 200) return null;
        return response.text();
      })
      .then((html) => {
        const now = board();
        // Swap only if this page still shows the board it asked about.
        if (html && now === current) swapIn(current, html);
      })
      .catch(() => {
        // Offline or the server is away: ask again at the next tick.
      })
      .finally(() => {
        asking = false;
      });
  }

  // A team's board with its "Not right" open (words being written), or the dashboard
  // with a question open ("Close table n as it stands"), is not swapped under the finger:
  // the answer to what is sent is the fresh board, or the next version is.
  function busy(el) {
    return (
      (el.id === "agree-board" || el.id === "dashboard") &&
      el.querySelector("details[open]") !== null
    );
  }

  // The table and room views: their own fragment, as htmx would ask for it.
  function refresh(el) {
    const url = el.getAttribute("hx-get");
    if (refreshing || !url || document.hidden || busy(el)) return;
    refreshing = true;
    fetch(url, { headers: { "HX-Request": "true" }, credentials: "same-origin", cache: "no-store" })
      .then((response) => {
        // The night moved on but this card did not (a hand at another table): it takes
        // the new version, and is not drawn again.
        const moved = response.headers.get("X-Version");
        if (response.status === 204 && moved && liveBoard() === el) {
          el.dataset.version = moved;
          el.setAttribute("hx-get", url.replace(/([?&]v=)[^&]*/, `$1${encodeURIComponent(moved)}`));
        }
        return response.status === 200 ? response.text() : null;
      })
      .then((html) => {
        if (html && liveBoard() === el && !busy(el)) {
          htmx.swap(el, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
        }
      })
      .catch(() => {})
      .finally(() => {
        refreshing = false;
      });
  }

  function newer(version, shown) {
    if (/^\d+$/.test(version) && /^\d+$/.test(shown || "")) return BigInt(version) > BigInt(shown);
    return version !== shown;
  }

  // The stream said a version: fetch the board if it shows an older one.
  function follow() {
    const el = liveBoard();
    if (!el || latest === null || !newer(latest, el.dataset.version)) return;
    if (el.id === "game-board") ask();
    else refresh(el);
  }

  function setMode(now) {
    streaming = now;
    document.body.dataset.liveMode = now ? "stream" : "poll";
  }

  function open() {
    const el = liveBoard();
    const url = el && streamOf(el);
    if (source || !url || !("EventSource" in window) || document.hidden) return;
    window.clearTimeout(retry);
    retry = null;
    // The version this board shows: a newer board comes at once.
    source = new EventSource(`${url}?v=${encodeURIComponent(el.dataset.version || "")}`);
    sourceUrl = url;
    opened = Date.now();
    source.onmessage = (event) => {
      said(event.data);
      follow();
    };
    // The server cannot hear writes (its database is away): its versions and heartbeats
    // prove nothing, so the board polls until a plain event says it hears again.
    source.addEventListener("deaf", () => {
      heard = Date.now();
      deaf = true;
      if (streaming) {
        setMode(false);
        ask();
      }
    });
    source.addEventListener("board", (event) => {
      said(boardVersion(event));
      put(event.data);
    });
    // The push engine's sign of life (LIVE_ENGINE=nchan), where the app's own streams
    // repeat the version.
    source.addEventListener("ping", () => {
      heard = Date.now();
    });
    source.onerror = fail;
  }

  // The version a board event carries: its id from the app's own streams; the push
  // engine numbers its events its own way, so there the board's own data-version.
  function boardVersion(event) {
    if (/^\d+$/.test(event.lastEventId)) return event.lastEventId;
    const found = /data-version="([^"]*)"/.exec(event.data);
    return found ? found[1] : event.lastEventId;
  }

  function said(version) {
    heard = Date.now();
    deaf = false;
    if (!streaming) {
      setMode(true);
      failures = 0;
    }
    latest = version;
  }

  // A board that came in the stream: swapped in as a fetched one would be.
  function put(html) {
    const el = liveBoard();
    if (!el || !newer(latest, el.dataset.version)) return;
    if (el.id !== "game-board") {
      htmx.swap(el, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0 });
      return;
    }
    // A request of this board's is under way, or kept hands are being sent: their answer
    // is the fresh board, or it is asked for after them (follow).
    const waiting = document.getElementById("waiting-hands");
    if (el.querySelector(".htmx-request") || (waiting && waiting.dataset.waiting !== "0")) return;
    swapIn(el, html);
  }

  function close() {
    if (source) source.close();
    source = null;
    deaf = false;
    setMode(false);
  }

  // The stream failed or stopped: poll (at once, for what may have been missed) and try
  // the stream again later.
  function fail() {
    close();
    ask();
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    window.clearTimeout(retry);
    retry = window.setTimeout(() => {
      retry = null;
      open();
    }, wait);
  }

  function watch() {
    if (!source) return;
    const now = Date.now();
    if (streaming || deaf ? now - heard > QUIET_MS : now - opened > FIRST_MS) fail();
  }

  // While the stream flows (or the page is hidden) htmx's own polls of the table and room
  // views are not sent.
  document.addEventListener("htmx:beforeRequest", (event) => {
    const el = event.detail.elt;
    if (!el || !el.dataset.stream) return;
    if (["table-board", "room", "guide", "dashboard", "agree-board"].indexOf(el.id) < 0) return;
    if (streaming || document.hidden || busy(el)) event.preventDefault();
  });
  // A fresh board (a hand recorded here, kept hands sent, a live update) may still be
  // older than what the stream said meanwhile; a board swapped in may be the first on
  // this page (the scoring link's page) or another game's (a rematch).
  document.addEventListener("htmx:afterSettle", () => {
    const el = liveBoard();
    const url = el ? streamOf(el) : null;
    if (source && url !== sourceUrl) {
      close();
      latest = null;
    }
    if (!source && !retry && !document.hidden) open();
    follow();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      // A hidden page holds no stream (and no connection of the browser's few per site).
      window.clearTimeout(retry);
      retry = null;
      close();
    } else if ("EventSource" in window) {
      open();
    } else {
      ask();
    }
  });
  window.setInterval(() => {
    if (!streaming) ask();
  }, EVERY_MS);
  window.setInterval(watch, 5000);
  setMode(false);
  open();
})();
