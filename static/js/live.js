// A live scoreboard: every 2 s (while the page is shown) ask whether the game changed,
// with If-None-Match: "<version>". Nothing new costs the server one indexed query and an
// empty 304. A change brings the fresh #game-board, swapped in by htmx; a hand half
// tapped in on this phone is carried over into the fresh form, with a line saying the
// hand number moved on. The open link boxes stay open.
(() => {
  "use strict";
  const EVERY_MS = 2000;
  let asking = false;

  function board() {
    return document.getElementById("game-board");
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
    line.textContent =
      Number(now) > Number(before)
        ? "Hand " +
          before +
          " was recorded on another phone, so this entry is now hand " +
          now +
          ". What you tapped is kept: check it before you record it."
        : "Hand " +
          now +
          " was undone on another phone, so this entry is now hand " +
          now +
          ". What you tapped is kept: check it before you record it.";
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

  window.setInterval(ask, EVERY_MS);
  document.addEventListener("visibilitychange", ask);
})();
