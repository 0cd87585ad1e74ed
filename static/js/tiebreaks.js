// The tiebreak order builder by keyboard: each button press swaps the whole builder, and the
// focus would fall back to the top of the page. It goes back to the same button, so Enter
// pressed again moves the same system one more place: "Move Cumulative up" again (or, at the
// top, "Move Cumulative down"); after a removal, the button now in that place; after a preset
// or an addition, the same button.
(function () {
  "use strict";
  var pressed = null;  // {label, value} of the builder's last button pressed

  function label(button) {
    return button.getAttribute("aria-label") || button.textContent.trim();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("#builder button[type=submit]");
    if (button) pressed = { label: label(button), value: button.value };
  });

  document.addEventListener("htmx:afterSettle", function () {
    var builder = document.getElementById("builder");
    if (!pressed || !builder) return;
    var buttons = Array.prototype.slice.call(builder.querySelectorAll("button[type=submit]"));
    var usable = function (b) { return !b.disabled; };
    var byLabel = function (text) {
      return buttons.filter(function (b) { return label(b) === text && usable(b); })[0];
    };
    var move = /^Move (.+) (up|down)$/.exec(pressed.label);
    var target = byLabel(pressed.label) ||
      (move && byLabel("Move " + move[1] + (move[2] === "up" ? " down" : " up"))) ||
      buttons.filter(function (b) { return b.value === pressed.value && usable(b); })[0] ||
      document.getElementById("id_add_system");
    pressed = null;
    if (target) target.focus();
  });
})();
