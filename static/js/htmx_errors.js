// A TD's change sent by htmx (a check-in tap, a tiebreak-builder button) that gets no answer or
// a refusal says so. htmx swaps only 2xx answers and is otherwise silent, so a tap lost to the
// hall's Wi-Fi looked exactly like a tap that worked. Reads (polling) are left to their pages:
// they retry on their own and show when they last updated.
(function () {
  "use strict";

  function isWrite(event) {
    var config = event.detail && event.detail.requestConfig;
    return !!config && config.verb !== "get";
  }

  function box() {
    return document.getElementById("htmx-error");
  }

  function show(text) {
    var el = box();
    if (!el) return;
    el.querySelector(".htmx-error-text").textContent = text;
    el.hidden = false;
  }

  // Which change it was, in the words of the button pressed ("Check in Ben Ode"): the TD has
  // tapped on down the list by the time a lost tap is known, and the box above the page does
  // not sit by its row.
  function which(event) {
    var config = event.detail.requestConfig || {};
    var pressed = config.triggeringEvent && config.triggeringEvent.submitter;
    var elt = config.elt;
    var button = pressed || (elt && elt.matches && (elt.matches("button") ? elt : elt.querySelector("button")));
    var name = button ? (button.getAttribute("aria-label") || button.textContent).trim() : "";
    return name ? "“" + name + "”: " : "";
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isWrite(event) && box()) box().hidden = true;
  });
  // No answer at all: the connection dropped, before or after the server got the change.
  function unanswered(event) {
    if (!isWrite(event)) return;
    show(which(event) + "No answer from the server: this change may not have been saved. " +
      "Reload the page to see what was saved, then press again if needed.");
  }
  document.addEventListener("htmx:sendError", unanswered);
  document.addEventListener("htmx:timeout", unanswered);
  // An answer htmx does not swap (4xx, 5xx): the server refused or failed; nothing was saved.
  document.addEventListener("htmx:responseError", function (event) {
    if (!isWrite(event)) return;
    var xhr = event.detail.xhr;
    var said = (xhr.getResponseHeader("Content-Type") || "").indexOf("text/plain") === 0
      ? " " + xhr.responseText.trim() : "";
    show(which(event) + "Not saved: the server answered " + xhr.status + "." + said +
      " Reload the page and try again.");
  });
})();
