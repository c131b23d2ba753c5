/* Words in the reader's language (#15): Django's JavaScriptCatalog (/jsi18n/<language>.js, an
   external script loaded before this one) defines django.gettext and its kin. When it could not
   load (offline before the service worker kept it, a server error) the English words are used:
   the page works the same. The scripts take their words from window.TablescoreWords. */
(function () {
  "use strict";
  var django = window.django || {};
  window.TablescoreWords = {
    gettext: function (text) { return django.gettext ? django.gettext(text) : text; },
    ngettext: function (one, many, n) {
      return django.ngettext ? django.ngettext(one, many, n) : (n === 1 ? one : many);
    },
    // Named placeholders only: interpolate("Deal %(n)s saved.", {n: 3}).
    interpolate: function (text, values) {
      return text.replace(/%\(\w+\)s/g, function (found) { return String(values[found.slice(2, -2)]); });
    }
  };
})();

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
  // until the other is typed in by hand. The total may follow a choice of the entry (Coinche's
  // trump: 162, 130 or 258): data-total-field names it, data-totals gives the total under each of
  // its posted values, and a change of it fills in again. A pair shown already adding up (a deal
  // being corrected) is filled in the same way, until one of them is typed in by hand.
  function pairTotal(group) {
    var name = group.dataset.totalField;
    var form = group.closest("form");
    if (name && form) {
      var chosen = form.elements.namedItem(name);
      var totals = JSON.parse(group.dataset.totals || "{}");
      if (chosen && Object.prototype.hasOwnProperty.call(totals, chosen.value)) return totals[chosen.value];
    }
    return parseInt(group.dataset.total, 10);
  }

  function pairOf(group) {
    var inputs = group.querySelectorAll("input[type=number]");
    return inputs.length === 2 ? inputs : null;
  }

  function fillFrom(group, input, other) {
    var value = parseInt(input.value, 10);
    var total = pairTotal(group);
    if (isNaN(value) || value < 0 || value > total) return;
    other.value = String(total - value);
    other.dataset.auto = "1";
  }

  function linkPairs(root) {
    root.querySelectorAll("[data-total]").forEach(function (group) {
      var pair = pairOf(group);
      if (!pair || pair[0].value === "" || pair[1].value === "") return;
      if (parseInt(pair[0].value, 10) + parseInt(pair[1].value, 10) !== pairTotal(group)) return;
      pair[0].dataset.auto = "1";
      pair[1].dataset.auto = "1";
    });
  }

  document.addEventListener("DOMContentLoaded", function () { linkPairs(document); });
  document.addEventListener("htmx:load", function (event) { linkPairs(event.target); });

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== "number") return;
    var group = input.closest("[data-total]");
    var pair = group && pairOf(group);
    if (!pair) return;
    delete input.dataset.auto;
    var other = pair[0] === input ? pair[1] : pair[0];
    if (other.value !== "" && !other.dataset.auto) return;
    fillFrom(group, input, other);
  });

  document.addEventListener("change", function (event) {
    var chosen = event.target;
    var form = chosen.form;
    if (!form || !chosen.name) return;
    form.querySelectorAll("[data-total-field]").forEach(function (group) {
      if (group.dataset.totalField !== chosen.name) return;
      var pair = pairOf(group);
      if (!pair) return;
      var typed = pair[0].dataset.auto ? pair[1] : pair[0];
      var other = typed === pair[0] ? pair[1] : pair[0];
      if (typed.value !== "" && !typed.dataset.auto && (other.value === "" || other.dataset.auto)) {
        fillFrom(group, typed, other);
      }
    });
  });

  // The new-match page (#23 item 8): choosing other rules shows their values (data-presets on the
  // form): a blank box or list says "2000 (as the rules say)", and a switch the organizer has not
  // turned is turned as the rules say; the form then posts them as the rules drawn ("drawn"), so
  // a switch left alone follows them. A switch turned by hand, or a value picked, stays.
  function showPreset(form, preset) {
    var shown = JSON.parse(form.dataset.presets)[preset];
    if (!shown) return;
    Object.keys(shown).forEach(function (name) {
      var field = form.elements.namedItem(name);
      if (!field) return;
      if (field.type === "checkbox") {
        if (!field.dataset.edited) field.checked = shown[name].checked;
      } else if (field.tagName === "SELECT") {
        var blank = field.querySelector("option[value='']");
        if (blank) blank.textContent = shown[name].said;
      } else {
        field.placeholder = shown[name].said;
      }
    });
    if (form.elements.drawn) form.elements.drawn.value = preset;
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    var form = target.form;
    if (!form || !form.dataset.presets || !target.name) return;
    if (target.name === "preset") showPreset(form, target.value);
    else if (target.name.indexOf("o.") === 0) target.dataset.edited = "1";
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

/* ---- Pages (#14): the scorer link's copy and share buttons, and a question before a dangerous
   button. Without this block the link stays selectable in its box, and a dangerous button leads
   to the server's confirmation page instead of this dialog. ---- */
(function () {
  "use strict";

  function revealLinkButtons() {
    document.querySelectorAll("button[data-copy][hidden]").forEach(function (button) {
      button.hidden = false;
    });
    if (navigator.share) {
      document.querySelectorAll("button[data-share][hidden]").forEach(function (button) {
        button.hidden = false;
      });
    }
  }

  var gettext = window.TablescoreWords.gettext;

  function say(button, text) {
    var status = button.parentElement.querySelector(".copy-status");
    if (status) status.textContent = text;
  }

  function copyLink(button) {
    var input = document.getElementById(button.dataset.copy);
    if (!input) return;
    function byHand() {
      input.focus();
      input.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      say(button, done ? gettext("Link copied.") : gettext("The link is selected: copy it."));
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(input.value).then(function () { say(button, gettext("Link copied.")); }, byHand);
    } else {
      byHand();
    }
  }

  function shareLink(button) {
    var input = document.getElementById(button.dataset.share);
    if (!input || !navigator.share) return;
    navigator.share({ title: button.dataset.shareTitle || document.title, url: input.value }).catch(function () {});
  }

  // A page opened at a fragment (#entrants) gets no autofocus from the browser; the field the
  // server marked (the next entrant's name, the field in error) gets it here, the view kept where
  // the fragment put it, next to the message that says what happened.
  function focusMarkedField() {
    var wanted = document.querySelector("[autofocus]");
    if (wanted && (document.activeElement === document.body || document.activeElement === null)) {
      wanted.focus({ preventScroll: Boolean(window.location.hash) });
    }
  }

  document.addEventListener("DOMContentLoaded", revealLinkButtons);
  window.addEventListener("load", focusMarkedField);
  document.addEventListener("click", function (event) {
    var copy = event.target.closest("button[data-copy]");
    if (copy) { copyLink(copy); return; }
    var share = event.target.closest("button[data-share]");
    if (share) shareLink(share);
  });

  // A button (or form) with data-confirm asks first; confirmed, it posts confirm=yes, which the
  // server takes instead of showing its own confirmation page.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var by = event.submitter;
    var question = (by && by.dataset.confirm) || form.dataset.confirm;
    if (!question) return;
    if (!window.confirm(question)) {
      event.preventDefault();
      return;
    }
    var yes = form.querySelector("input[name=confirm]");
    if (!yes) {
      yes = document.createElement("input");
      yes.type = "hidden";
      yes.name = "confirm";
      form.appendChild(yes);
    }
    yes.value = "yes";
  });
})();

