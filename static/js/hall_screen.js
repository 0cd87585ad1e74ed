// Hall screens: cut the screen's list into pages of whole lines that fit the window, whatever the
// TV's shape, and show them in turn every data-seconds-per-page seconds. With the TD's number of
// lines per page the type is made smaller until that many fit. The clock and the countdown to
// the next round tick every second. htmx swaps in fresh content every minute; the pages are cut
// again and the rotation goes on from the same page. Without JavaScript the list is shown whole.
(function () {
  "use strict";
  var body = document.body;
  var seconds = parseInt(body.dataset.secondsPerPage, 10) || 15;
  var current = 0;
  var pages = []; // [first, end) line indexes
  body.classList.add("rotating");

  function parts() {
    var box = document.querySelector(".screen-list-box");
    var list = box && box.querySelector(".screen-list");
    if (!list) return null;
    var rows = Array.prototype.slice.call(list.querySelectorAll(":scope > tbody > tr, :scope > li"));
    var columns = list.classList.contains("screen-names") ? 2 : 1;
    return { box: box, list: list, rows: rows, columns: columns };
  }

  // Whether the lines now shown end inside the box.
  function fits(p) {
    return p.list.getBoundingClientRect().bottom <= p.box.getBoundingClientRect().bottom - parseFloat(getComputedStyle(p.box).paddingBottom) + 0.5;
  }

  function showLines(p, first, end) {
    p.rows.forEach(function (row, i) { row.hidden = i < first || i >= end; });
  }

  // How many lines fit, measured: the first line's height into the box's height, then checked.
  function perPage(p) {
    if (!p.rows.length) return 1;
    showLines(p, 0, p.rows.length);
    var head = p.list.tHead ? p.list.tHead.getBoundingClientRect().height : 0;
    var style = getComputedStyle(p.box);
    var room = p.box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) - head;
    var line = p.rows[0].getBoundingClientRect().height || 1;
    var n = Math.max(1, Math.floor(room / line)) * p.columns;
    showLines(p, 0, n);
    while (n > p.columns && !fits(p)) { n -= p.columns; showLines(p, 0, n); }
    return n;
  }

  function layout() {
    var p = parts();
    if (!p) { pages = []; label(); return; }
    p.list.style.fontSize = "";
    var wanted = parseInt(p.box.dataset.rowsPerPage, 10) || 0;
    var n = perPage(p);
    if (wanted) {
      // The TD's number of lines: smaller type until that many fit (never larger than the base).
      var size = parseFloat(getComputedStyle(p.list).fontSize);
      for (var k = 0; k < 40 && n < Math.min(wanted, p.rows.length); k++) {
        size *= 0.95;
        p.list.style.fontSize = size + "px";
        n = perPage(p);
      }
      n = Math.min(n, wanted);
    }
    pages = [];
    for (var first = 0; first < p.rows.length; first += n) pages.push([first, Math.min(first + n, p.rows.length)]);
    if (!pages.length) pages.push([0, 0]);
    show(current);
  }

  function show(i) {
    var p = parts();
    if (!p || !pages.length) return;
    current = i >= pages.length || i < 0 ? 0 : i;
    showLines(p, pages[current][0], pages[current][1]);
    label();
  }

  function label() {
    var el = document.querySelector(".screen-page-no");
    if (el) el.textContent = pages.length > 1 ? "page " + (current + 1) + " of " + pages.length : "";
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  // The clock reads the hall's time (data-time-zone, the server's TIME_ZONE), as the countdown's
  // "Next round at 14:00" does, not the zone the TV or laptop happens to be set to.
  var hallTime = null;
  try {
    hallTime = new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: body.dataset.timeZone
    });
  } catch (e) {
    hallTime = null; // an unknown zone name: the TV's own time
  }

  function tick() {
    var now = new Date();
    var clock = document.querySelector(".screen-clock");
    if (clock) clock.textContent = hallTime ? hallTime.format(now) : pad(now.getHours()) + ":" + pad(now.getMinutes());
    var countdown = document.querySelector(".screen-countdown");
    if (countdown) {
      var at = new Date(countdown.dataset.at);
      var left = Math.round((at - now) / 1000);
      var said = countdown.dataset.label;
      if (left > 0) {
        var h = Math.floor(left / 3600), m = Math.floor(left % 3600 / 60), s = left % 60;
        countdown.textContent = said + " · in " + (h ? h + ":" + pad(m) : m) + ":" + pad(s);
      } else if (left > -600) {
        countdown.textContent = said + " · starting now";
      } else {
        countdown.textContent = "";
      }
    }
  }

  function rotates() {
    var box = document.querySelector(".screen-list-box");
    return !box || box.dataset.rotate !== "false";
  }

  function start() { layout(); tick(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  body.addEventListener("htmx:afterSwap", start);
  window.addEventListener("resize", layout);
  setInterval(tick, 1000);
  setInterval(function () { if (rotates()) show(current + 1); }, seconds * 1000);
  window.hallScreen = { pages: function () { return pages.length; }, show: show };
})();
