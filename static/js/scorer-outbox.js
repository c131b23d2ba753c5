/* The scorer page through a dead network (#13). Save writes the deal to the phone's outbox
   (static/js/outbox.js) first, then sends it; the answers are the server's. Without an answer the
   form clears for the next deal and the deal waits, listed as saved on this phone, until it is
   sent: on `online`, when the page is shown again, every 20 s while anything waits, and from the
   service worker's `sync` (Chromium). A service worker runs only in a secure context (HTTPS, or
   this computer): on a room's plain http://192.168.x.y there is none, so the page cannot load
   again without a network; it says so (keep this page open) and adds no web manifest there (no
   home-screen install where it cannot work). The outbox is the same either way. Its words go
   through Django's JavaScript catalog (English when it did not load). The deals kept can leave
   the phone another way: a JSON file, or QR codes the director scans at the desk
   (scoring/pages/organizer/outbox_import.py reads both). Without this file (or without IndexedDB) the form posts
   through htmx or as a plain form, as before. */
(function () {
  "use strict";

  var Outbox = window.TablescoreOutbox;
  var status = document.getElementById("outbox-status");
  if (!Outbox || !status || !window.indexedDB || !window.fetch) return;
  var worker = window.isSecureContext && "serviceWorker" in navigator ? navigator.serviceWorker : null;
  if (worker && status.dataset.manifest) {
    var manifest = document.createElement("link");
    manifest.rel = "manifest";
    manifest.href = status.dataset.manifest;
    document.head.append(manifest);
  }

  var section = document.getElementById("outbox");
  var list = document.getElementById("outbox-list");
  var exporter = document.getElementById("outbox-export");
  var codesBox = document.getElementById("outbox-codes");
  var codes = codesBox && codesBox.querySelector(".codes");
  var DAY = 24 * 3600 * 1000;
  var current = null;     // the key of the deal this page just sent, answered where the eye is
  var currentNumber = "";
  var sending = false;
  var again = false;      // something was saved while a drain was running: drain once more
  var lastSent = localStorage.getItem("tablescore-last-sent");
  var used = JSON.parse(localStorage.getItem("tablescore-used-keys") || "[]");

  // The page's words, in the reader's language (window.TablescoreWords, tablescore.js).
  var Words = window.TablescoreWords || {
    gettext: function (text) { return text; },
    ngettext: function (one, many, n) { return n === 1 ? one : many; },
    interpolate: function (text, values) {
      return text.replace(/%\(\w+\)s/g, function (found) { return String(values[found.slice(2, -2)]); });
    }
  };
  var gettext = Words.gettext;
  var ngettext = Words.ngettext;
  var interpolate = Words.interpolate;
  var SAY = {
    online: function () { return gettext("Online"); },
    offline: function () {
      return worker ? gettext("Offline")
        : gettext("Offline — keep this page open; don't reload it");
    },
    pending: function (n) {
      return interpolate(ngettext("%(n)s deal saved on this phone", "%(n)s deals saved on this phone", n), { n: n });
    },
    "conflict-on": function (n) { return interpolate(gettext("Conflict on deal %(n)s"), { n: n }); },
    "refused-on": function (n) { return interpolate(gettext("Deal %(n)s refused"), { n: n }); },
    revoked: function () { return gettext("this link was replaced or revoked — ask the organizer"); },
    old: function () {
      return gettext("waiting for more than a day: export them and give them to the director");
    },
    kept: function (n) {
      return interpolate(worker ? gettext("Deal %(n)s is saved on this phone. It will be sent by itself when the connection is back.")
        : gettext("Deal %(n)s is saved on this phone. It will be sent by itself when the connection is back: keep this page open, don't reload it."), { n: n });
    },
    "last-sent": function (time) { return interpolate(gettext("last sent %(time)s"), { time: time }); },
    deal: function (n) { return interpolate(gettext("Deal %(n)s"), { n: n }); },
    waiting: function () { return gettext("Waiting for the network; it is sent by itself."); },
    refused: function () { return gettext("The server refused this deal."); },
    conflict: function (n) {
      return interpolate(gettext("Another entry for deal %(n)s is already scored: the table or the director decides which one counts."), { n: n });
    },
    blocked: function () {
      return gettext("This link was replaced or revoked — ask the organizer. The deal stays on this phone.");
    },
    discard: function (n) { return interpolate(gettext("Remove deal %(n)s from this phone"), { n: n }); },
    undo: function (n) { return interpolate(gettext("Undo deal %(n)s (not sent yet)"), { n: n }); },
    "undo-ask": function (n) {
      return interpolate(gettext("Undo deal %(n)s? It was not sent yet: it leaves this phone and is never scored."), { n: n });
    },
    "discard-ask": function () { return gettext("Remove this deal from this phone? It was not scored."); },
    code: function (args) {
      var first = args[0], last = args[1], part = args[2], parts = args[3];
      var deals = first === last ? interpolate(gettext("deal %(first)s"), { first: first })
        : interpolate(gettext("deals %(first)s to %(last)s"), { first: first, last: last });
      return interpolate(gettext("QR code of %(deals)s (code %(part)s of %(parts)s), for the director's desk"),
        { deals: deals, part: part, parts: parts });
    }
  };
  function words(name, n) { return SAY[name] ? SAY[name](n) : ""; }

  function form() { return document.getElementById("entry"); }
  function matchOf(f) { return (f && f.elements.match && f.elements.match.value) || location.pathname; }

  function remember(key) {
    used.push(key);
    used = used.slice(-100);
    localStorage.setItem("tablescore-used-keys", JSON.stringify(used));
  }

  function mine(entries) { return entries.filter(function (e) { return e.url === location.pathname; }); }

  // The form for deal n: its number, its heading and button, a key never sent before.
  function renumber(f, n) {
    if (!f) return;
    if (f.elements.number) f.elements.number.value = String(n);
    f.querySelectorAll("h2, button[type=submit]").forEach(function (el) {
      el.textContent = el.textContent.replace(/\d+/, String(n));
    });
    if (f.elements.key && used.indexOf(f.elements.key.value) !== -1) f.elements.key.value = Outbox.newKey();
  }

  function clearForm(f, n) {
    f.reset();
    f.querySelectorAll(".error[data-field], .form-error").forEach(function (old) { old.remove(); });
    f.querySelectorAll(".has-error").forEach(function (field) { field.classList.remove("has-error"); });
    if (f.elements.key) f.elements.key.value = Outbox.newKey();
    delete f.dataset.dirty;
    renumber(f, n);
    var note = document.getElementById("kept");
    if (note) note.remove();
  }

  function summary(f) {
    var parts = [];
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.tagName === "BUTTON") return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      if (el.value === "") return;
      var label = el.labels && el.labels[0] ? el.labels[0].textContent.trim() : "";
      var value = el.type === "radio" || el.type === "checkbox" ? "" : el.value;
      parts.push((label + " " + value).trim());
    });
    return parts.join(", ");
  }

  // The list sits above the deals the server scored (or stays where it is, on a refusal page).
  function place() {
    var board = document.getElementById("board");
    if (board && section.nextElementSibling !== board) board.parentNode.insertBefore(section, board);
  }

  // While deals wait on this phone, Undo takes back the last one entered here (it leaves the
  // outbox, never scored), not the last deal the server scored: the scorer page's Undo hides.
  var undoButton = document.getElementById("outbox-undo");
  var lastKept = null;

  function showUndo() {
    var scored = document.getElementById("undo");
    if (scored) scored.hidden = lastKept !== null;
    if (!undoButton) return;
    undoButton.hidden = lastKept === null;
    if (lastKept) undoButton.textContent = words("undo", lastKept.number);
  }

  function render(entries) {
    var here = mine(entries);
    lastKept = here.length ? here[here.length - 1] : null;
    showUndo();
    place();
    list.replaceChildren();
    here.forEach(function (entry) {
      var item = document.createElement("li");
      item.className = "deal pending " + entry.state;
      var head = document.createElement("p");
      head.textContent = words("deal", entry.number) + (entry.summary ? " · " + entry.summary : "");
      var said = document.createElement("p");
      said.className = "pending-state";
      said.textContent = entry.said || words(entry.state, entry.number);
      item.append(head, said);
      if (entry.state === "refused" || entry.state === "conflict") {
        var drop = document.createElement("button");
        drop.type = "button";
        drop.className = "button small";
        drop.dataset.discard = entry.key;
        drop.textContent = words("discard", entry.number);
        item.append(drop);
      }
      list.append(item);
    });
    section.hidden = here.length === 0;
    exporter.hidden = here.length === 0;
    showCodes(here);
    var line = [];
    var conflict = here.find(function (e) { return e.state === "conflict"; }) ||
      document.querySelector("section.conflict[data-number]");
    if (conflict && conflict.dataset) conflict = { number: conflict.dataset.number };
    var refused = here.find(function (e) { return e.state === "refused"; });
    var blocked = here.some(function (e) { return e.state === "blocked"; });
    line.push(navigator.onLine ? words("online") : words("offline"));
    if (here.length) line.push(words("pending", here.length));
    if (conflict) line.push(words("conflict-on", conflict.number));
    if (refused) line.push(words("refused-on", refused.number));
    if (blocked) line.push(words("revoked"));
    if (here.some(function (e) { return Date.now() - e.created > DAY; })) line.push(words("old"));
    if (lastSent) line.push(words("last-sent", lastSent));
    status.textContent = line.join(" — ");
    status.hidden = false;
    status.className = "outbox-status" + (conflict || refused || blocked ? " trouble" : here.length ? " waiting" : "");
    var f = form();
    var numbers = here.map(function (e) { return Number(e.number) || 0; });
    if (f && f.elements.number && numbers.length) {
      var next = Outbox.nextNumber(Number(f.elements.number.value) || 0, numbers);
      if (String(next) !== f.elements.number.value && !f.dataset.dirty) renumber(f, next);
    }
    return entries;
  }

  // The deals kept, as QR codes for the director's desk (Outbox.codeTexts says what each holds).
  var CODE_TEXT = 400;    // characters of deals per code at most (about 4 deals): a dense code reads badly off a screen
  var shownCodes = "";

  // One code as an SVG drawing (black on white, a quiet zone of 4 modules), named for screen readers.
  function drawCode(text, name) {
    var made = window.qrcode(0, "L");  // level L: a screen does not smudge, and fewer modules read better
    made.addData(text);
    made.make();
    var n = made.getModuleCount();
    var NS = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 " + (n + 8) + " " + (n + 8));
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name);
    svg.setAttribute("class", "qr");
    var back = document.createElementNS(NS, "rect");
    back.setAttribute("width", n + 8);
    back.setAttribute("height", n + 8);
    back.setAttribute("fill", "#fff");
    var path = "";
    for (var row = 0; row < n; row += 1) {
      for (var col = 0; col < n; col += 1) {
        if (made.isDark(row, col)) path += "M" + (col + 4) + " " + (row + 4) + "h1v1h-1z";
      }
    }
    var dark = document.createElementNS(NS, "path");
    dark.setAttribute("d", path);
    dark.setAttribute("fill", "#000");
    svg.append(back, dark);
    return svg;
  }

  function showCodes(entries) {
    if (!codes || !window.qrcode) return;
    var base = new URL(codesBox.dataset.import, location.href).href;
    var texts = entries.length ? Outbox.codeTexts(entries, base, CODE_TEXT) : [];
    var key = texts.map(function (t) { return t.text; }).join(" ");
    codesBox.hidden = texts.length === 0;
    if (key === shownCodes) return;
    shownCodes = key;
    codes.replaceChildren();
    texts.forEach(function (t, index) {
      var figure = document.createElement("figure");
      figure.className = "qr-box";
      figure.dataset.text = t.text;
      var name = words("code", [t.first, t.last, index + 1, texts.length]);
      figure.append(drawCode(t.text, name));
      var caption = document.createElement("figcaption");
      caption.textContent = name;
      figure.append(caption);
      codes.append(figure);
    });
  }

  function refresh() { return Outbox.all().then(render); }

  function parsed(response) {
    return response.text().then(function (html) { return new DOMParser().parseFromString(html, "text/html"); });
  }

  // The server's page for what was sent: its #scorer replaces this one (totals, form, messages).
  function swapFrom(doc, focusId) {
    var fresh = doc.getElementById("scorer");
    var old = document.getElementById("scorer");
    if (!fresh || !old) return;
    old.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    fresh.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true }));  // steppers, as after a swap
    var target = document.getElementById(focusId);
    if (target && target.textContent.trim()) {
      target.scrollIntoView({ block: focusId === "saved" ? "start" : "center" });
      target.focus({ preventScroll: true });
    }
  }

  function sent() {
    var now = new Date();
    lastSent = ("0" + now.getHours()).slice(-2) + ":" + ("0" + now.getMinutes()).slice(-2);
    localStorage.setItem("tablescore-last-sent", lastSent);
  }

  // The deal just saved waits on the phone: the form clears for the next deal and says so.
  function kept(number) {
    current = null;
    // Chromium wakes the service worker when the network is back, even with the page closed.
    if (worker) {
      worker.ready.then(function (registration) {
        if (registration.sync) registration.sync.register("tablescore-outbox").catch(function () {});
      });
    }
    var f = form();
    if (!f || f.dataset.dirty) return;
    clearForm(f, Number(number) + 1);
    var alert = document.getElementById("scorer-alert");
    if (alert) alert.replaceChildren();
    var note = document.getElementById("kept") || document.createElement("p");
    note.id = "kept";
    note.className = "notice kept";
    note.setAttribute("role", "status");
    note.tabIndex = -1;
    note.textContent = words("kept", number);
    f.after(note);
    note.scrollIntoView({ block: "center" });
    note.focus({ preventScroll: true });
  }

  // What the page does with each answer; false drops the entry (the server's page holds it).
  function answered(entry, response) {
    var isCurrent = entry.key === current;
    if (isCurrent) current = null;
    var f = form();
    var pristine = f && !f.dataset.dirty;
    if (response !== null && response.ok) {
      sent();
      return isCurrent && pristine ? parsed(response).then(function (doc) { swapFrom(doc, "saved"); }) : null;
    }
    if (response === null || entry.state === "waiting") {
      if (isCurrent) kept(entry.number);
      return null;
    }
    // Refused as it was just entered, or a conflict the server recorded (both entries on its
    // page, to settle there): the server's page says why and holds the deal; the phone need not
    // keep it. Anything else stays on the phone with the server's words. The answer's headers
    // say which (scoring/numbering.py); its page is only read to show it.
    var recorded = response.headers.get("Tablescore-Outcome") === "conflict";
    if (pristine && (recorded || (isCurrent && entry.state !== "blocked"))) {
      return parsed(response).then(function (doc) {
        swapFrom(doc, recorded ? "saved" : "scorer-alert");
        return false;
      });
    }
    if (isCurrent) kept(entry.number);
    entry.said = decodeURIComponent(response.headers.get("Tablescore-Said") || "");
    return null;
  }

  function drain(force) {
    if (sending) { again = true; return Promise.resolve(); }
    sending = true;
    again = false;
    return Outbox.drain(answered, force).catch(function () {}).then(function () {
      sending = false;
      if (current) kept(currentNumber);
      var f = form();
      if (f) f.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = false; });
      return refresh();
    }).then(function (entries) {
      var board = document.getElementById("board");
      if (board && window.htmx) window.htmx.trigger(board, "outbox-sent");
      if (again) return drain(true);
      if (!mine(entries).length) keepCopy();
    });
  }

  // Through the service worker, which keeps a copy: this page, and the words of its language.
  function keepCopy() {
    if (!worker) return;
    fetch(location.pathname, { headers: { Accept: "text/html" } }).then(function (response) {
      return response.text();  // read to the end: the worker keeps its copy
    }).catch(function () {});
    var catalog = document.querySelector("script[src*='/jsi18n/']");
    if (catalog) fetch(catalog.src).then(function (response) { return response.text(); }).catch(function () {});
  }

  // Save: the entry goes to the outbox before anything is sent (captured before htmx sees it).
  window.addEventListener("submit", function (event) {
    var f = event.target;
    if (!(f instanceof HTMLFormElement) || f.id !== "entry") return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (current) return;  // this page's last Save is still on its way
    var body = new URLSearchParams(new FormData(f));
    var key = body.get("key") || Outbox.newKey();
    body.set("key", key);
    remember(key);
    var entry = {
      key: key, match: matchOf(f), url: f.getAttribute("action") || location.pathname,
      number: body.get("number") || "", body: body.toString(), summary: summary(f),
      created: Date.now(), seq: performance.now(), state: "waiting", tries: 0, next: 0
    };
    f.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
    delete f.dataset.dirty;
    current = key;
    currentNumber = entry.number;
    Outbox.put(entry).then(function () {
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
      return drain(true);
    });
  }, true);

  document.addEventListener("input", function (event) {
    var f = event.target.closest && event.target.closest("#entry");
    if (f) f.dataset.dirty = "1";
  });

  // Undo of the last deal kept: any send of it still running is given up first, and the form
  // takes its number again.
  function undoKept() {
    var entry = lastKept;
    if (!entry || !window.confirm(words("undo-ask", entry.number))) return;
    Outbox.abort();
    Outbox.remove(entry.key).then(refresh).then(function () {
      var f = form();
      if (f && f.elements.number) renumber(f, Number(entry.number) || 1);
      var note = document.getElementById("kept");
      if (note) note.remove();
    });
  }

  document.addEventListener("click", function (event) {
    if (event.target.closest("#outbox-undo")) {
      undoKept();
      return;
    }
    var drop = event.target.closest("button[data-discard]");
    if (drop) {
      if (window.confirm(words("discard-ask"))) Outbox.remove(drop.dataset.discard).then(refresh);
      return;
    }
    if (event.target.closest("#outbox-export")) {
      Outbox.all().then(function (entries) {
        var data = JSON.stringify({ page: location.href, exported: new Date().toISOString(), entries: mine(entries) }, null, 2);
        var link = document.createElement("a");
        link.href = URL.createObjectURL(new Blob([data], { type: "application/json" }));
        link.download = "tablescore-pending-" + Date.now() + ".json";
        document.body.append(link);
        link.click();
        link.remove();
      });
    }
  });

  // The page tells the server it is there and how many deals wait here (the director's console
  // shows both) with a POST of its own: the board's poll only reads.
  function tellContact() {
    var csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (!status.dataset.contact || document.hidden || !csrf) return;
    fetch(status.dataset.contact, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf.value, "Tablescore-Outbox": String(list.children.length) }
    }).catch(function () {});
  }
  document.addEventListener("htmx:afterSettle", function () { place(); showUndo(); });
  document.addEventListener("htmx:oobAfterSwap", showUndo);  // the board's poll renews the Undo

  // Back online: a send begun before may be hanging until its 15 s timeout; give it up (here and
  // in the service worker) so that the drain sends everything at once.
  window.addEventListener("online", function () {
    Outbox.abort();
    if (worker && worker.controller) {
      worker.controller.postMessage({ abort: true });
    }
    refresh().then(function () { drain(true); });
  });
  window.addEventListener("offline", refresh);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    drain(true);
    tellContact();
  });
  setInterval(function () {
    if (list.children.length) drain(false);
    tellContact();
  }, 20000);
  tellContact();
  if (worker) {
    worker.register(status.dataset.worker, { scope: "/" }).catch(function () {});
    worker.addEventListener("message", function (event) {
      if (event.data && event.data.accepted) sent();
      refresh().then(function () { drain(true); });
    });
    // The first visit was loaded before the worker ran: fetch the page again through it, so
    // that it is kept for a reload without a network.
    worker.addEventListener("controllerchange", keepCopy);
  }
  var first = form();
  if (first && first.elements.number) renumber(first, Number(first.elements.number.value));
  refresh().then(function () { drain(true); });
})();
