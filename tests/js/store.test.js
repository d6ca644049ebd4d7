// What a reader did, kept in localStorage (plugins/quizpages/assets/quizpages-store.js), under Node with a
// Storage of its own: keys, both languages sharing them, sites apart, blocked and full storage.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");

const store = require("../../plugins/quizpages/assets/quizpages-store.js");

// A Storage as the browser has it (getItem, setItem, removeItem, key, length), optionally refusing writes.
function storage(entries = {}, { full = false } = {}) {
  const data = new Map(Object.entries(entries));
  return {
    get length() { return data.size; },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => { if (full) throw new Error("QuotaExceededError"); data.set(key, String(value)); },
    removeItem: (key) => { if (full) throw new Error("QuotaExceededError"); data.delete(key); },
    data,
  };
}

test("each fact is one key under the site's path, the quiz id and the question id", () => {
  const local = storage();
  const saved = store.open(local, "/site/");
  saved.setReviewed("ai-ml/kubeflow", "gang", true);
  saved.setChecked("ai-ml/kubeflow", "gang", "B", false);
  saved.setJudged("ai-ml/kubeflow", "why", "got");
  saved.visited("ai-ml/kubeflow", 1234);
  assert.deepEqual(Object.fromEntries(local.data), {
    "quizpages:progress:/site/:ai-ml/kubeflow:gang": "1",
    "quizpages:answer:/site/:ai-ml/kubeflow:gang": '{"a":"B","r":0}',
    "quizpages:judged:/site/:ai-ml/kubeflow:why": "got",
    "quizpages:visit:/site/:ai-ml/kubeflow": "1234",
  });
  const again = store.open(local, "/site/");  // a reload, or the page in the other language
  assert.deepEqual(again.question("ai-ml/kubeflow", "gang"),
                   { reviewed: true, answer: "B", right: false, unanswered: false, judged: undefined, draft: undefined });
  assert.equal(again.question("ai-ml/kubeflow", "why").judged, "got");
});

test("a site's summary counts its own quizzes only, and the quiz visited last", () => {
  const local = storage({
    "quizpages:progress:/site/:a:q1": "1", "quizpages:progress:/site/:a:q2": "1",
    "quizpages:answer:/site/:a:q1": '{"a":"B","r":1}', "quizpages:answer:/site/:a:q2": '{"a":[],"r":0,"u":1}',
    "quizpages:judged:/site/:b/c.d:q3": "missed", "quizpages:visit:/site/:a": "10", "quizpages:visit:/site/:b/c.d": "20",
    "quizpages:progress:/other/:a:q1": "1", "quizpages:visit:/other/:z": "99",  // another project site on the origin
    "quizpages:progress:/site/:broken": "1", "quizpages:answer:/site/:a:q4": "not json", "unrelated": "x",
  });
  const summary = store.open(local, "/site/").summary();
  assert.equal(summary.last, "b/c.d");
  assert.deepEqual(summary.quizzes.a, { reviewed: 2, right: 1, checked: 2, got: 0, judged: 0, visited: 10, started: true });
  assert.deepEqual(summary.quizzes["b/c.d"], { reviewed: 0, right: 0, checked: 0, got: 0, judged: 1, visited: 20, started: true });
  assert.deepEqual(Object.keys(summary.quizzes).sort(), ["a", "b/c.d"]);
});

test("start over clears one quiz, reset all clears this site, and another site keeps its own", () => {
  const local = storage({
    "quizpages:progress:/site/:a:q1": "1", "quizpages:test:/site/:a": "{}", "quizpages:progress:/site/:ab:q1": "1",
    "quizpages:progress:/other/:a:q1": "1",
  });
  const saved = store.open(local, "/site/");
  saved.clearQuiz("a");
  assert.deepEqual([...local.data.keys()].sort(), ["quizpages:progress:/other/:a:q1", "quizpages:progress:/site/:ab:q1"]);
  saved.clearSite();
  assert.deepEqual([...local.data.keys()], ["quizpages:progress:/other/:a:q1"]);
});

test("without storage, or with storage that refuses writes, every fact lasts the visit", () => {
  for (const local of [null, storage({}, { full: true })]) {
    const saved = store.open(local, "/site/");
    saved.setChecked("a", "q", ["A", "C"], true);
    saved.setTest("a", { deadline: 5, answers: { q: "B" } });
    assert.deepEqual(saved.question("a", "q").answer, ["A", "C"]);
    assert.deepEqual(saved.test("a"), { deadline: 5, answers: { q: "B" } });
    assert.equal(saved.summary().quizzes.a.checked, 1);
    saved.setTest("a", null);
    assert.equal(saved.test("a"), null);
    assert.equal(saved.persistent, local !== null);
  }
  assert.equal(store.browserStorage({ get localStorage() { throw new Error("SecurityError"); } }), null);
  assert.equal(store.browserStorage({ localStorage: storage({}, { full: true }) }), null);
});

test("an answer not checked yet is kept as a draft, apart from the checked one, and cleared with its quiz", () => {
  const local = storage();
  const saved = store.open(local, "/site/");
  saved.setDraft("ai-ml/kubeflow", "order", ["2", "1", ""]);
  saved.setDraft("ai-ml/kubeflow", "pick", "C");
  saved.setDraft("ai-ml/kubeflow", "pick", null);  // checked since
  assert.deepEqual(Object.fromEntries(local.data), { "quizpages:draft:/site/:ai-ml/kubeflow:order": '["2","1",""]' });
  const again = store.open(local, "/site/");
  assert.deepEqual(again.question("ai-ml/kubeflow", "order").draft, ["2", "1", ""]);
  assert.equal(again.question("ai-ml/kubeflow", "order").answer, undefined);
  assert.equal(again.question("ai-ml/kubeflow", "pick").draft, undefined);
  assert.equal(again.summary().quizzes["ai-ml/kubeflow"].started, false);  // a draft alone starts nothing
  again.clearQuiz("ai-ml/kubeflow");
  assert.equal(local.data.size, 0);
});

test("a kept check the question can no longer take is forgotten, and the index stops counting it", () => {
  const local = storage();
  const saved = store.open(local, "/site/");
  saved.setChecked("ai-ml/kubeflow", "which-crd", "A", true);
  saved.setChecked("ai-ml/kubeflow", "other", "true", true);
  assert.equal(saved.summary().quizzes["ai-ml/kubeflow"].right, 2);
  saved.forgetChecked("ai-ml/kubeflow", "which-crd");
  assert.equal(saved.question("ai-ml/kubeflow", "which-crd").answer, undefined);
  assert.equal(saved.question("ai-ml/kubeflow", "which-crd").right, undefined);
  assert.deepEqual(Object.keys(Object.fromEntries(local.data)), ["quizpages:answer:/site/:ai-ml/kubeflow:other"]);
  const again = store.open(local, "/site/");
  assert.deepEqual([again.summary().quizzes["ai-ml/kubeflow"].right, again.summary().quizzes["ai-ml/kubeflow"].checked], [1, 1]);
});
