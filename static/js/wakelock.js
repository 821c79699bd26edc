// The table view keeps the screen awake while it is open, where the browser allows it
// (Screen Wake Lock API). The lock is let go when the page is hidden, so it is asked for
// again when the page is shown. data-wake-lock on the board says how it went.
(() => {
  "use strict";
  let lock = null;

  function say(state) {
    const board = document.querySelector("[data-wake-lock]");
    if (board) board.setAttribute("data-wake-lock", state);
  }

  function ask() {
    if (!("wakeLock" in navigator)) {
      say("unsupported");
      return;
    }
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock
      .request("screen")
      .then((sentinel) => {
        lock = sentinel;
        say("on");
        sentinel.addEventListener("release", () => {
          lock = null;
          say("released");
        });
      })
      .catch(() => {
        say("refused");
      });
  }

  document.addEventListener("visibilitychange", ask);
  // The board is swapped in by htmx every few seconds: keep saying how the lock stands.
  document.addEventListener("htmx:afterSwap", () => {
    say(lock ? "on" : "off");
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ask);
  else ask();
})();
