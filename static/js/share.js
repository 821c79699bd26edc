// Copy and share buttons for the links one phone hands to another. A button names the
// input holding its link: data-copy="#watch-link", data-share="#watch-link".
(function () {
  "use strict";

  function linkOf(button, attribute) {
    var input = document.querySelector(button.getAttribute(attribute));
    return input ? input.value : "";
  }

  function say(button, text) {
    var label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    button.textContent = text;
    window.setTimeout(function () { button.textContent = label; }, 4000);
  }

  function copyByHand(button, link) {
    // Plain http on the table's Wi-Fi is not a secure context: no clipboard API there.
    var input = document.querySelector(button.getAttribute("data-copy"));
    input.focus();
    input.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    say(button, done ? "Copied" : "Select the link and copy it");
  }

  document.addEventListener("click", function (event) {
    var copy = event.target.closest("[data-copy]");
    if (copy) {
      var link = linkOf(copy, "data-copy");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link).then(
          function () { say(copy, "Copied"); },
          function () { copyByHand(copy, link); }
        );
      } else {
        copyByHand(copy, link);
      }
      return;
    }
    var share = event.target.closest("[data-share]");
    if (share && navigator.share) {
      navigator.share({ title: document.title, url: linkOf(share, "data-share") }).catch(function () {});
    }
  });

  // Selecting a link on focus makes it easy to copy by hand.
  document.addEventListener("focusin", function (event) {
    if (event.target.matches && event.target.matches("input.link")) event.target.select();
  });

  // The share sheet only where the browser has one (swapped-in boards included).
  function showShare(root) {
    if (!navigator.share) return;
    root.querySelectorAll("[data-share]").forEach(function (b) { b.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { showShare(document); });
  document.addEventListener("htmx:load", function (event) { showShare(event.target); });
})();
