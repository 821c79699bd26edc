// An invitation's link carries its code after '#', which a browser never sends to a server
// (no access log, no Referer). Copy it into the form, which posts it in the body, and take
// it out of the address bar and the history.
(() => {
  "use strict";
  function fill() {
    const code = decodeURIComponent(window.location.hash.slice(1));
    const input = document.getElementById("id_code");
    if (!code || !input) return;
    input.value = code;
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fill);
  else fill();
})();
