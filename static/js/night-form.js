// The night form: each variant's house rules show only while that variant is picked (a
// night on its own), and none while a league is picked (the league's own options apply).
// Without JavaScript every group shows, each headed with the variant it is for.
(() => {
  "use strict";
  function follow() {
    const form = document.querySelector("form.night-form");
    if (!form) return;
    const league = form.querySelector("select[name=league]");
    const variant = form.querySelector("select[name=variant]");
    const onItsOwn = !league || !league.value;
    form.querySelectorAll("fieldset.variant-options").forEach((group) => {
      group.hidden = !(onItsOwn && variant && variant.value === group.dataset.variant);
    });
  }
  document.addEventListener("change", (event) => {
    if (event.target.closest?.("form.night-form")) follow();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow);
  else follow();
})();
