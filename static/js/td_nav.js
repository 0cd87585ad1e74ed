// A section's tabs and its rounds are one row that scrolls sideways on a phone (td.css): the
// current tab or round is scrolled into the middle of its row, on load and when htmx swaps in a
// fresh rounds list. Without JavaScript, td.css opens the row at the current tab as well.
(function () {
  "use strict";

  function reveal() {
    document.querySelectorAll(".section-tabs, .rounds-list .nav").forEach(function (row) {
      var current = row.querySelector(".active");
      if (!current || row.scrollWidth <= row.clientWidth) return;
      var box = row.getBoundingClientRect();
      var at = current.getBoundingClientRect();
      row.scrollLeft += at.left + at.width / 2 - (box.left + box.width / 2);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", reveal);
  else reveal();
  document.addEventListener("htmx:afterSettle", reveal);
})();
