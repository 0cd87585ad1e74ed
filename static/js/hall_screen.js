// Hall screens: show one page of a long list at a time and rotate every data-seconds-per-page
// seconds. Without JavaScript every page is shown one under the other. htmx swaps in fresh
// content every minute; the rotation picks up the new pages on its next tick.
(function () {
  "use strict";
  var seconds = parseInt(document.body.dataset.secondsPerPage, 10) || 15;
  var current = 0;
  document.body.classList.add("rotating");

  function show() {
    var pages = document.querySelectorAll(".screen-page");
    if (!pages.length) return;
    if (current >= pages.length) current = 0;
    pages.forEach(function (page, i) { page.classList.toggle("active", i === current); });
    var label = document.querySelector(".screen-page-no");
    if (label) label.textContent = pages.length > 1 ? "page " + (current + 1) + " of " + pages.length : "";
  }

  document.addEventListener("DOMContentLoaded", show);
  document.body.addEventListener("htmx:afterSwap", show);
  setInterval(function () { current += 1; show(); }, seconds * 1000);
})();
