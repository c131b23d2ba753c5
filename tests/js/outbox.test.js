// The outbox's pure functions (static/js/outbox.js), run by `node --test tests/js/` (from
// tests/js/test_node.py): what a sent deal became, when it is tried again, how the form's
// number moves past the deals kept, and what the QR codes for the desk carry.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const Outbox = require("../../static/js/outbox.js");

test("an answer's status says what became of the deal", () => {
  assert.equal(Outbox.stateFor(409), "conflict");
  for (const status of [401, 403, 404, 410]) assert.equal(Outbox.stateFor(status), "blocked");
  for (const status of [400, 422]) assert.equal(Outbox.stateFor(status), "refused");
  for (const status of [429, 500, 502, 503]) assert.equal(Outbox.stateFor(status), "waiting");
});

test("a deal is tried again 20 s later, doubling, at most 5 minutes apart", () => {
  const now = 1_000_000;
  const waits = [1, 2, 3, 4, 5, 6, 10].map((tries) => Outbox.retryAt(tries, now) - now);
  assert.deepEqual(waits, [20000, 40000, 80000, 160000, 300000, 300000, 300000]);
  assert.equal(Outbox.retryAt(0, now) - now, 20000);
});

test("the form's number moves past every deal the phone keeps, never back", () => {
  assert.equal(Outbox.nextNumber(3, []), 3);
  assert.equal(Outbox.nextNumber(3, [3, 4]), 5);
  assert.equal(Outbox.nextNumber(9, [3, 4]), 9);
  assert.equal(Outbox.nextNumber(0, [1]), 2);
});

function decoded(text) {
  const payload = new URL(text).searchParams.get("d");
  const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(Buffer.from(base64, "base64").toString("utf8"));
}

test("each QR code carries whole deals without the CSRF token, within the limit", () => {
  const entries = [1, 2, 3, 4, 5, 6].map((number) => ({
    number,
    body: `csrfmiddlewaretoken=secret&key=k${number}&match=7&number=${number}&f.points.0=8${number}&who=Zo%C3%A9`,
  }));
  const base = "http://192.168.1.10:8000/import/";
  const codes = Outbox.codeTexts(entries, base, 120);

  assert.ok(codes.length > 1);
  assert.equal(codes[0].first, 1);
  assert.equal(codes.at(-1).last, 6);
  const bodies = codes.flatMap((code) => {
    assert.ok(code.text.startsWith(base + "?d="));
    const carried = decoded(code.text);
    assert.equal(carried.v, 1);
    assert.ok(carried.e.join("").length <= 120 || carried.e.length === 1);
    return carried.e;
  });
  assert.equal(bodies.length, 6);
  for (const [index, body] of bodies.entries()) {
    const params = new URLSearchParams(body);
    assert.equal(params.get("csrfmiddlewaretoken"), null);
    assert.equal(params.get("number"), String(index + 1));
    assert.equal(params.get("who"), "Zoé");
  }
});

test("one deal longer than the limit still gets a code of its own", () => {
  const long = { number: 1, body: "key=k1&note=" + "x".repeat(500) };
  const codes = Outbox.codeTexts([long, { number: 2, body: "key=k2" }], "https://t.example/i/", 100);
  assert.deepEqual(codes.map((c) => [c.first, c.last]), [[1, 1], [2, 2]]);
});
