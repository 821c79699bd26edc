// The night form: each variant's house rules show only while that variant is picked (a
// night on its own), and none while a league is picked (the league's own options apply).
// Without JavaScript every group shows, each headed with the variant it is for.
(function () {
  "use strict";
  function follow() {
    var form = document.querySelector("form.night-form");
    if (!form) return;
    var league = form.querySelector("select[name=league]");
    var variant = form.querySelector("select[name=variant]");
    var onItsOwn = !league || !league.value;
    form.querySelectorAll("fieldset.variant-options").forEach(function (group) {
      group.hidden = !(onItsOwn && variant && variant.value === group.dataset.variant);
    });
  }
  document.addEventListener("change", function (event) {
    if (event.target.closest && event.target.closest("form.night-form")) follow();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", follow);
  else follow();
})();
