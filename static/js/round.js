// The round page's keyboard at hall speed: 1 = 0 + - * enter the focused board's result, arrows
// move between boards. Every key is bound to the board that had the focus when it was pressed and
// goes into one queue, sent to the server in order, one post at a time; the focus moves on at once
// to the next board without a result. A board whose result is queued or on its way says so. A
// save the server refuses (another TD's entry, a stale page) or that fails (server error, dropped
// connection) is shown on its row with a sound, and the queue stops there: the results typed after
// it are held, shown on their rows, until the TD sends or discards them.
(function () {
  "use strict";
  var ROW = "tr.pairing-row";
  var FORM = "form[data-queue]";
  var queue = [];        // {row: id, url, result, label, basedOn, form data}, oldest first
  var sending = null;    // the entry on its way, or null
  var stopped = null;    // {row, message} while the queue is stopped by a refusal or a failure

  function rows() { return Array.prototype.slice.call(document.querySelectorAll(ROW)); }

  function focusRow(row) {
    if (!row) return;
    row.focus({ preventScroll: true });
    var box = row.getBoundingClientRect();
    if (box.top < 80 || box.bottom > window.innerHeight) {
      row.scrollIntoView({ block: "center" });
    }
  }

  function waiting(id) {
    return (sending && sending.row === id) || queue.some(function (e) { return e.row === id; });
  }

  // The next board after ``afterId`` with no result and nothing on its way (wrapping round).
  function nextPending(afterId) {
    var all = rows();
    var start = all.findIndex(function (r) { return r.id === afterId; });
    for (var i = 1; i <= all.length; i++) {
      var row = all[(start + i) % all.length];
      if (row.classList.contains("is-pending") && !waiting(row.id)) return row;
    }
    return null;
  }

  function currentRow() {
    var el = document.activeElement;
    return el && el.closest ? el.closest(ROW) : null;
  }

  // The result the board will hold once everything queued for it is saved: what the next entry
  // for it is based on (the server refuses it if the board holds something else by then).
  function expected(row) {
    for (var i = queue.length - 1; i >= 0; i--) {
      if (queue[i].row === row.id) return queue[i].result;
    }
    if (sending && sending.row === row.id) return sending.result;
    var input = row.querySelector('input[name="based_on"]');
    return input ? input.value : "";
  }

  function enqueue(row, button) {
    var form = row.querySelector(FORM);
    if (!form) return false;
    queue.push({
      row: row.id,
      url: form.getAttribute("action"),
      // The form's own fields (the CSRF token, the board), read when the key is pressed.
      fields: new FormData(form),
      based: form.querySelector('input[name="based_on"]') !== null,
      result: button.value,
      label: button.dataset.label || button.textContent.trim(),
      basedOn: expected(row),
    });
    show();
    pump();
    return true;
  }

  // ---- what the page shows: each waiting row, and the queue's state above the boards

  function mark(id) {
    var row = document.getElementById(id);
    if (!row) return;
    var mine = queue.filter(function (e) { return e.row === id; });
    var flying = sending && sending.row === id;
    var state = flying ? "saving" : mine.length ? (stopped ? "held" : "queued") : "";
    row.classList.toggle("is-saving", flying);
    row.classList.toggle("is-queued", !flying && mine.length > 0);
    row.classList.toggle("is-held", state === "held");
    var note = row.querySelector(".row-status");
    if (!state) { if (note) note.remove(); return; }
    if (!note) {
      note = document.createElement("div");
      note.className = "row-status small mt-1";
      note.setAttribute("aria-live", "polite");
      row.querySelector(".result-cell").appendChild(note);
    }
    var last = mine.length ? mine[mine.length - 1] : sending;
    if (state === "held" && last === stopped.failed) state = "failed";
    note.textContent = last.label + ({ saving: " · saving…", held: " · held, not sent", failed: " · not saved" }[state] || " · queued");
  }

  function show() {
    rows().forEach(function (row) { mark(row.id); });
    document.body.dataset.entryQueue = String(queue.length + (sending ? 1 : 0));
    // The results typed after the one that stopped the queue (not that one itself).
    var held = queue.filter(function (e) { return !stopped || e !== stopped.failed; }).length;
    var bar = document.getElementById("entry-queue");
    if (!bar) return;
    bar.hidden = !stopped;
    if (!stopped) return;
    var row = document.getElementById(stopped.row);
    var board = row ? row.dataset.board : "?";
    bar.querySelector(".entry-queue-message").textContent =
      "Saving stopped at board " + board + ": " + stopped.message + " " +
      (held ? held + " result" + (held === 1 ? " typed after it is" : "s typed after it are") + " held, not sent." : "");
    bar.querySelector(".entry-queue-send").hidden = !queue.length;
    bar.querySelector(".entry-queue-drop").hidden = !queue.length;
  }

  function alarm() {
    try {
      var Audio = window.AudioContext || window.webkitAudioContext;
      var ctx = alarm.ctx || (alarm.ctx = new Audio());
      var tone = ctx.createOscillator();
      var gain = ctx.createGain();
      tone.type = "square";
      tone.frequency.value = 440;
      gain.gain.value = 0.15;
      tone.connect(gain).connect(ctx.destination);
      tone.start();
      tone.stop(ctx.currentTime + 0.35);
    } catch (e) { /* no sound on this device: the row and the bar still say it */ }
    document.body.dataset.alarms = String(Number(document.body.dataset.alarms || 0) + 1);
  }

  // ``failed``: the entry that was not saved, back at the head of the queue (sent again on
  // resume); none when the server refused it (its row shows what the board holds instead).
  function stop(id, message, failed) {
    stopped = { row: id, message: message, failed: failed || null };
    // The focus stays where the TD is typing: a key typed before they noticed must not land on
    // the board that stopped the queue. Their keys go on being queued, held, for their boards.
    alarm();
    show();
  }

  function rowError(id, message) {
    var row = document.getElementById(id);
    if (!row) return;
    var box = row.querySelector(".row-error");
    if (!box) {
      box = document.createElement("div");
      box.className = "row-error text-danger small mt-1";
      box.setAttribute("role", "alert");
      row.querySelector(".result-cell").appendChild(box);
    }
    box.textContent = message;
  }

  // ---- sending, one entry at a time and in order

  function pump() {
    if (sending || stopped || !queue.length) return;
    sending = queue.shift();
    sent += 1;
    show();
    var entry = sending;
    var body = entry.fields;
    body.set("result", entry.result);
    if (entry.based) body.set("based_on", entry.basedOn);
    // A post with no answer is given up after the page's htmx timeout (base.html): the hall's
    // Wi-Fi can hold a request for minutes, and the board said "saving…" all that while, with
    // every key typed after it waiting behind it. Sent again, a post the server did get is
    // answered as done (the board holds that result already).
    var abort = window.AbortController ? new AbortController() : null;
    var limit = (window.htmx && window.htmx.config.timeout) || 20000;
    var timer = abort ? setTimeout(function () { abort.abort(); }, limit) : null;
    fetch(entry.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Current-URL": window.location.href },
      signal: abort ? abort.signal : undefined,
    }).then(function (response) {
      if (response.status === 403) throw new Error("the server answered 403, refused: reload the page (and log in again if asked).");
      if (response.status === 404) throw new Error("the server answered 404: this board is no longer in the round (its pairings were changed); reload the page.");
      if (!response.ok) {
        // A refusal in plain text (a post naming no board) says why: shown after the status.
        var plain = (response.headers.get("Content-Type") || "").indexOf("text/plain") === 0;
        return response.text().then(function (text) {
          throw new Error("the server answered " + response.status + "." + (plain && text.trim() ? " " + text.trim() : ""));
        });
      }
      // A login page or any other page in place of the board's row: nothing was saved.
      if (response.redirected) throw new Error("the server answered with another page (logged out?).");
      return response.text();
    }).then(function (html) {
      clearTimeout(timer);
      if (html.indexOf('id="' + entry.row + '"') < 0) {
        throw new Error("the server answered with another page (logged out?).");
      }
      sending = null;
      var row = document.getElementById(entry.row);
      if (row && window.htmx) {
        window.htmx.swap(row, html, { swapStyle: "outerHTML" });
      }
      row = document.getElementById(entry.row);
      keepFocus();
      var refused = row && row.querySelector("[role=alert]");
      if (refused) { stop(entry.row, refused.textContent.trim()); return; }
      show();
      pump();
    }).catch(function (error) {
      // Not saved, or not known to be: the entry goes back to the head of the queue, held.
      clearTimeout(timer);
      sending = null;
      queue.unshift(entry);
      var why = error && /^the server answered/.test(error.message) ? error.message
        : error && error.name === "AbortError" ? "no answer from the server within " + Math.round(limit / 1000) + " s (is the connection down?)."
        : "no answer from the server (is the connection down?).";
      var message = entry.label + " was not saved: " + why;
      rowError(entry.row, message);
      stop(entry.row, message, entry);
    });
  }

  function resume() {
    if (!stopped) return;
    var row = document.getElementById(stopped.row);
    var box = row && row.querySelector(".row-error");
    if (box) box.remove();
    stopped = null;
    show();
    pump();
  }

  function discard() {
    queue = [];
    resume();
  }

  document.addEventListener("click", function (event) {
    var t = event.target;
    if (!t.closest) return;
    if (t.closest(".entry-queue-send")) { resume(); return; }
    if (t.closest(".entry-queue-drop")) { discard(); return; }
  });

  // "Go to board N": the board's row gets the focus (its result keys ready) without asking the
  // server; a board not on the page goes to the server, which says so.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.board-jump")) return;
    var input = form.querySelector('input[name="board"]');
    var row = document.querySelector(ROW + '[data-board="' + CSS.escape(input.value.trim()) + '"]');
    if (!row) return;
    event.preventDefault();
    input.value = "";
    history.replaceState(null, "", "#" + row.id);
    focusRow(row);
  });

  // A click on a result button goes through the same queue as a key.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(FORM)) return;
    var row = form.closest(ROW);
    var button = event.submitter;
    if (!row || !button || button.name !== "result") return;
    event.preventDefault();
    if (stopped && stopped.row === row.id) resume();
    enqueue(row, button);
    var details = button.closest("details");
    if (details) details.removeAttribute("open");
    focusRow(nextPending(row.id) || row);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target.matches && target.matches("input, textarea, select")) return;
    // B: to the "go to board" field (a slip from a board far down the list).
    if ((event.key === "b" || event.key === "B") && document.getElementById("go-board")) {
      document.getElementById("go-board").focus();
      event.preventDefault();
      return;
    }
    var row = currentRow();
    if (!row) {
      if (["1", "=", "0", "+", "-", "*", "ArrowDown", "ArrowUp"].indexOf(event.key) >= 0 && rows().length) {
        var chosen = nextPending(null) || rows()[0];
        focusRow(chosen);
        event.preventDefault();
        // A result key with no board chosen (the TD clicked beside the table) is not entered:
        // said on the board chosen now, with the sound, or the TD typing on from the slips
        // would put every next result on the board before its own.
        if (event.key.indexOf("Arrow") !== 0) {
          rowError(chosen.id, "The key " + event.key + " was not entered: no board was chosen. This board is chosen now: type its result.");
          alarm();
        }
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
    if (!button) return;
    event.preventDefault();
    if (!row.querySelector(FORM)) { button.click(); return; }
    // A new key on the board that stopped the queue is the TD's answer to it: go on.
    if (stopped && stopped.row === row.id) resume();
    enqueue(row, button);
    focusRow(nextPending(row.id) || row);
  });

  // Other TDs' entries arrive by polling: not while this page has entries on their way (a
  // reload would lose them), and a row swapped in by the poll keeps its queue marks. A poll
  // that was already on its way when this page sent a result answers with the round as it was
  // before that result: its rows and count are dropped (they would undo the saved result on
  // the page), and the next poll, still asking from the same point, brings everything since.
  var sent = 0;          // results sent by this page so far
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.target.id !== "round-poll") return;
    if (sending || queue.length) { event.preventDefault(); return; }
    event.detail.xhr.tiebreakSent = sent;
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.target.id !== "round-poll") return;
    if (event.detail.xhr.tiebreakSent !== sent || sending || queue.length) {
      event.detail.shouldSwap = false;
    }
  });
  document.addEventListener("htmx:afterSettle", function () { show(); keepFocus(); });

  // A row swapped while it had the focus is a new element: the focus goes to it, not to the page.
  var focused = null;
  document.addEventListener("focusin", function (event) {
    var row = event.target.closest ? event.target.closest(ROW) : null;
    if (row) focused = row.id;
  });
  function keepFocus() {
    var el = document.activeElement;
    if (focused && (!el || el === document.body)) focusRow(document.getElementById(focused));
  }
  window.addEventListener("beforeunload", function (event) {
    if (sending || queue.length) { event.preventDefault(); event.returnValue = ""; }
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
    show();
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
