/* quizpages-modes.js: the ways to go over a quiz again, on its page: retry the missed questions, take it
 * as a test (with the quiz's time limit, `test: {minutes: N}`), and shuffle questions and options.
 *
 * attach(page) is called by quizpages.js with what it made of the page (its questions, their state and
 * how to show them) and returns the hooks it calls back: answered(q), changed(q), update(), reset().
 * Every control here is a native <button>; every change is announced through the page's status region.
 */
(function () {
  "use strict";

  var ns = window.quizpages || {};
  var logic = ns.logic;
  var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  function button(text, name) {
    return ns.controls.element("button", { type: "button", "class": "quizpages-button quizpages-button--" + name }, text);
  }

  function show(node, visible) { if (node) node.hidden = !visible; }

  // Put `nodes` back into the places they hold now, in the order `sorted` gives them.
  function reorder(nodes, sorted) {
    var places = nodes.map(function (node) {
      var place = document.createComment("quizpages");
      node.parentNode.replaceChild(place, node);
      return place;
    });
    places.forEach(function (place, index) { place.parentNode.replaceChild(sorted[index], place); });
  }

  function attach(page) {
    var t = page.t, questions = page.questions, saved = page.saved, quizId = page.quizId;
    var root = document.documentElement;

    // -- the buttons, before Start over in the panel and among the results ---------------------------
    var retry = button(t("retry.start"), "retry"), retryAgain = button(t("retry.start"), "retry");
    var showAll = button(t("retry.show_all"), "show-all");
    var takeTest = button(t("test.start"), "test");
    var finish = button(t("test.finish"), "finish"), finishAgain = button(t("test.finish"), "finish");
    var leave = button(t("test.leave"), "leave");
    var shuffle = button(t("shuffle.start"), "shuffle");
    var timer = ns.controls.element("p", { "class": "quizpages-timer", role: "timer", "aria-live": "off" });
    var first = page.actions.firstChild;
    [timer, retry, showAll, takeTest, finish, leave, shuffle].forEach(function (node) { page.actions.insertBefore(node, first); });
    page.resultActions.insertBefore(finishAgain, page.resultActions.firstChild);
    page.resultActions.insertBefore(retryAgain, finishAgain);

    // -- the blocks of the page: each question's, and the section headings over them --------------------
    function blockOf(q) { return [q.list, q.hint, q.fieldset, q.details].filter(Boolean); }
    var sections = [];
    questions.forEach(function (q) {
      var section = sections.length && sections[sections.length - 1].heading === q.heading ? sections[sections.length - 1] : null;
      if (!section) { section = { heading: q.heading, questions: [] }; sections.push(section); }
      section.questions.push(q);
    });
    sections.forEach(function (section) { section.original = section.questions.slice(); });

    function away(nodes, hidden) {
      nodes.forEach(function (node) { if (node) node.classList.toggle("quizpages-away", hidden); });
    }

    // -- retry missed: only the questions whose latest check (or judgement) was wrong, cleared ---------
    var pending = null;
    function missed() {
      return questions.filter(function (q) { return q.state.right === false || q.state.judged === "missed"; });
    }
    function startRetry() {
      var again = missed();
      if (!again.length) return;
      pending = {};
      again.forEach(function (q) { pending[q.id] = true; });
      page.mode = "retry";
      questions.forEach(function (q) {
        away(blockOf(q), !pending[q.id]);
        if (pending[q.id]) page.blank(q);
      });
      sections.forEach(function (section) {
        away([section.heading], !section.questions.some(function (q) { return pending[q.id]; }));
      });
      page.update();
      page.announce(page.counted("retry.status", again.length));
      var target = again[0].control ? again[0].control.controls[0] : again[0].details.querySelector("summary");
      if (target) target.focus();
    }
    function endRetry(message) {
      pending = null;
      page.mode = "normal";
      questions.forEach(function (q) { away(blockOf(q), false); page.show(q); });
      sections.forEach(function (section) { away([section.heading], false); });
      page.update();
      if (message) page.announce(message);
    }

    // -- test mode: answers, hints, verdicts and Check buttons hidden until Finish test -------------------
    var test = null, ticking = null, left = 0;
    function keepTest() { saved.setTest(quizId, test); }
    function startTest(resumed) {
      if (pending) endRetry(null);
      test = resumed || { deadline: page.testMinutes ? Date.now() + page.testMinutes * 60000 : null, answers: {} };
      keepTest();
      page.mode = "test";
      page.note("");  // what the last test left unanswered is no news in a new one
      root.classList.add("quizpages-testing");
      questions.forEach(function (q) {
        page.blank(q);
        var draft = test.answers[q.id];
        if (draft !== undefined && !logic.fits(q.check, draft)) delete test.answers[q.id];  // see quizpages.js
        else if (q.control && draft !== undefined) {
          q.control.write(logic.mapLetters(draft, function (own) { return logic.shownLetter(q.order, own); }));
        }
      });
      page.update();
      if (test.deadline) {
        left = test.deadline - Date.now();
        tick();
        if (test) ticking = window.setInterval(tick, 1000);
      }
      if (!resumed) page.announce(t("test.status"));
    }
    function tick() {
      var now = test.deadline - Date.now();
      timer.textContent = t("test.time_left", { time: logic.clock(now) });
      var crossed = logic.minuteCrossed(left, now);
      left = now;
      if (now <= 0) { finishTest(t("test.time_up")); return; }
      if (crossed) page.announce(crossed === 1 ? t("test.minute_left") : t("test.minutes_left", { minutes: crossed }));
    }
    function stopTest() {
      if (ticking) window.clearInterval(ticking);
      ticking = null;
      test = null;
      saved.setTest(quizId, null);
      page.mode = "normal";
      root.classList.remove("quizpages-testing");
      timer.textContent = "";
    }
    // every question judged at once: unanswered ones count as wrong, and the page says how many
    function finishTest(reason) {
      var unanswered = 0;
      questions.forEach(function (q) {
        if (q.control) {
          var answer = q.control.read();
          var blank = logic.isBlank(answer);
          var verdict = blank ? {} : logic.judge(logic.relettered(q.check, q.order), answer, t, true);
          if (blank) unanswered += 1;
          page.record(q, answer, verdict.right === true, blank);
        } else {
          q.state.reviewed = true;  // its answer opens, for the reader to judge
          saved.setReviewed(quizId, q.id, true);
        }
      });
      stopTest();
      questions.forEach(page.show);
      var note = unanswered ? page.counted("test.unanswered", unanswered) : "";
      page.note(note);
      page.update();
      page.announce([reason || t("test.finished"), note].filter(Boolean).join(" "));
    }
    function leaveTest() {
      stopTest();
      questions.forEach(page.show);
      page.update();
    }

    // -- shuffle: questions within each section, options within each choice question ---------------------
    function numberInPageOrder() {
      var lists = Array.prototype.slice.call(document.querySelectorAll("ol.quizpages-question"));
      questions.forEach(function (q) { q.number = lists.indexOf(q.list) + 1; });
      page.renumber();
    }
    // the marked letters of a question (options, the answer line, feedback) as the order says, and the
    // options, answer list items and feedback blocks sorted by their new letters
    function reletter(q) {
      var letterOf = function (node) {
        var mark = node.matches(".quizpages-option") ? node : node.querySelector(".quizpages-option[data-option]");
        return logic.shownLetter(q.order, mark.getAttribute("data-option"));
      };
      [q.item, q.details].forEach(function (scope) {
        scope.querySelectorAll(".quizpages-option[data-option]").forEach(function (mark) {
          mark.textContent = letterOf(mark) + ")";
        });
      });
      var groups = [];
      [q.item, q.details].forEach(function (scope) {
        scope.querySelectorAll(":scope > ul").forEach(function (list) {
          var items = Array.prototype.filter.call(list.children, function (li) { return li.querySelector(".quizpages-option[data-option]"); });
          if (items.length > 1) groups.push(items);
        });
      });
      groups.push(Array.prototype.slice.call(q.details.querySelectorAll(":scope > .quizpages-feedback")));
      groups.forEach(function (nodes) {
        if (nodes.length > 1) reorder(nodes, nodes.slice().sort(function (a, b) { return letterOf(a) < letterOf(b) ? -1 : 1; }));
      });
      if (q.control) {
        q.control.controls.forEach(function (input) {
          var li = input.closest("li");
          var mark = li && li.querySelector(".quizpages-option[data-option]");
          if (mark) input.value = letterOf(mark);
        });
      }
    }
    var shuffled = false;
    function setOrder(shuffling) {
      // what the reader picked and has not checked yet stays picked, on the same options
      var drafts = questions.map(function (q) { return q.control ? page.toOwn(q, q.control.read()) : undefined; });
      sections.forEach(function (section) {
        var order = shuffling ? logic.permutation(section.questions.length, Math.random).map(function (index) {
          return section.questions[index];
        }) : section.original.slice();
        var nodes = [], sorted = [];
        section.questions.forEach(function (q) { nodes = nodes.concat(blockOf(q)); });
        order.forEach(function (q) { sorted = sorted.concat(blockOf(q)); });
        reorder(nodes, sorted);
        section.questions = order;
      });
      questions.forEach(function (q) {
        if (!logic.hasLetteredOptions(q.check)) return;
        q.order = shuffling ? logic.permutation(q.check.values.length, Math.random).map(function (index) {
          return LETTERS.charAt(index);
        }) : null;
        reletter(q);
      });
      numberInPageOrder();
      questions.forEach(function (q, index) {
        page.show(q);
        if (q.state.answer === undefined && drafts[index] !== undefined) {
          q.control.write(logic.mapLetters(drafts[index], function (own) { return logic.shownLetter(q.order, own); }));
        }
      });
      shuffled = shuffling;
      shuffle.textContent = shuffling ? t("shuffle.undo") : t("shuffle.start");
      page.update();
      page.announce(shuffling ? t("shuffle.done") : t("shuffle.undone"));
    }

    [retry, retryAgain].forEach(function (control) { control.addEventListener("click", startRetry); });
    showAll.addEventListener("click", function () { endRetry(null); });
    takeTest.addEventListener("click", function () { startTest(null); });
    [finish, finishAgain].forEach(function (control) { control.addEventListener("click", function () { finishTest(null); }); });
    leave.addEventListener("click", leaveTest);
    shuffle.addEventListener("click", function () { setOrder(!shuffled); });

    var hooks = {
      // a question answered again: a retry ends once every missed question is
      answered: function (q) {
        if (!pending || !pending[q.id]) return;
        delete pending[q.id];
        if (!Object.keys(pending).length) endRetry(t("retry.done"));
      },
      // an answer changed in a test: kept, so a reload resumes the test as it was
      changed: function (q) {
        if (!test || !q.control) return;
        test.answers[q.id] = page.toOwn(q, q.control.read());
        keepTest();
      },
      update: function () {
        var normal = page.mode === "normal", testing = page.mode === "test";
        var again = normal && missed().length > 0;
        show(retry, again); show(retryAgain, again);
        show(showAll, page.mode === "retry");
        show(takeTest, normal);
        show(finish, testing); show(finishAgain, testing); show(leave, testing);
        show(shuffle, normal);
        show(timer, testing && !!(test && test.deadline));
      },
      // Start over: no retry, no test under way
      reset: function () {
        if (test) stopTest();
        if (pending) endRetry(null);
      }
    };
    var resumed = saved.test(quizId);
    if (resumed && typeof resumed === "object" && !Array.isArray(resumed)) {
      // what a page once wrote, whatever it holds now: a deadline is a time or none, answers a mapping
      if (typeof resumed.deadline !== "number" || !isFinite(resumed.deadline)) resumed.deadline = null;
      if (!resumed.answers || typeof resumed.answers !== "object") resumed.answers = {};
      startTest(resumed);
    }
    return hooks;
  }

  (window.quizpages = window.quizpages || {}).modes = { attach: attach };
})();
