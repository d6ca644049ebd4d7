/* quizpages-index.js: the reader's progress across the whole site, on the quiz index of each language.
 *
 * For every quiz, how many of its questions were reviewed ("3/10") and, once something was checked,
 * the score out of the questions its page checks itself ("2/7", as the page says it); for every topic
 * folder the same summed up; at the top how many quizzes were started, a link to continue the quiz
 * visited last, and "Reset all progress" (after a confirmation).
 * It reads what the quiz pages kept (quizpages-store.js), shared by every language, so each language's
 * index shows the same progress. The page marks where each figure goes with empty elements; without
 * JavaScript it reads as it always did. Idempotent.
 */
(function () {
  "use strict";

  var READY = "data-quizpages-ready";

  function setup() {
    var ns = window.quizpages || {};
    var logic = ns.logic, store = ns.store;
    var data = document.querySelector("div.quizpages-index");
    if (!data || data.hasAttribute(READY) || !logic || !store) return;
    data.setAttribute(READY, "");

    var strings = {};
    try { strings = JSON.parse(data.getAttribute("data-strings") || "{}"); } catch (error) { strings = {}; }
    function t(key, values) { return logic.format(strings[key] || key, values); }
    function element(tag, attributes, text) {
      var node = document.createElement(tag);
      Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
      if (text !== undefined) node.textContent = text;
      return node;
    }

    var sitePath = new URL((data.getAttribute("data-site-root") || ".") + "/", window.location.href).pathname;
    var saved = store.open(store.browserStorage(window), sitePath);
    var quizzes = Array.prototype.map.call(document.querySelectorAll("span.quizpages-index__quiz[data-quiz]"), function (mark) {
      var link = mark.closest("li") && mark.closest("li").querySelector("a[href]");
      return { id: mark.getAttribute("data-quiz"), folder: mark.getAttribute("data-folder") || "",
               total: Number(mark.getAttribute("data-total")) || 0,
               checkable: Number(mark.getAttribute("data-checkable")) || 0, mark: mark, link: link };
    });

    var panel = element("div", { "class": "quizpages-site-progress" });
    var started = element("p", { "class": "quizpages-site-progress__started" });
    var next = element("p", { "class": "quizpages-site-progress__continue" });
    var reset = element("button", { type: "button", "class": "quizpages-button quizpages-button--reset-all" },
                        t("site_progress.reset"));
    var status = element("p", { "class": "quizpages-site-progress__status", role: "status", "aria-live": "polite" });
    [started, next, reset, status].forEach(function (part) { panel.appendChild(part); });
    data.appendChild(panel);

    // a quiz's figures as stored, its counts kept within its questions (a quiz edited since may have lost
    // some); the score is out of the questions its page checks itself, as the page gives it
    function figuresOf(summary, quiz) {
      var found = summary.quizzes[quiz.id] || { reviewed: 0, right: 0, checked: 0, started: false };
      return { reviewed: Math.min(found.reviewed, quiz.total), total: quiz.total,
               right: Math.min(found.right, quiz.checkable), checkable: quiz.checkable,
               checked: Math.min(found.checked, quiz.checkable), started: found.started };
    }

    function render() {
      var summary = saved.summary();
      var folders = {};
      var count = 0;
      quizzes.forEach(function (quiz) {
        var figures = figuresOf(summary, quiz);
        quiz.mark.textContent = t(figures.checked ? "site_progress.quiz_score" : "site_progress.quiz", figures);
        if (figures.started) count += 1;
        var folder = folders[quiz.folder] || (folders[quiz.folder] = { started: 0, quizzes: 0, reviewed: 0, total: 0, right: 0,
                                                                       checked: 0, checkable: 0 });
        folder.quizzes += 1;
        folder.started += figures.started ? 1 : 0;
        ["reviewed", "total", "right", "checked", "checkable"].forEach(function (name) { folder[name] += figures[name]; });
      });
      document.querySelectorAll("div.quizpages-index__folder[data-folder]").forEach(function (place) {
        var folder = folders[place.getAttribute("data-folder")];
        place.textContent = "";
        if (folder) {
          place.appendChild(element("p", { "class": "quizpages-index__summary" },
            t(folder.checked ? "site_progress.folder_score" : "site_progress.folder", folder)));
        }
      });
      started.textContent = t("site_progress.started", { started: count, total: quizzes.length });
      next.textContent = "";
      var last = quizzes.filter(function (quiz) { return quiz.id === summary.last && quiz.link; })[0];
      if (last) {
        // "Continue: {title}", the title a link to the quiz in this index's language
        var parts = t("site_progress.continue").split("{title}");
        next.appendChild(document.createTextNode(parts[0]));
        next.appendChild(element("a", { href: last.link.getAttribute("href") }, last.link.textContent));
        if (parts[1]) next.appendChild(document.createTextNode(parts[1]));
      }
    }

    reset.addEventListener("click", function () {
      if (!window.confirm(t("site_progress.confirm"))) return;
      saved.clearSite();
      render();
      status.textContent = t("site_progress.done");
    });

    render();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
