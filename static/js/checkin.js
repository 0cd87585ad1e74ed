// Check-in at the door by keyboard: a row checked in or out is a new element (htmx swaps the
// row), and the focus would fall back to the top of the page. It goes where the TD types next:
// back to the search, its text selected, when a name was searched (type the next name at once);
// else to the next player's button, down the list. A refused row keeps the focus on its button.
// A search's answer that replaces the list under the focus (the search sent twice, by Enter and
// by typing) gives it back to the same player's button.
(function () {
  "use strict";
  var focused = null;  // the id of the row whose button last had the focus

  document.addEventListener("focusin", function (event) {
    var row = event.target.closest && event.target.closest("#checkin-table tr[id]");
    focused = row ? row.id : null;
  });

  function toggled(form) {
    var number = form.querySelector('input[name="player"]');
    var row = number && document.getElementById("checkin-" + number.value);
    if (!row) return false;
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
    return true;
  }

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!document.getElementById("checkin-table")) return;
    var form = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (form && form.matches && form.matches("form[hx-post]") && toggled(form)) return;
    var lost = !document.activeElement || document.activeElement === document.body;
    var back = focused && document.getElementById(focused);
    var button = back && back.querySelector("button");
    if (lost && button) button.focus();
  });

  // Two check-ins on their way at once (two taps on a slow connection) are answered in any
  // order, each with the count as the server read it: an answer read before the count on the
  // page does not replace it ("1 of 2 checked in" after both were saved).
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var shown = event.detail.target;
    var incoming = event.detail.fragment && event.detail.fragment.firstElementChild;
    if (!shown || shown.id !== "checkin-count" || !incoming) return;
    if (Number(incoming.dataset.countedAt) < Number(shown.dataset.countedAt)) {
      event.detail.shouldSwap = false;
    }
  });

  // A check-in answered after the list was drawn again (the TD searched on before the answer
  // came) was swapped into its old row, gone from the page, with its count (htmx looks for
  // the count beside the old row): the list went on showing the player as before the tap, and
  // the count too. The answer goes to the player's row on the list now, if there, and its
  // count to the page. (htmx fires its swap events on the old row: a listener put on it.)
  document.addEventListener("htmx:beforeRequest", function (event) {
    var row = event.detail.target;
    if (!row || !row.matches || !row.matches("#checkin-table tr[id]")) return;
    row.addEventListener("htmx:beforeSwap", function (swap) {
      if (document.body.contains(row) || !swap.detail.shouldSwap || !window.htmx) return;
      swap.detail.shouldSwap = false;
      window.htmx.swap(document.getElementById(row.id) || row, swap.detail.serverResponse,
        { swapStyle: "outerHTML" });
    }, { once: true });
  });

  // A search read by the server before a check-in, whose answer comes after the check-in's:
  // its list shows the player as before the tap. Such a list is asked for again at once.
  document.addEventListener("htmx:afterSwap", function (event) {
    var table = document.getElementById("checkin-table");
    var count = document.getElementById("checkin-count");
    var search = document.getElementById("id_q");
    if (!table || !count || !search || !window.htmx || !event.detail.requestConfig || event.detail.requestConfig.elt !== search) return;
    if (Number(table.dataset.countedAt) < Number(count.dataset.countedAt)) {
      window.htmx.trigger(search, "search");
    }
  });
})();