/* ---- The scorer page never fails silently (#12). htmx swaps a refused entry (409, 422: the
   server writes what went wrong into #scorer-alert, below the Save button) but not a revoked
   link (403), a server error (5xx) or no answer at all: those are said here, in the same place,
   from the page's own words (data-say-* on #scorer-alert). Whatever the answer to Save, the eye
   is brought to it: the problem, or "Deal N saved." with the new totals under it. A background
   poll says only that the link died; its other failures are retried by the next poll. ---- */
(function () {
  "use strict";

  var asked = false;  // the player sent something (Save, Undo): bring its answer into view

  function box() { return document.getElementById("scorer-alert"); }

  function polling(element) {
    return Boolean(element && element.closest("[hx-trigger^='every']"));
  }

  function bringIntoView(element, where) {
    element.scrollIntoView({ block: where });
    element.focus({ preventScroll: true });
  }

  function say(key, fromPlayer) {
    var alert = box();
    if (!alert) return;
    var text = alert.getAttribute("data-say-" + key) || alert.getAttribute("data-say-other");
    var line = document.createElement("p");
    line.textContent = text;
    alert.replaceChildren(line);
    if (fromPlayer) bringIntoView(alert, "center");
  }

  function kind(status) {
    if (status === 401 || status === 403) return "forbidden";
    if (status === 404 || status === 410) return "missing";
    if (status === 429) return "busy";
    if (status === 503) return "unavailable";
    if (status >= 500) return "server";
    return "other";
  }

  if (window.htmx) window.htmx.config.timeout = 20000;

  // A new try: what was said of the last one goes, so that a stale "points is required" never
  // sits beside a server error about this one.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var from = event.detail.elt;
    if (polling(from)) return;
    asked = true;
    var alert = box();
    if (alert) alert.replaceChildren();
    if (from && from.id === "entry") {
      from.querySelectorAll(".error[data-field], .form-error").forEach(function (old) { old.remove(); });
      from.querySelectorAll(".has-error").forEach(function (field) { field.classList.remove("has-error"); });
    }
  });

  document.addEventListener("htmx:responseError", function (event) {
    var fromPlayer = !polling(event.detail.elt);
    var found = kind(event.detail.xhr.status);
    if (fromPlayer || found === "forbidden") say(found, fromPlayer);
    asked = false;
  });

  function lost(event) {
    if (!polling(event.detail.elt)) say("offline", true);
    asked = false;
  }
  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);

  document.addEventListener("htmx:afterSettle", function (event) {
    if (!asked || polling(event.detail.elt)) return;
    asked = false;
    var alert = box();
    if (alert && alert.textContent.trim()) { bringIntoView(alert, "center"); return; }
    var saved = document.getElementById("saved");
    if (saved) bringIntoView(saved, "start");
  });
})();
