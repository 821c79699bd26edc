// The league seat picker: a player picked for one seat is shown as taken ("Ann · seat 1")
// and cannot be picked for another; the first-dealer list names each seat's player.
// Without this script the server refuses a player picked twice, with the seat to change.
(() => {
  "use strict";

  function plain(option) {
    if (!("name" in option.dataset)) option.dataset.name = option.textContent;
    return option.dataset.name;
  }

  function update(form) {
    const seats = Array.prototype.slice.call(form.querySelectorAll("select[name^=seat_]"));
    const taken = {};
    seats.forEach((select, seat) => {
      if (select.value) taken[select.value] = seat;
    });
    seats.forEach((select, seat) => {
      Array.prototype.forEach.call(select.options, (option) => {
        const name = plain(option);
        const other = option.value && option.value in taken && taken[option.value] !== seat;
        option.disabled = other;
        option.textContent = other ? `${name} · seat ${taken[option.value] + 1}` : name;
      });
    });
    const dealer = form.querySelector("select[name=first_dealer]");
    if (!dealer) return;
    Array.prototype.forEach.call(dealer.options, (option) => {
      const label = plain(option);
      const select = option.value === "" ? null : seats[Number(option.value)];
      const player =
        select && select.selectedIndex > 0 ? plain(select.options[select.selectedIndex]) : "";
      option.textContent = player ? `${label} · ${player}` : label;
    });
  }

  document.addEventListener("change", (event) => {
    const form = event.target.closest("[data-seat-picker]");
    if (form) update(form);
  });
  document.addEventListener("DOMContentLoaded", () => {
    document.querySelectorAll("[data-seat-picker]").forEach(update);
  });
})();
