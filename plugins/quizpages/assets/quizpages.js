/* quizpages.js: review progress, self-check and print modes for a quiz page.
 *
 * Progressive enhancement only: the static page (questions and native <details>
 * Show Answer blocks) works without this script, and everything it adds is built
 * here at run time, so the page's static text stays the seed's layout.
 * Idempotent: running it twice on a page adds nothing the second time.
 * It reads its data from the empty div.quizpages-quiz the templates write:
 * the quiz id, the relative path to the site root and the UI strings of the
 * page's language; each multiple-choice <ol> carries data-answer/data-options.
 */
(function () {
  "use strict";

  var READY = "data-quizpages-ready";

  function format(text, values) {
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name]);
    });
    return text;
  }

  // localStorage, or null when the browser blocks it (privacy modes, sandboxed frames):
  // progress then lives only as long as the page.
  function openStorage() {
    try {
      var storage = window.localStorage;
      storage.setItem("quizpages:probe", "1");
      storage.removeItem("quizpages:probe");
      return storage;
    } catch (error) {
      return null;
    }
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // Each question: its id (the <li id>), its Show Answer block and, for multiple
  // choice, the right letter and the option letters.
  function findQuestions() {
    var found = [];
    document.querySelectorAll("ol.quizpages-question").forEach(function (list) {
      var item = list.querySelector(":scope > li[id]");
      var details = list.nextElementSibling;
      if (!item || !details || !details.matches("details.quizpages-answer")) return;
      found.push({
        id: item.id,
        list: list,
        details: details,
        answer: list.getAttribute("data-answer"),
        options: (list.getAttribute("data-options") || "").split("").filter(Boolean)
      });
    });
    return found;
  }

  function setup() {
    var data = document.querySelector("div.quizpages-quiz");
    if (!data || data.hasAttribute(READY)) return;
    data.setAttribute(READY, "");

    var strings = {};
    try { strings = JSON.parse(data.getAttribute("data-strings") || "{}"); } catch (error) { strings = {}; }
    function t(key, values) { return format(strings[key] || key, values); }

    // The site's path keeps project sites on one github.io origin apart; question
    // ids, not positions, keep progress in place when a quiz is edited.
    var sitePath = new URL((data.getAttribute("data-site-root") || ".") + "/", window.location.href).pathname;
    var quizId = data.getAttribute("data-quiz-id") || window.location.pathname;
    var storage = openStorage();
    var questions = findQuestions();
    var reviewed = {};

    function keyOf(id) { return "quizpages:progress:" + sitePath + ":" + quizId + ":" + id; }
    function remember(id, value) {
      if (!storage) return;
      try {
        if (value) storage.setItem(keyOf(id), "1"); else storage.removeItem(keyOf(id));
      } catch (error) { /* quota or blocked storage: keep the in-page count only */ }
    }
    questions.forEach(function (q) {
      try { reviewed[q.id] = !!storage && storage.getItem(keyOf(q.id)) === "1"; } catch (error) { reviewed[q.id] = false; }
    });

    var answerKey = new URLSearchParams(window.location.search).get("answer-key") === "1";
    if (answerKey) document.documentElement.classList.add("quizpages-answer-key");

    // -- review progress panel, before the first question -------------------------
    var panel = element("div", { "class": "quizpages-progress" });
    var labelId = "quizpages-progress-label";
    var label = element("p", { "class": "quizpages-progress__label", id: labelId });
    var bar = element("div", {
      "class": "quizpages-progress__track", role: "progressbar", "aria-labelledby": labelId,
      "aria-valuemin": "0", "aria-valuemax": String(questions.length), "aria-valuenow": "0"
    });
    var fill = element("div", { "class": "quizpages-progress__fill" });
    bar.appendChild(fill);
    var actions = element("p", { "class": "quizpages-progress__actions" });
    var reset = element("button", { type: "button", "class": "quizpages-button quizpages-progress__reset" }, t("progress.reset"));
    var modeLink = answerKey
      ? element("a", { href: window.location.pathname + window.location.hash, "class": "quizpages-print-mode" }, t("print.worksheet"))
      : element("a", { href: "?answer-key=1", "class": "quizpages-print-mode" }, t("print.answer_key"));
    actions.appendChild(reset);
    actions.appendChild(document.createTextNode(" "));
    actions.appendChild(modeLink);
    panel.appendChild(label);
    panel.appendChild(bar);
    panel.appendChild(actions);
    data.appendChild(panel);

    function update() {
      var count = questions.filter(function (q) { return reviewed[q.id]; }).length;
      var total = questions.length;
      label.textContent = t("progress.label") + " " + count + "/" + total;
      bar.setAttribute("aria-valuenow", String(count));
      bar.setAttribute("aria-valuetext", count + "/" + total);
      fill.style.width = (total ? (100 * count) / total : 0) + "%";
    }
    function markReviewed(q) {
      if (reviewed[q.id]) return;
      reviewed[q.id] = true;
      remember(q.id, true);
      update();
    }
    reset.addEventListener("click", function () {
      questions.forEach(function (q) { reviewed[q.id] = false; remember(q.id, false); });
      update();
    });

    // Only a reader opening an answer counts, not Material opening every block to print.
    questions.forEach(function (q) {
      var byReader = false;
      q.details.addEventListener("click", function (event) {
        var summary = event.target.closest("summary");
        if (summary && summary.parentElement === q.details) byReader = true;
      });
      q.details.addEventListener("toggle", function () {
        if (q.details.open && byReader) markReviewed(q);
        byReader = false;
      });
    });

    // -- self-check for multiple-choice questions --------------------------------
    questions.forEach(function (q) {
      if (!q.answer || q.options.length === 0) return;
      var fieldset = element("fieldset", { "class": "quizpages-selfcheck" });
      fieldset.appendChild(element("legend", {}, t("selfcheck.legend")));
      q.options.forEach(function (letter) {
        var choice = element("label", { "class": "quizpages-selfcheck__option" });
        choice.appendChild(element("input", { type: "radio", name: "quizpages-pick-" + q.id, value: letter }));
        choice.appendChild(document.createTextNode(" " + letter));
        fieldset.appendChild(choice);
      });
      var check = element("button", { type: "button", "class": "quizpages-button quizpages-selfcheck__check" }, t("selfcheck.check"));
      var result = element("p", { "class": "quizpages-selfcheck__result", role: "status", "aria-live": "polite" });
      fieldset.appendChild(check);
      fieldset.appendChild(result);
      check.addEventListener("click", function () {
        var picked = fieldset.querySelector("input:checked");
        if (!picked) { fieldset.querySelector("input").focus(); return; }
        var right = picked.value === q.answer;
        result.textContent = right
          ? t("selfcheck.correct", { letter: q.answer })
          : t("selfcheck.wrong", { picked: picked.value, letter: q.answer });
        result.setAttribute("data-result", right ? "correct" : "wrong");
        q.details.open = true;
        markReviewed(q);
      });
      q.list.parentNode.insertBefore(fieldset, q.details);
    });

    // -- print: a worksheet by default (CSS hides the answers), every answer open
    // on the answer-key page. Material opens every <details> on beforeprint too.
    function openAll() { questions.forEach(function (q) { q.details.open = true; }); }
    if (answerKey) openAll();
    window.addEventListener("beforeprint", function () { if (answerKey) openAll(); });

    update();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
