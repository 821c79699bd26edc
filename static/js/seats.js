// The league seat picker: a player picked for one seat is shown as taken ("Ann · seat 1")
// and cannot be picked for another; the first-dealer list names each seat's player.
// Without this script the server refuses a player picked twice, with the seat to change.
(function () {
  "use strict";

  function plain(option) {
    if (!("name" in option.dataset)) option.dataset.name = option.textContent;
    return option.dataset.name;
  }

  function update(form) {
    var seats = Array.prototype.slice.call(form.querySelectorAll("select[name^=seat_]"));
    var taken = {};
    seats.forEach(function (select, seat) {
      if (select.value) taken[select.value] = seat;
    });
    seats.forEach(function (select, seat) {
      Array.prototype.forEach.call(select.options, function (option) {
        var name = plain(option);
        var other = option.value && option.value in taken && taken[option.value] !== seat;
        option.disabled = other;
        option.textContent = other ? name + " · seat " + (taken[option.value] + 1) : name;
      });
    });
    var dealer = form.querySelector("select[name=first_dealer]");
    if (!dealer) return;
    Array.prototype.forEach.call(dealer.options, function (option) {
      var label = plain(option);
      var select = option.value === "" ? null : seats[Number(option.value)];
      var player = select && select.selectedIndex > 0 ? plain(select.options[select.selectedIndex]) : "";
      option.textContent = player ? label + " · " + player : label;
    });
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest("[data-seat-picker]");
    if (form) update(form);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-seat-picker]").forEach(update);
  });
})();
