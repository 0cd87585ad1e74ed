// The round page's keyboard: 1 = 0 (and + -) enter the focused board's result, arrows move between
// boards, and after each entry the focus goes to the next board without a result.
(function () {
  "use strict";
  var ROW = "tr.pairing-row";

  function rows() { return Array.prototype.slice.call(document.querySelectorAll(ROW)); }

  function focusRow(row) {
    if (!row) return;
    row.focus({ preventScroll: true });
    var box = row.getBoundingClientRect();
    if (box.top < 80 || box.bottom > window.innerHeight) {
      row.scrollIntoView({ block: "center" });
    }
  }

  function nextPending(afterId) {
    var all = rows();
    var start = all.findIndex(function (r) { return r.id === afterId; });
    for (var i = 1; i <= all.length; i++) {
      var row = all[(start + i) % all.length];
      if (row.classList.contains("is-pending")) return row;
    }
    return null;
  }

  function currentRow() {
    var el = document.activeElement;
    return el && el.closest ? el.closest(ROW) : null;
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.matches && target.matches("input, textarea, select")) return;
    var row = currentRow();
    if (!row) {
      if (["1", "=", "0", "+", "-", "ArrowDown", "ArrowUp"].indexOf(event.key) >= 0 && rows().length) {
        focusRow(nextPending(null) || rows()[0]);
        event.preventDefault();
      }
      return;
    }
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      var all = rows();
      var i = all.indexOf(row) + (event.key === "ArrowDown" ? 1 : -1);
      if (i >= 0 && i < all.length) focusRow(all[i]);
      event.preventDefault();
      return;
    }
    var button = row.querySelector('button[data-key="' + CSS.escape(event.key) + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // After the row came back from the server, go on to the next board still without a result.
  var lastRow = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    // Only a result's own request counts: the polling in between must not lose the place.
    var row = event.target.closest ? event.target.closest(ROW) : null;
    if (row) lastRow = row.id;
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    if (!lastRow) return;
    var row = document.getElementById(lastRow);
    if (!row || event.target.id !== lastRow && !row.contains(event.target)) return;
    var id = lastRow;
    lastRow = null;
    if (row.querySelector("[role=alert]")) { focusRow(row); return; }
    focusRow(nextPending(id) || row);
  });

  // A "More" menu closes when another one opens or after a click elsewhere.
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details.more-results[open]").forEach(function (d) {
      if (!d.contains(event.target)) d.removeAttribute("open");
    });
  });

  document.addEventListener("DOMContentLoaded", function () {
    var hash = window.location.hash && document.querySelector(window.location.hash);
    focusRow(hash && hash.matches(ROW) ? hash : nextPending(null));
  });
})();

// The pairings form: the name of the player whose number was typed, under the number.
(function () {
  "use strict";
  var data = document.getElementById("player-names");
  if (!data) return;
  var names = JSON.parse(data.textContent);
  function show(input) {
    var who = document.querySelector('.who[data-for="' + input.id + '"]');
    if (!who) return;
    var value = input.value.trim();
    who.textContent = value === "" ? "" : names[value] || "no such player";
    who.classList.toggle("text-danger", value !== "" && !names[value]);
  }
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches(".num-input")) show(event.target);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll(".num-input").forEach(show);
  });
})();
