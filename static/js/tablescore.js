/* Tablescore: small progressive enhancements. Every page works without this file: the − / +
   buttons of a stepper stay hidden and the number box beside them takes the value. */
(function () {
  "use strict";

  // Scripts are files only (the Content-Security-Policy allows no inline script or style
  // attribute): what a page once did inline is declared with data- attributes and done here.
  function reveal(root) {
    root.querySelectorAll("button.step[hidden], button[data-print][hidden]").forEach(function (button) {
      button.hidden = false;
    });
    root.querySelectorAll("[data-cycle]").forEach(function (element) {
      var seconds = parseInt(element.dataset.cycle, 10);
      if (seconds > 0) element.style.setProperty("--cycle", seconds + "s");
    });
  }

  function bound(text) {
    return text === "" ? null : parseInt(text, 10);
  }

  document.addEventListener("DOMContentLoaded", function () { reveal(document); });
  document.addEventListener("htmx:load", function (event) { reveal(event.target); });

  // Two numbers that add up to a fixed total (card points of 162): typing one fills in the other,
  // until the other is typed in by hand.
  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "number") return;
    var group = input.closest("[data-total]");
    if (!group) return;
    var inputs = group.querySelectorAll("input[type=number]");
    if (inputs.length !== 2) return;
    delete input.dataset.auto;
    var other = inputs[0] === input ? inputs[1] : inputs[0];
    if (other.value !== "" && !other.dataset.auto) return;
    var value = parseInt(input.value, 10);
    var total = parseInt(group.dataset.total, 10);
    if (isNaN(value) || value < 0 || value > total) return;
    other.value = String(total - value);
    other.dataset.auto = "1";
  });

  document.addEventListener("focusin", function (event) {
    if (event.target instanceof HTMLInputElement && event.target.hasAttribute("data-select-on-focus")) {
      event.target.select();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("button[data-print]")) {
      window.print();
      return;
    }
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = button.parentElement.querySelector("input");
    if (!input) return;
    var step = parseInt(button.dataset.step, 10);
    var low = bound(input.min);
    var high = bound(input.max);
    var current = input.value === "" ? null : parseInt(input.value, 10);
    var value;
    if (current === null || isNaN(current)) {
      var base = low === null ? 0 : low;
      value = step > 0 && base === 0 ? step : base;
    } else {
      value = current + step;
    }
    if (low !== null && value < low) value = low;
    if (high !== null && value > high) value = high;
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
})();
