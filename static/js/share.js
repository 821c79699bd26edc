// Copy and share buttons for the links one phone hands to another. A button names the
// input holding its link: data-copy="#watch-link", data-share="#watch-link".
(() => {
  "use strict";

  function linkOf(button, attribute) {
    const input = document.querySelector(button.getAttribute(attribute));
    return input ? input.value : "";
  }

  function say(button, text) {
    const label = button.dataset.label || button.textContent;
    button.dataset.label = label;
    button.textContent = text;
    window.setTimeout(() => {
      button.textContent = label;
    }, 4000);
  }

  function copyByHand(button, _link) {
    // Plain http on the table's Wi-Fi is not a secure context: no clipboard API there.
    const input = document.querySelector(button.getAttribute("data-copy"));
    input.focus();
    input.select();
    let done = false;
    try {
      done = document.execCommand("copy");
    } catch (_e) {
      done = false;
    }
    say(button, done ? "Copied" : "Select the link and copy it");
  }

  document.addEventListener("click", (event) => {
    const copy = event.target.closest("[data-copy]");
    if (copy) {
      const link = linkOf(copy, "data-copy");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(link).then(
          () => {
            say(copy, "Copied");
          },
          () => {
            copyByHand(copy, link);
          },
        );
      } else {
        copyByHand(copy, link);
      }
      return;
    }
    const share = event.target.closest("[data-share]");
    if (share && navigator.share) {
      navigator.share({ title: document.title, url: linkOf(share, "data-share") }).catch(() => {});
    }
  });

  // Selecting a link on focus makes it easy to copy by hand.
  document.addEventListener("focusin", (event) => {
    if (event.target.matches?.("input.link")) event.target.select();
  });

  // The share sheet only where the browser has one (swapped-in boards included).
  function showShare(root) {
    if (!navigator.share) return;
    root.querySelectorAll("[data-share]").forEach((b) => {
      b.hidden = false;
    });
  }
  document.addEventListener("DOMContentLoaded", () => {
    showShare(document);
  });
  document.addEventListener("htmx:load", (event) => {
    showShare(event.target);
  });
})();
