// Public pages that update themselves while a round runs (standings, wall chart, pairings, a
// player's page). Every data-live-seconds the page asks its own address again, sending the
// version it shows: an unchanged section answers 204 and nothing on the page is touched. A
// changed one answers the new body, and only the rows, cells and attributes that differ are
// changed in place, so the reader's sideways scroll, open legends, focus and place on the page
// stay where they were. Without JavaScript the page is simply a page (reload for news).
(function () {
  "use strict";

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function clock(d) { return pad(d.getHours()) + ":" + pad(d.getMinutes()) + ":" + pad(d.getSeconds()); }

  // Attributes the reader owns: a legend they opened or closed stays so.
  function readerOwned(el, name) { return name === "open" && el.nodeName === "DETAILS"; }

  function syncAttributes(old, neu) {
    var i, a;
    for (i = 0; i < neu.attributes.length; i++) {
      a = neu.attributes[i];
      if (!readerOwned(old, a.name) && old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    }
    for (i = old.attributes.length - 1; i >= 0; i--) {
      a = old.attributes[i];
      if (!readerOwned(old, a.name) && !neu.hasAttribute(a.name)) old.removeAttribute(a.name);
    }
  }

  function sameKind(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName && (a.id || "") === (b.id || "");
  }

  // Make old look like neu, keeping every node that can be kept (rows are matched by id when
  // they have one, else by position). Equal subtrees are skipped at once (isEqualNode is native).
  function morph(old, neu) {
    if (old.isEqualNode(neu)) return;
    if (old.nodeType !== 1) {
      if (old.nodeValue !== neu.nodeValue) old.nodeValue = neu.nodeValue;
      return;
    }
    syncAttributes(old, neu);
    var keyed = {};
    for (var c = old.firstElementChild; c; c = c.nextElementSibling) if (c.id) keyed[c.id] = c;
    var cur = old.firstChild;
    var n = neu.firstChild;
    while (n) {
      var next = n.nextSibling;
      var match = n.nodeType === 1 && n.id ? keyed[n.id] : (cur && sameKind(cur, n) && !cur.id ? cur : null);
      if (match && sameKind(match, n)) {
        if (match === cur) cur = cur.nextSibling;
        else old.insertBefore(match, cur);
        morph(match, n);
      } else {
        old.insertBefore(n, cur);
      }
      n = next;
    }
    while (cur) { var gone = cur; cur = cur.nextSibling; old.removeChild(gone); }
  }

  function start(region) {
    var url = region.dataset.liveUrl;
    var seconds = parseInt(region.dataset.liveSeconds, 10) || 30;
    var status = document.querySelector("[data-live-status]");
    var updated = status && status.querySelector("[data-live-updated]");
    var offline = status && status.querySelector("[data-live-offline]");
    if (status) status.hidden = false;
    if (updated) updated.textContent = clock(new Date());
    var busy = false;

    function poll() {
      if (busy || document.hidden) return;
      busy = true;
      fetch(url, {
        headers: { "HX-Request": "true", "X-Live-Version": region.dataset.version || "" },
        cache: "no-store",
        credentials: "same-origin",
      }).then(function (response) {
        if (response.status === 204) return null;
        if (!response.ok) throw new Error(response.status);
        return response.text();
      }).then(function (text) {
        if (offline && !offline.hidden) offline.hidden = true;
        if (text === null) return;
        var holder = document.createElement("template");
        holder.innerHTML = text;
        var fresh = holder.content.getElementById(region.id);
        if (!fresh) return;
        morph(region, fresh);
        if (updated) updated.textContent = clock(new Date());
        region.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
      }).catch(function () {
        // A dropped connection in the hall: say so, try again at the next tick; the page stays.
        if (offline) offline.hidden = false;
      }).then(function () { busy = false; });
    }

    setInterval(poll, seconds * 1000);
    document.addEventListener("visibilitychange", function () { if (!document.hidden) poll(); });
  }

  function init() {
    var region = document.querySelector("[data-live-url]");
    if (region) start(region);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
  window.tiebreakLive = { morph: morph };
})();
