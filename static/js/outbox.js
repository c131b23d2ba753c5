/* Tablescore's outbox (#13): the phone keeps every deal entered on the scorer page in IndexedDB
   until the server has answered it. Shared by the page (static/js/scorer-outbox.js) and the
   service worker (/sw.js, through importScripts). No game rule here: an entry is the form as
   posted, sent to the same address the form posts to; the server is the only scorer.

   An entry: {key, match, url, number, version, body, summary, created, state, said, tries, next}.
   key is the Idempotency-Key (the form's, made by the server; a fresh one made here for the
   deals after it); state is "waiting" (not answered yet), "refused" (a 4xx rule error), "conflict"
   (409) or "blocked" (401/403/404: the link was revoked or the match is gone). */
(function (scope) {
  "use strict";

  var NAME = "tablescore-outbox";
  var STORE = "entries";
  var TIMEOUT = 15000;  // a request that takes longer is lie-fi: keep the entry, try later
  var inFlight = [];    // the AbortControllers of the sends still waiting for an answer

  function open() {
    return new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open(NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(STORE, mode);
        var result = work(transaction.objectStore(STORE));
        transaction.oncomplete = function () { db.close(); resolve(result && result.result); };
        transaction.onerror = function () { db.close(); reject(transaction.error); };
      });
    });
  }

  function all() {
    return run("readonly", function (store) { return store.getAll(); }).then(function (rows) {
      return (rows || []).sort(function (a, b) { return a.created - b.created || a.seq - b.seq; });
    });
  }

  function put(entry) { return run("readwrite", function (store) { store.put(entry); }); }

  // Store what an answer taught about an entry, unless the entry went meanwhile (the service
  // worker and the page may both send it: the server keeps it once, and it is not brought back).
  function update(entry) {
    return run("readwrite", function (store) {
      var found = store.getKey(entry.key);
      found.onsuccess = function () { if (found.result !== undefined) store.put(entry); };
    });
  }
  function remove(key) { return run("readwrite", function (store) { store.delete(key); }); }

  // A v4 UUID: crypto.randomUUID where the context is secure, else from crypto.getRandomValues
  // (a club laptop on plain HTTP).
  function newKey() {
    if (scope.crypto.randomUUID) return scope.crypto.randomUUID();
    var bytes = scope.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 0x100).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  // One entry sent: resolves with the response, or null when nothing came back in time (or the
  // send was given up by abort()).
  function send(entry, pending) {
    var controller = new AbortController();
    inFlight.push(controller);
    var timer = setTimeout(function () { controller.abort(); }, TIMEOUT);
    function done() {
      clearTimeout(timer);
      inFlight = inFlight.filter(function (other) { return other !== controller; });
    }
    return scope.fetch(entry.url, {
      method: "POST",
      body: entry.body,
      credentials: "same-origin",
      signal: controller.signal,
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": entry.key,
        "Tablescore-Outbox": String(pending),
        "HX-Request": "true"
      }
    }).then(function (response) {
      done();
      return response;
    }, function () {
      done();
      return null;
    });
  }

  // Give up the sends still waiting for an answer (the network came back: a send begun before
  // may hang until its timeout, so the drain that follows sends the entries again at once; the
  // Idempotency-Key makes the second send of one the server did get harmless). Returns how many.
  function abort() {
    var given = inFlight.slice();
    given.forEach(function (controller) { controller.abort(); });
    return given.length;
  }

  // When an entry that went unanswered or was refused is tried again: 20 s after the first try,
  // doubling each time, at most 5 minutes apart.
  function retryAt(tries, now) {
    return now + Math.min(20000 * Math.pow(2, Math.max(tries, 1) - 1), 300000);
  }

  // The number the next deal of the form gets: past every deal the phone keeps, never back.
  function nextNumber(formNumber, kept) {
    return kept.length ? Math.max(formNumber || 0, Math.max.apply(null, kept) + 1) : formNumber;
  }

  function base64url(text) {
    var bytes = new TextEncoder().encode(text);
    var binary = "";
    bytes.forEach(function (b) { binary += String.fromCharCode(b); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The deals kept, as the texts of QR codes for the director's desk: each text is the address
  // of the import page (``base``, scoring/pages/organizer/outbox_import.py) carrying a few whole deals,
  // base64url of {"v": 1, "e": [body]} where a body is the form as posted (its key, match and
  // number included, not its CSRF token), at most ``limit`` characters of deals a code, so each
  // code imports on its own and scanning one twice changes nothing.
  function codeTexts(entries, base, limit) {
    var groups = [];
    var group = [];
    var size = 0;
    entries.forEach(function (entry) {
      var body = new URLSearchParams(entry.body);
      body.delete("csrfmiddlewaretoken");
      var text = body.toString();
      if (group.length && size + text.length > limit) { groups.push(group); group = []; size = 0; }
      group.push({ number: entry.number, body: text });
      size += text.length;
    });
    if (group.length) groups.push(group);
    return groups.map(function (g) {
      return {
        first: g[0].number, last: g[g.length - 1].number,
        text: base + "?d=" + base64url(JSON.stringify({ v: 1, e: g.map(function (x) { return x.body; }) }))
      };
    });
  }

  // What became of a sent entry, from the status of its answer.
  function stateFor(status) {
    if (status === 409) return "conflict";
    if (status === 401 || status === 403 || status === 404 || status === 410) return "blocked";
    if (status >= 400 && status < 500 && status !== 429) return "refused";
    return "waiting";  // 429, 5xx: the server will take it later
  }

  // Send what is waiting, first in first out per match (resolves with how many were accepted);
  // ``quiet`` (the service worker) only removes what was accepted and leaves the rest as it was; a match whose oldest entry is not
  // accepted (no answer, refused, conflict) sends nothing after it. onAnswer(entry, response)
  // may read the response (the page shows it); its promise is awaited before the next entry.
  function drain(onAnswer, force, quiet) {
    return all().then(function (entries) {
      var stuck = {};
      var accepted = 0;
      var now = Date.now();
      var chain = Promise.resolve();
      entries.forEach(function (entry) {
        chain = chain.then(function () {
          if (stuck[entry.match]) return;
          if (entry.state !== "waiting" || (!force && entry.next > now)) { stuck[entry.match] = true; return; }
          return send(entry, entries.length).then(function (response) {
            entry.tries = (entry.tries || 0) + 1;
            var ok = response !== null && response.ok;
            if (ok) {
              accepted += 1;
              entries = entries.filter(function (other) { return other.key !== entry.key; });
            } else if (quiet) {
              stuck[entry.match] = true;  // the worker leaves what went wrong to the page
              return null;
            } else {
              stuck[entry.match] = true;
              entry.state = response === null ? "waiting" : stateFor(response.status);
              entry.status = response === null ? 0 : response.status;
              entry.next = retryAt(entry.tries, Date.now());
            }
            return Promise.resolve(onAnswer ? onAnswer(entry, response) : null).then(function (kept) {
              if (ok) return remove(entry.key);
              return kept === false ? remove(entry.key) : update(entry);
            });
          });
        });
      });
      return chain.then(function () { return accepted; });
    });
  }

  scope.TablescoreOutbox = {
    all: all, put: put, remove: remove, newKey: newKey, drain: drain, abort: abort,
    stateFor: stateFor, retryAt: retryAt, nextNumber: nextNumber, codeTexts: codeTexts
  };
  // Node's test runner reads the pure functions (tests/js/outbox.test.js).
  if (typeof module === "object" && module.exports) module.exports = scope.TablescoreOutbox;
})(typeof self === "undefined" ? globalThis : self);
