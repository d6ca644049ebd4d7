/* quizpages.js: review progress, self-check and print modes for a quiz page.
 *
 * Progressive enhancement only: the static page (questions and native <details>
 * Show Answer blocks) works without this script, and everything it adds is built
 * here at run time, so the page's static text stays the seed's layout.
 * Idempotent: running it twice on a page adds nothing the second time.
 * It reads its data from the empty div.quizpages-quiz the templates write:
 * the quiz id, the relative path to the site root and the UI strings of the
 * page's language. Each question's <ol> carries data-check, what its kind's
 * self-check needs: {type: "choice" | "choices" | "blanks" | "number" | "order"
 * | "match", ...} (see the kinds' `self_check` in plugins/quizpages/kinds/).
 * Every control is a native input or select with a label, so the self-check
 * works with a mouse, a keyboard, touch and a screen reader alike.
 */
(function () {
  "use strict";

  var READY = "data-quizpages-ready";

  var logic = window.quizpages && window.quizpages.logic;  // quizpages-logic.js, loaded before this file

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

  function readCheck(list) {
    try { return JSON.parse(list.getAttribute("data-check") || "null"); } catch (error) { return null; }
  }

  // Each question: its id (the <li id>), its Show Answer block (after its Hint block, if any)
  // and what its self-check needs.
  function findQuestions() {
    var found = [];
    document.querySelectorAll("ol.quizpages-question").forEach(function (list) {
      var item = list.querySelector(":scope > li[id]");
      var details = list.nextElementSibling;
      while (details && details.matches("details.quizpages-hint")) details = details.nextElementSibling;
      if (!item || !details || !details.matches("details.quizpages-answer")) return;
      found.push({ id: item.id, list: list, details: details, check: readCheck(list) });
    });
    return found;
  }

  // -- self-check controls, one builder per check type ----------------------------
  // A builder adds its controls to the fieldset and returns {read, controls}: read() gives the
  // reader's answer as quizpages-logic.js takes it, and controls[i] is where the focus goes when
  // the logic says the answer's i-th part is missing or invalid.

  // A live region announces changes only: the same result twice (Check pressed again) would be silent,
  // so a repeat differs by a trailing no-break space, which nobody sees or hears.
  function say(region, text) {
    region.textContent = region.textContent === text ? text + "\u00a0" : text;
  }

  function row(fieldset, labelText, control) {
    var wrap = element("p", { "class": "quizpages-selfcheck__row" });
    var id = control.id;
    wrap.appendChild(element("label", { "for": id, "class": "quizpages-selfcheck__label" }, labelText));
    wrap.appendChild(document.createTextNode(" "));
    wrap.appendChild(control);
    fieldset.appendChild(wrap);
    return wrap;
  }

  function selectOf(id, values, t) {
    var select = element("select", { id: id, "class": "quizpages-selfcheck__select" });
    select.appendChild(element("option", { value: "" }, t("selfcheck.choose")));
    values.forEach(function (value) { select.appendChild(element("option", { value: value }, value)); });
    return select;
  }

  // option letters come as one string ("ABCD"), other values as a list
  function values(data) { return typeof data.values === "string" ? data.values.split("") : data.values; }

  function valuesOf(controls) { return controls.map(function (control) { return control.value; }); }

  var builders = {
    choice: function (q, fieldset, t) {
      var data = q.check;
      var name = "quizpages-pick-" + q.id;
      var inputs = values(data).map(function (value) {
        var option = element("label", { "class": "quizpages-selfcheck__option" });
        var input = element("input", { type: "radio", name: name, value: value });
        option.appendChild(input);
        // a value reads as itself (an option letter) unless `labels` names its string (True, 참)
        option.appendChild(document.createTextNode(" " + (data.labels && data.labels[value] ? t(data.labels[value]) : value)));
        fieldset.appendChild(option);
        return input;
      });
      return {
        controls: inputs,
        read: function () {
          var picked = inputs.filter(function (input) { return input.checked; })[0];
          return picked ? picked.value : "";
        }
      };
    },

    choices: function (q, fieldset, t) {
      var inputs = values(q.check).map(function (value) {
        var option = element("label", { "class": "quizpages-selfcheck__option" });
        var input = element("input", { type: "checkbox", value: value });
        option.appendChild(input);
        option.appendChild(document.createTextNode(" " + value));
        fieldset.appendChild(option);
        return input;
      });
      return {
        controls: inputs,
        read: function () { return valuesOf(inputs.filter(function (input) { return input.checked; })); }
      };
    },

    blanks: function (q, fieldset, t) {
      var inputs = q.check.blanks.map(function (blank, index) {
        var input = element("input", { type: "text", id: "quizpages-blank-" + q.id + "-" + (index + 1),
          "class": "quizpages-selfcheck__input", autocomplete: "off", spellcheck: "false" });
        row(fieldset, t("selfcheck.blanks.label", { number: index + 1 }), input);
        return input;
      });
      return { controls: inputs, read: function () { return valuesOf(inputs); } };
    },

    number: function (q, fieldset, t) {
      var data = q.check;
      var input = element("input", { type: "text", inputmode: "decimal", id: "quizpages-number-" + q.id,
        "class": "quizpages-selfcheck__input", autocomplete: "off" });
      var wrap = row(fieldset, t("selfcheck.number.label"), input);
      if (data.unit) wrap.appendChild(document.createTextNode(" " + data.unit));
      return { controls: [input], read: function () { return input.value; } };
    },

    order: function (q, fieldset, t) {
      var data = q.check;
      var positions = data.letters.map(function (_, index) { return String(index + 1); });
      var selects = data.letters.map(function (letter) {
        var select = selectOf("quizpages-order-" + q.id + "-" + letter, positions, t);
        row(fieldset, t("selfcheck.order.label", { letter: letter }), select);
        return select;
      });
      return { controls: selects, read: function () { return valuesOf(selects); } };
    },

    match: function (q, fieldset, t) {
      var data = q.check;
      var selects = data.answer.map(function (_, index) {
        var select = selectOf("quizpages-match-" + q.id + "-" + (index + 1), data.letters, t);
        row(fieldset, t("selfcheck.match.label", { number: index + 1 }), select);
        return select;
      });
      return { controls: selects, read: function () { return valuesOf(selects); } };
    }
  };

  function setup() {
    var data = document.querySelector("div.quizpages-quiz");
    if (!data || data.hasAttribute(READY)) return;
    data.setAttribute(READY, "");

    var strings = {};
    try { strings = JSON.parse(data.getAttribute("data-strings") || "{}"); } catch (error) { strings = {}; }
    function t(key, values) { return logic.format(strings[key] || key, values); }

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

    // -- self-check: answer, press Check, hear the result; the answer block opens ---------
    questions.forEach(function (q) {
      if (!q.check) return;
      var build = builders[q.check.type];
      if (!build || !logic.knows(q.check.type)) {
        // a page built by a newer or older quizpages than this script: say so where a developer looks
        console.warn("quizpages: question '" + q.id + "' has a self-check of unknown type '" + q.check.type
                     + "'; it is left without one");
        return;
      }
      var fieldset = element("fieldset", { "class": "quizpages-selfcheck", "data-type": q.check.type });
      fieldset.appendChild(element("legend", {}, t("selfcheck.legend")));
      var control = build(q, fieldset, t);
      var check = element("button", { type: "button", "class": "quizpages-button quizpages-selfcheck__check" }, t("selfcheck.check"));
      var result = element("p", { "class": "quizpages-selfcheck__result", role: "status", "aria-live": "polite" });
      var feedback = element("div", { "class": "quizpages-selfcheck__feedback" });
      fieldset.appendChild(check);
      fieldset.appendChild(result);
      fieldset.appendChild(feedback);
      // Enter in a text box checks, as it would submit a form; radios, boxes and selects keep their keys
      fieldset.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && event.target.matches("input[type=text]")) {
          event.preventDefault();
          check.click();
        }
      });
      check.addEventListener("click", function () {
        var verdict = logic.judge(q.check, control.read(), t);
        feedback.textContent = "";
        if (verdict.missing !== undefined) {
          // said, not only shown by the focus: a result from an earlier check must not stay
          say(result, t("selfcheck.unanswered"));
          result.setAttribute("data-result", "missing");
          control.controls[verdict.missing].focus();
          return;
        }
        if (verdict.invalid !== undefined) {
          say(result, verdict.invalid);
          result.setAttribute("data-result", "invalid");
          control.controls[verdict.at].focus();
          return;
        }
        say(result, verdict.message);
        result.setAttribute("data-result", verdict.right ? "correct" : "wrong");
        // the feedback the author wrote for each option picked, as the answer block shows it
        (verdict.picked || []).forEach(function (letter) {
          var note = q.details.querySelector(".quizpages-feedback[data-option='" + letter + "']");
          if (note) feedback.appendChild(note.cloneNode(true));
        });
        q.details.open = true;
        markReviewed(q);
      });
      q.details.parentNode.insertBefore(fieldset, q.details);
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
