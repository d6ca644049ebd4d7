/* quizpages-store.js: what a reader has done, kept in the browser's localStorage and nowhere else.
 *
 * Runs in the browser (window.quizpages.store) and under Node (tests/js/store.test.js). Nothing
 * leaves the browser. One key per fact, all of a site under its path, so project sites on one
 * github.io origin stay apart; both languages of a quiz share its keys; question ids, not positions,
 * keep progress in place when a quiz is edited or shuffled:
 *   quizpages:progress:<site path>:<quiz id>:<question id>  "1": the answer was opened (reviewed)
 *   quizpages:answer:<site path>:<quiz id>:<question id>    the latest self-check, JSON
 *                                                            {"a": answer, "r": 1 | 0, "u": 1 when left unanswered in a test}
 *   quizpages:judged:<site path>:<quiz id>:<question id>    "got" | "missed": a written answer, judged by the reader
 *   quizpages:draft:<site path>:<quiz id>:<question id>     an answer given and not checked yet, JSON
 *   quizpages:visit:<site path>:<quiz id>                   when the quiz page was last opened (ms)
 *   quizpages:test:<site path>:<quiz id>                    a test under way, JSON {"deadline": ms | null, "answers": {...}}
 * Answers use the options' own letters, whatever order a shuffle shows them in.
 *
 * Storage may be missing, blocked (reading it throws) or full (writing throws): every fact is also
 * kept in memory, so the page and the index work for the visit either way.
 */
