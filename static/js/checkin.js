// Check-in at the door by keyboard: a row checked in or out is a new element (htmx swaps the
// row), and the focus would fall back to the top of the page. It goes where the TD types next:
// back to the search, its text selected, when a name was searched (type the next name at once);
// else to the next player's button, down the list. A refused row keeps the focus on its button.
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function (event) {
    var form = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!form || !form.closest || !form.matches("form[hx-post]") || !document.getElementById("checkin-table")) return;
    var number = form.querySelector('input[name="player"]');
    var row = number && document.getElementById("checkin-" + number.value);
    if (!row) return;
    var search = document.getElementById("id_q");
    if (row.querySelector("[role=alert]")) {
      row.querySelector("button").focus();
    } else if (search && search.value.trim()) {
      search.focus();
      search.select();
    } else {
      var next = row.nextElementSibling && row.nextElementSibling.querySelector("button");
      (next || row.querySelector("button")).focus();
    }
  });
})();
