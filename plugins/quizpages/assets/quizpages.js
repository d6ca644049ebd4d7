/* quizpages.js: a quiz page's review progress, self-check, score, written-answer judgement and print modes.
 *
 * Progressive enhancement only: the static page (questions and native <details> Show Answer blocks)
 * works without this script, and everything it adds is made here at run time, so a page without
 * JavaScript stays exactly as it is. Idempotent: running it twice on a page adds nothing the second time.
 * It reads its data from the empty div.quizpages-quiz the templates write (the quiz id, the path to the
 * site root, the time limit of a test and the interface strings of the page's language) and from each
 * question's data-check (what its kind's self-check needs; see the kinds' `self_check`). It uses
 * quizpages-logic.js (verdicts), quizpages-store.js (what the reader did, in localStorage only),
 * quizpages-controls.js (the controls) and quizpages-modes.js (retry, test, shuffle), loaded before it.
 */
(function () {
  "use strict";

  var READY = "data-quizpages-ready";
  var ns = window.quizpages || {};
  var logic = ns.logic, store = ns.store, controls = ns.controls;

  function element(tag, attributes, text) { return controls.element(tag, attributes, text); }

  function button(text, name) {
    return element("button", { type: "button", "class": "quizpages-button quizpages-button--" + name }, text);
  }

  // A live region announces changes only: the same text twice (Check pressed again) would be silent,
  // so a repeat differs by a trailing no-break space, which nobody sees or hears.
  function say(region, text) {
    region.textContent = region.textContent === text ? text + "\u00a0" : text;
  }

  function readJson(node, name) {
    try { return JSON.parse(node.getAttribute(name) || "null"); } catch (error) { return null; }
  }

  // Each question: its id (the <li id>), its list (the <ol> holding data-check), its Hint and Show Answer
  // blocks, what its self-check needs, and the section heading it is under.
  function findQuestions() {
    var found = [];
    document.querySelectorAll("ol.quizpages-question").forEach(function (list) {
      // the question's text is in a div in its <li> (see question.md.j2); straight in it when a site's own
      // question.md.j2 has no div
      var li = list.querySelector(":scope > li[id]");
      var item = li && (li.querySelector(":scope > div.quizpages-question__body") || li);
      var details = list.nextElementSibling, hint = null;
      while (details && details.matches("details.quizpages-hint")) { hint = details; details = details.nextElementSibling; }
      if (!item || !details || !details.matches("details.quizpages-answer")) return;
      var heading = list.previousElementSibling;
      while (heading && !/^H[1-6]$/.test(heading.tagName) && !heading.matches("div.quizpages-quiz")) {
        heading = heading.previousElementSibling;
      }
      found.push({ id: li.id, list: list, item: item, hint: hint, details: details, check: readJson(list, "data-check"),
                   heading: heading && /^H2$/.test(heading.tagName) ? heading : null,
                   number: Number(list.getAttribute("start")) || found.length + 1 });
    });
    return found;
  }

  function setup() {
    var data = document.querySelector("div.quizpages-quiz");
    if (!data || data.hasAttribute(READY) || !logic || !store || !controls) return;
    data.setAttribute(READY, "");

    var strings = readJson(data, "data-strings") || {};
    function t(key, values) { return logic.format(strings[key] || key, values); }
    // one string for one thing and another for more: "1 question was", "3 questions were"
    function counted(key, count) { return count === 1 && strings[key + "_one"] ? t(key + "_one") : t(key, { count: count }); }

    var sitePath = new URL((data.getAttribute("data-site-root") || ".") + "/", window.location.href).pathname;
    var quizId = data.getAttribute("data-quiz-id") || window.location.pathname;
    var saved = store.open(store.browserStorage(window), sitePath);
    var questions = findQuestions();
    var answerKey = new URLSearchParams(window.location.search).get("answer-key") === "1";
    if (answerKey) document.documentElement.classList.add("quizpages-answer-key");
    document.documentElement.classList.add("quizpages-js");

    var page = {
      t: t, counted: counted, questions: questions, saved: saved, quizId: quizId, mode: "normal",
      testMinutes: Number(data.getAttribute("data-test-minutes")) || 0,
      modes: null  // quizpages-modes.js, on pages other than the answer key
    };

    // -- the review progress panel, before the first question ---------------------------------------
    var panel = element("div", { "class": "quizpages-progress" });
    var head = element("div", { "class": "quizpages-progress__head" });
    var label = element("p", { "class": "quizpages-progress__label", id: "quizpages-progress-label" });
    var compact = element("p", { "class": "quizpages-progress__score" });
    head.appendChild(label);
    head.appendChild(compact);
    var bar = element("div", {
      "class": "quizpages-progress__track", role: "progressbar", "aria-labelledby": "quizpages-progress-label",
      "aria-valuemin": "0", "aria-valuemax": String(questions.length), "aria-valuenow": "0"
    });
    var fill = element("div", { "class": "quizpages-progress__fill" });
    bar.appendChild(fill);
    var actions = element("div", { "class": "quizpages-progress__actions" });
    var startOver = button(t("quiz.start_over"), "start-over");
    var modeLink = answerKey
      ? element("a", { href: window.location.pathname + window.location.hash, "class": "quizpages-print-mode" }, t("print.worksheet"))
      : element("a", { href: "?answer-key=1", "class": "quizpages-print-mode" }, t("print.answer_key"));
    var status = element("p", { "class": "quizpages-progress__status", role: "status", "aria-live": "polite" });
    actions.appendChild(startOver);
    actions.appendChild(modeLink);
    [head, bar, actions, status].forEach(function (part) { panel.appendChild(part); });
    data.appendChild(panel);
    page.actions = actions;
    page.announce = function (text) { say(status, text); };

    // -- the results, after the last question ----------------------------------------------------------
    var results = element("div", { "class": "quizpages-results" });
    var total = element("p", { "class": "quizpages-results__score", role: "status", "aria-live": "polite" });
    var note = element("p", { "class": "quizpages-results__note" });
    var resultActions = element("div", { "class": "quizpages-results__actions" });
    var startOverAgain = button(t("quiz.start_over"), "start-over");
    resultActions.appendChild(startOverAgain);
    [total, note, resultActions].forEach(function (part) { results.appendChild(part); });
    if (questions.length) {
      var last = questions[questions.length - 1].details;
      last.parentNode.insertBefore(results, last.nextSibling);
    }
    page.resultActions = resultActions;
    page.note = function (text) { note.textContent = text || ""; };

    // -- each question's state: the reader's latest check or judgement, kept by question id -------------
    questions.forEach(function (q) {
      q.state = saved.question(quizId, q.id);
      q.order = null;  // its options' own letters in the order shown, once shuffled (see quizpages-modes.js)
      // An answer kept from before the author changed the question (another kind under the same id, fewer
      // options) is one this page cannot show or judge: it is forgotten, not read into the controls.
      if (q.state.answer !== undefined && !logic.fits(q.check, q.state.answer)) {
        q.state.answer = q.state.right = undefined;
        q.state.unanswered = false;
        saved.forgetChecked(quizId, q.id);
      }
      if (q.state.draft !== undefined && !logic.fits(q.check, q.state.draft)) {
        q.state.draft = undefined;
        saved.setDraft(quizId, q.id, null);
      }
    });

    // the question's data-check as the page shows it (a shuffle moves its options' letters)
    function shown(q) { return logic.relettered(q.check, q.order); }
    function toShown(q, answer) { return logic.mapLetters(answer, function (own) { return logic.shownLetter(q.order, own); }); }
    function toOwn(q, answer) { return logic.mapLetters(answer, function (letter) { return logic.ownLetter(q.order, letter); }); }
    page.toOwn = toOwn;

    function markReviewed(q) {
      if (q.state.reviewed) return;
      q.state.reviewed = true;
      saved.setReviewed(quizId, q.id, true);
    }

    // what the reader's latest answer says, for its verdict line
    function verdictOf(q) {
      if (q.state.right === undefined) return null;
      if (q.state.unanswered) return { right: false, message: t("test.not_answered"), picked: [] };
      var verdict = logic.judge(shown(q), toShown(q, q.state.answer), t, true);
      if (verdict.missing !== undefined) return { right: false, message: t("test.not_answered"), picked: [] };
      if (verdict.invalid !== undefined) return { right: false, message: t("test.counted_wrong", { message: verdict.invalid }), picked: [] };
      return verdict;
    }

    // A kept answer is judged again against this page's key, and its mark follows: the page in the other
    // language may take other answers ("32개" is a number to the Korean page only), and the author may have
    // changed the key since. The verdict, the mark and the score then always agree.
    questions.forEach(function (q) {
      if (!q.check || !logic.knows(q.check.type) || q.state.right === undefined || q.state.unanswered) return;
      var verdict = verdictOf(q);
      if (verdict.right === q.state.right) return;
      q.state.right = verdict.right;
      saved.setChecked(quizId, q.id, q.state.answer, verdict.right, false);
    });

    // the author's feedback on each option picked, as the answer block shows it
    function showFeedback(q, picked) {
      q.feedback.textContent = "";
      (picked || []).forEach(function (letter) {
        var own = logic.ownLetter(q.order, letter);
        var feedback = q.details.querySelector(".quizpages-feedback[data-option='" + own + "']");
        if (feedback) q.feedback.appendChild(feedback.cloneNode(true));
      });
    }

    function showMark(q) {
      var state = q.state, mark = "";
      if (state.right !== undefined) mark = state.right ? "correct" : "wrong";
      else if (state.judged) mark = state.judged;
      else if (state.reviewed) mark = "reviewed";
      q.mark.textContent = mark ? t("mark." + mark) : "";
      q.list.setAttribute("data-state", mark || "new");
      if (mark) q.mark.setAttribute("data-mark", mark); else q.mark.removeAttribute("data-mark");
    }

    function showJudged(q) {
      if (!q.judge) return;
      q.judge.querySelectorAll("button").forEach(function (choice) {
        choice.setAttribute("aria-pressed", String(choice.getAttribute("data-judged") === q.state.judged));
      });
    }

    // The question as its state says: its answer in the controls, its verdict and feedback, its mark, and
    // its answer open once reviewed. Set without announcing: a live region speaks of changes the reader makes.
    page.show = function (q) {
      var verdict = verdictOf(q);
      // its latest check, else what the reader gave and did not check yet
      var answer = q.state.answer === undefined ? q.state.draft : q.state.answer;
      if (q.control) q.control.write(answer === undefined ? "" : toShown(q, answer));
      if (q.result) {
        q.result.textContent = verdict ? verdict.message : "";
        if (verdict) q.result.setAttribute("data-result", verdict.right ? "correct" : "wrong");
        else q.result.removeAttribute("data-result");
        showFeedback(q, verdict && verdict.picked);
      }
      q.details.open = answerKey || q.state.reviewed;
      showMark(q);
      showJudged(q);
    };

    // The question cleared on the page only (a retry, a test): its stored state stays.
    page.blank = function (q) {
      if (q.control) q.control.write("");
      if (q.result) { q.result.textContent = ""; q.result.removeAttribute("data-result"); q.feedback.textContent = ""; }
      q.details.open = false;
      if (q.judge) q.judge.querySelectorAll("button").forEach(function (choice) { choice.setAttribute("aria-pressed", "false"); });
      q.mark.textContent = "";
      q.mark.removeAttribute("data-mark");
      q.list.setAttribute("data-state", "new");
    };

    // A reader's answer, judged and kept (`unanswered`: left empty in a test, which counts as wrong).
    page.record = function (q, answer, right, unanswered) {
      q.state.answer = toOwn(q, answer);
      q.state.right = right;
      q.state.unanswered = !!unanswered;
      saved.setChecked(quizId, q.id, q.state.answer, right, unanswered);
      page.keepDraft(q, null);
      markReviewed(q);
    };

    // what the reader gives and has not checked yet, kept so a reload shows it (a test keeps its own)
    page.keepDraft = function (q, answer) {
      var draft = answer === null || logic.isBlank(answer) ? undefined : toOwn(q, answer);
      q.state.draft = draft;
      saved.setDraft(quizId, q.id, draft === undefined ? null : draft);
    };

    page.renumber = function () {
      questions.forEach(function (q) {
        q.list.setAttribute("start", String(q.number));
        if (q.legend) q.legend.textContent = t("selfcheck.legend", { number: q.number });
        if (q.judgeLabel) q.judgeLabel.textContent = t("judge.label", { number: q.number });
      });
    };

    // -- the figures: review progress, score, written answers ------------------------------------------
    page.update = function () {
      var reviewed = questions.filter(function (q) { return q.state.reviewed; }).length;
      label.textContent = t("progress.label") + " " + reviewed + "/" + questions.length;
      bar.setAttribute("aria-valuenow", String(reviewed));
      bar.setAttribute("aria-valuetext", reviewed + "/" + questions.length);
      fill.style.width = (questions.length ? (100 * reviewed) / questions.length : 0) + "%";
      // the score is out of every question the page checks itself; a written answer, judged by the reader,
      // is a figure of its own and never part of it
      var figures = logic.score(questions.map(function (q) {
        return q.control ? { right: q.state.right } : { judged: q.state.judged };
      }));
      var checkable = questions.filter(function (q) { return q.control; }).length;
      var scored = t("score.label", { right: figures.right, total: checkable });
      compact.textContent = figures.checked ? scored : "";
      var parts = [];
      if (checkable) parts.push(figures.checked ? scored + "." : t("score.none"));
      if (figures.checked && checkable > figures.checked) parts.push(counted("score.unchecked", checkable - figures.checked));
      if (figures.judged) parts.push(t("score.written", figures));
      var text = parts.join(" ");
      // announced when it changes, not as the page loads
      if (!page.ready) total.textContent = text;
      else if (total.textContent.trim() !== text) say(total, text);
      if (page.modes) page.modes.update();
    };

    // -- self-check: answer, press Check, hear the result; the answer block opens -------------------------
    function check(q) {
      var answer = q.control.read();
      var verdict = logic.judge(shown(q), answer, t);
      q.feedback.textContent = "";
      if (verdict.missing !== undefined || verdict.invalid !== undefined) {
        // said, not only shown by the focus: a result from an earlier check must not stay
        say(q.result, verdict.missing !== undefined ? t("selfcheck.unanswered") : verdict.invalid);
        q.result.setAttribute("data-result", verdict.missing !== undefined ? "missing" : "invalid");
        q.control.controls[verdict.missing !== undefined ? verdict.missing : verdict.at].focus();
        return;
      }
      page.record(q, answer, verdict.right);
      say(q.result, verdict.message);
      q.result.setAttribute("data-result", verdict.right ? "correct" : "wrong");
      showFeedback(q, verdict.picked);
      q.details.open = true;
      showMark(q);
      page.update();
      if (page.modes) page.modes.answered(q);
    }

    function addSelfCheck(q) {
      var fieldset = element("fieldset", { "class": "quizpages-selfcheck", "data-type": q.check.type,
                                           id: "quizpages-check-" + q.id });
      q.legend = element("legend", {}, t("selfcheck.legend", { number: q.number }));
      q.checkButton = button(t("selfcheck.check"), "check");
      q.checkButton.classList.add("quizpages-selfcheck__check");
      q.result = element("p", { "class": "quizpages-selfcheck__result", role: "status", "aria-live": "polite" });
      q.feedback = element("div", { "class": "quizpages-selfcheck__feedback" });
      [q.legend, q.checkButton, q.result, q.feedback].forEach(function (part) { fieldset.appendChild(part); });
      q.control = controls.build(q, fieldset, t);
      if (q.control.inPlace) fieldset.classList.add("quizpages-selfcheck--in-place");
      q.fieldset = fieldset;
      q.details.parentNode.insertBefore(fieldset, q.details);
      q.checkButton.addEventListener("click", function () { check(q); });
      // Enter in a text box checks, as it would submit a form; radios, boxes and selects keep their keys
      function onEnter(event) {
        if (event.key === "Enter" && event.target.matches("input[type=text]") && page.mode !== "test") {
          event.preventDefault();
          check(q);
        }
      }
      function onChange() {
        if (page.mode === "test") { if (page.modes) page.modes.changed(q); } else page.keepDraft(q, q.control.read());
      }
      q.control.controls.forEach(function (control) {
        control.addEventListener("keydown", onEnter);
        control.addEventListener("input", onChange);
        control.addEventListener("change", onChange);
      });
    }

    // -- written answers: the reader judges their own, once the answer is open ----------------------------
    function addJudgement(q) {
      var group = element("div", { "class": "quizpages-judge", role: "group", "aria-labelledby": "quizpages-judge-" + q.id });
      q.judgeLabel = element("p", { "class": "quizpages-judge__label", id: "quizpages-judge-" + q.id },
                             t("judge.label", { number: q.number }));
      group.appendChild(q.judgeLabel);
      ["got", "missed"].forEach(function (judged) {
        var choice = button(t("judge." + judged), "judge");
        choice.setAttribute("data-judged", judged);
        choice.setAttribute("aria-pressed", "false");
        choice.addEventListener("click", function () {
          q.state.judged = judged;
          saved.setJudged(quizId, q.id, judged);
          markReviewed(q);
          showJudged(q);
          showMark(q);
          page.update();
          if (page.modes) page.modes.answered(q);
        });
        group.appendChild(choice);
      });
      q.judge = group;
      q.details.appendChild(group);
    }

    questions.forEach(function (q) {
      // a mark of how the question went (Right, Wrong, Reviewed), at the end of its first paragraph
      q.mark = element("span", { "class": "quizpages-mark" });
      var first = q.item.firstElementChild;
      if (first && first.tagName === "P") {
        first.appendChild(document.createTextNode(" "));
        first.appendChild(q.mark);
      } else {
        var line = element("p");
        line.appendChild(q.mark);
        q.item.insertBefore(line, q.item.firstChild);
      }
      if (q.check && !(logic.knows(q.check.type) && controls.knows(q.check.type))) {
        // a page built by a newer or older quizpages than this script: say so where a developer looks
        console.warn("quizpages: question '" + q.id + "' has a self-check of unknown type '" + q.check.type
                     + "'; the reader judges it, as a written answer");
        q.check = null;
      }
      if (q.check) addSelfCheck(q); else addJudgement(q);
    });

    // Only a reader opening an answer counts, not Material opening every block to print.
    questions.forEach(function (q) {
      var byReader = false;
      q.details.addEventListener("click", function (event) {
        var summary = event.target.closest("summary");
        if (summary && summary.parentElement === q.details) byReader = true;
      });
      q.details.addEventListener("toggle", function () {
        if (q.details.open && byReader && page.mode !== "test") {
          markReviewed(q);
          showMark(q);
          page.update();
        }
        byReader = false;
      });
    });

    // -- start over: this quiz's answers, score and progress, on the page and in storage -----------------
    function clearQuiz() {
      if (page.modes) page.modes.reset();
      saved.clearQuiz(quizId);
      saved.visited(quizId, Date.now());
      questions.forEach(function (q) {
        q.state = saved.question(quizId, q.id);
        page.show(q);
      });
      page.note("");
      page.update();
      page.announce(t("quiz.status_started_over"));
    }
    startOver.addEventListener("click", clearQuiz);
    startOverAgain.addEventListener("click", clearQuiz);

    // -- print: a worksheet by default (CSS hides the answers), every answer open on the answer-key page.
    // Material opens every <details> on beforeprint too.
    function openAll() { questions.forEach(function (q) { q.details.open = true; }); }
    window.addEventListener("beforeprint", function () { if (answerKey) openAll(); });

    saved.visited(quizId, Date.now());  // for the index's "Continue"
    questions.forEach(page.show);
    if (!answerKey && ns.modes) page.modes = ns.modes.attach(page);
    page.update();
    page.ready = true;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