(function (root, make) {
  "use strict";
  var store = make();
  if (typeof module === "object" && module.exports) module.exports = store;
  else (root.quizpages = root.quizpages || {}).store = store;
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  var PREFIX = "quizpages:";
  var PER_QUESTION = ["progress", "answer", "judged", "draft"];
  var PER_QUIZ = ["visit", "test"];

  // window.localStorage when it can be written, else null (privacy modes, blocked site data, sandboxes).
  function browserStorage(win) {
    try {
      var storage = win.localStorage;
      storage.setItem(PREFIX + "probe", "1");
      storage.removeItem(PREFIX + "probe");
      return storage;
    } catch (error) {
      return null;
    }
  }

  function parse(text) {
    try { return JSON.parse(text); } catch (error) { return null; }
  }

  // The facts of the site at `sitePath`, read once from `storage` (a Storage, or null), then kept in
  // memory and written through to it whenever it takes them.
  function open(storage, sitePath) {
    var memory = {};
    if (storage) {
      try {
        for (var i = 0; i < storage.length; i++) {
          var name = storage.key(i);
          if (name && name.indexOf(PREFIX) === 0) memory[name] = storage.getItem(name);
        }
      } catch (error) { /* blocked while reading: what was read is kept */ }
    }

    function key(what, quizId, questionId) {
      return PREFIX + what + ":" + sitePath + ":" + quizId + (questionId === undefined ? "" : ":" + questionId);
    }
    function get(name) { return Object.prototype.hasOwnProperty.call(memory, name) ? memory[name] : null; }
    function set(name, value) {
      if (value === null || value === undefined) {
        delete memory[name];
        try { if (storage) storage.removeItem(name); } catch (error) { /* kept in memory only */ }
      } else {
        memory[name] = value;
        try { if (storage) storage.setItem(name, value); } catch (error) { /* full: kept in memory only */ }
      }
    }

    // (what, quiz id, question id or undefined) of one of this site's keys, or null for any other key
    function split(name) {
      if (name.indexOf(PREFIX) !== 0) return null;
      var rest = name.slice(PREFIX.length);
      var what = rest.slice(0, rest.indexOf(":"));
      var site = what + ":" + sitePath + ":";
      if (rest.indexOf(site) !== 0) return null;
      rest = rest.slice(site.length);
      if (PER_QUIZ.indexOf(what) >= 0) return { what: what, quiz: rest };
      if (PER_QUESTION.indexOf(what) < 0) return null;
      var at = rest.lastIndexOf(":");  // quiz ids hold slashes and dots, never a colon; question ids neither
      return at > 0 ? { what: what, quiz: rest.slice(0, at), question: rest.slice(at + 1) } : null;
    }

    function forget(test) {
      Object.keys(memory).forEach(function (name) {
        var parts = split(name);
        if (parts && test(parts)) set(name, null);
      });
    }

    return {
      persistent: !!storage,

      // {reviewed, answer, right, unanswered, judged, draft} of one question
      question: function (quizId, questionId) {
        var checked = parse(get(key("answer", quizId, questionId)));
        var judged = get(key("judged", quizId, questionId));
        var draft = parse(get(key("draft", quizId, questionId)));
        return {
          reviewed: get(key("progress", quizId, questionId)) === "1",
          answer: checked ? checked.a : undefined,
          right: checked ? checked.r === 1 : undefined,
          unanswered: !!(checked && checked.u),
          judged: judged === "got" || judged === "missed" ? judged : undefined,
          draft: draft === null ? undefined : draft
        };
      },
      // what the reader picked or typed and has not checked yet (null: nothing, or it was checked)
      setDraft: function (quizId, questionId, answer) {
        set(key("draft", quizId, questionId), answer === null || answer === undefined ? null : JSON.stringify(answer));
      },
      setReviewed: function (quizId, questionId, reviewed) {
        set(key("progress", quizId, questionId), reviewed ? "1" : null);
      },
      setChecked: function (quizId, questionId, answer, right, unanswered) {
        var value = { a: answer, r: right ? 1 : 0 };
        if (unanswered) value.u = 1;
        set(key("answer", quizId, questionId), JSON.stringify(value));
      },
      // a kept check the question can no longer take (see logic.fits): gone, so the index no longer counts it
      forgetChecked: function (quizId, questionId) { set(key("answer", quizId, questionId), null); },
      setJudged: function (quizId, questionId, judged) { set(key("judged", quizId, questionId), judged || null); },
      visited: function (quizId, at) { set(key("visit", quizId), String(at)); },
      test: function (quizId) { return parse(get(key("test", quizId))); },
      setTest: function (quizId, test) { set(key("test", quizId), test ? JSON.stringify(test) : null); },

      // Start over: every fact of one quiz, in both languages
      clearQuiz: function (quizId) { forget(function (parts) { return parts.quiz === quizId; }); },
      // Reset all progress: every fact of this site (another site on the origin keeps its own)
      clearSite: function () { forget(function () { return true; }); },

      // What the index shows: per quiz id, {reviewed, right, checked, got, judged, visited, started}, and
      // `last`, the quiz visited last.
      summary: function () {
        var quizzes = {}, last = null, lastAt = -1;
        function of(id) {
          return quizzes[id] || (quizzes[id] = { reviewed: 0, right: 0, checked: 0, got: 0, judged: 0, visited: 0 });
        }
        Object.keys(memory).forEach(function (name) {
          var parts = split(name);
          if (!parts) return;
          var value = memory[name];
          var figures = of(parts.quiz);
          if (parts.what === "progress" && value === "1") figures.reviewed += 1;
          if (parts.what === "answer") {
            var checked = parse(value);
            if (checked) { figures.checked += 1; if (checked.r === 1) figures.right += 1; }
          }
          if (parts.what === "judged" && (value === "got" || value === "missed")) {
            figures.judged += 1;
            if (value === "got") figures.got += 1;
          }
          if (parts.what === "visit") {
            figures.visited = Number(value) || 0;
            if (figures.visited > lastAt) { lastAt = figures.visited; last = parts.quiz; }
          }
        });
        Object.keys(quizzes).forEach(function (id) {
          var figures = quizzes[id];
          figures.started = figures.reviewed + figures.checked + figures.judged > 0;
        });
        return { quizzes: quizzes, last: last };
      }
    };
  }

  return { browserStorage: browserStorage, open: open };
});
