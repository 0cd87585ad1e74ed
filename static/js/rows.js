// A row reached by its address ("#n7": "go to player", a score group, an opponent's link, a
// player's seat on the pairings) on a table that scrolls in a box one screen high under its
// pinned header row (public.css). The browser brings the row to the top of the screen in both
// the box and the page; for the last rows of a page the box cannot scroll that far, so the
// page scrolls on instead and takes the box's header row off the top of the screen: the reader
// sees a row of numbers with no column names. Here the page scrolls to the box, and the box to
// the row, just under its header.
// Without JavaScript the row is still on the screen, as the browser put it.
(function () {
  "use strict";

  function settle() {
    var id = decodeURIComponent(location.hash.slice(1));
    var row = id && document.getElementById(id);
    var box = row && row.closest(".wallchart-scroll, .standings-scroll, .pairings-scroll");
    if (!box) return;
    var head = box.querySelector("thead");
    window.scrollTo({ top: box.getBoundingClientRect().top + window.scrollY, behavior: "instant" });
    var offset = row.getBoundingClientRect().top - box.getBoundingClientRect().top;
    box.scrollTo({ top: box.scrollTop + offset - (head ? head.offsetHeight : 0), behavior: "instant" });
  }

  // After the browser's own jump (on load, and on a link within the page).
  window.addEventListener("load", function () { requestAnimationFrame(settle); });
  window.addEventListener("hashchange", function () { requestAnimationFrame(settle); });
})();
