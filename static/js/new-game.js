// New game: each team-name field shows, as its placeholder, what the team is called when
// it is left empty (its partners, "Cy & Flo"), following the names as they are typed.
// Without this script the placeholder is the one the server drew.
(() => {
  "use strict";

  function partners(form, input) {
    return input.dataset.seats
      .split(" ")
      .map((seat) => {
        const field = form.querySelector(`[name="player_${Number(seat) - 1}"]`);
        const name = field ? field.value.trim() : "";
        return name || `Seat ${seat}`;
      })
      .join(" & ");
  }

  document.addEventListener("input", (event) => {
    const form = event.target.closest("#new-game");
    if (!form || !/^player_\d+$/.test(event.target.name || "")) return;
    form.querySelectorAll("input[data-seats]").forEach((input) => {
      input.placeholder = partners(form, input);
    });
  });
})();
