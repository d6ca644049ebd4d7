/* quizpages-logic.js: what the self-check decides, without a page.
 *
 * Pure functions only (no DOM, no storage), so the same file runs in the browser
 * (as window.quizpages.logic) and under Node (`require`), where
 * tests/js/logic.test.js checks it with `node --test`. No build step.
 *
 * An answer is what a reader gave, per check type (the `type` of a question's
 * data-check, declared by its kind's `check_shape` in plugins/quizpages/kinds/):
 *   choice   "B" (a value; "" for none)        choices  ["A", "C"]
 *   blanks   ["MASTER_ADDR", ""]               number   "32 processes" (as typed)
 *   order    ["2", "1", ""] (a position per letter)     match  ["B", "", "A"] (a letter per left item)
 * `t(key, values)` gives the page's interface strings (see strings/<lang>.yml).
 */
(function (root, make) {
  "use strict";
  var logic = make();
  if (typeof module === "object" && module.exports) module.exports = logic;
  else (root.quizpages = root.quizpages || {}).logic = logic;
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  function format(text, values) {
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name]);
    });
    return text;
  }

  // Dashes and minus signs readers type for a minus: U+2212 MINUS SIGN, figure and en dashes, and the
  // small and full-width hyphen-minus (which NFKC already maps, but a pasted text may not be NFKC).
  var MINUS = /[\u2212\u2012\u2013\ufe63\uff0d]/g;

  // Text as readers type it, compared as meant: NFKC (full-width letters and digits, ideographic and
  // no-break spaces become ASCII), spaces collapsed and trimmed.
  function plain(text) {
    return String(text === undefined || text === null ? "" : text).normalize("NFKC").replace(/\s+/g, " ").trim();
  }

  // Ignoring case, İ (the capital dotted i) reads as i: toLowerCase gives it a combining dot (i̇), which
  // no reader types.
  function normalizeText(text, caseSensitive) {
    var value = plain(text);
    return caseSensitive ? value : value.toLowerCase().replace(/i\u0307/g, "i");
  }

  // The digits of a number, or null. Spaces and commas may group thousands, in groups of exactly
  // three digits after a first group of one to three that does not start with 0 ("1 000", "12,345",
  // "1,234.5", "1 000,5"); any other space makes it no number ("3 2" is not 32). A single comma that
  // groups nothing is the decimal point ("2,5", "0,125", "032,000").
  function readNumber(text) {
    var match = /^([+-]?) ?(.*)$/.exec(text.replace(MINUS, "-"));
    var sign = match[1], body = match[2], exponent = "";
    var power = /^(.*?)([eE][+-]?\d+)$/.exec(body);
    if (power) { body = power[1]; exponent = power[2]; }
    if (/^[1-9]\d{0,2}( \d{3})+([.,]\d+)?$/.test(body)) {
      body = body.replace(/ /g, "").replace(",", ".");
    } else if (body.indexOf(" ") >= 0) {
      return null;
    } else if (/^[1-9]\d{0,2}(,\d{3})+(\.\d*)?$/.test(body)) {
      body = body.replace(/,/g, "");
    } else if (/^\d*,\d+$/.test(body)) {
      body = body.replace(",", ".");
    } else if (body.indexOf(",") >= 0) {
      return null;
    }
    if (!/^(\d+\.?\d*|\.\d+)$/.test(body)) return null;
    return parseFloat(sign + body + exponent);
  }

  function words(text) { return plain(text).split(" ").filter(Boolean); }

  // Whether `typed` is the unit's words `parts`, with or without the spaces between them. A word of the unit
  // written in lower case, three letters or more ("processes", "pods"), may be typed in any case; any other
  // is typed as written, since its case is its meaning: MB is not Mb (megabits), m is not M, kB is not KB.
  function spells(typed, parts) {
    var at = 0;
    for (var index = 0; index < parts.length; index++) {
      var part = parts[index], piece = typed.slice(at, at + part.length);
      var anyCase = part.length >= 3 && part === part.toLowerCase() && part !== part.toUpperCase();
      if (anyCase ? piece.toLowerCase() !== part : piece !== part) return false;
      at += part.length;
    }
    return at === typed.length;
  }

  // Whether `typed` (what follows the number) is the unit shown after the box, or some of its words
  // in a row, with or without the spaces: "processes", "개" and "개 프로세스" for "개 프로세스".
  function isUnit(typed, unit) {
    var wanted = words(typed).join("");
    var parts = words(unit);
    if (!wanted) return true;
    for (var from = 0; from < parts.length; from++) {
      for (var to = from + 1; to <= parts.length; to++) {
        if (spells(wanted, parts.slice(from, to))) return true;
      }
    }
    return false;
  }

  // A number as readers type it (see readNumber), full-width digits and the minus sign included,
  // optionally followed by the question's unit ("32 processes", "32개"). Null when it is no number.
  function parseNumber(text, unit) {
    var value = plain(text);
    var whole = readNumber(value);
    if (whole !== null || !unit) return whole;
    var head = /^[+\-\u2212\u2012\u2013]?[0-9 .,]*(?:[eE][+-]?\d+)?/.exec(value)[0];
    if (!head.trim() || !isUnit(value.slice(head.length), unit)) return null;
    return readNumber(head.trim());
  }

  function list(values, t) { return values.join(t("selfcheck.list_separator")); }

  function count(values, wanted) {
    return values.filter(function (value, index) { return value === wanted[index]; }).length;
  }

  // One entry per check type: judge(data, answer, t, given) gives {right, message, picked} for a complete
  // answer, or {missing: index} / {invalid: message, at: index} for one that cannot be judged (index:
  // which control to move the focus to). `picked`: option values whose feedback to show. `given`: judge an
  // answer given in part as it is (a test, a kept answer), its empty parts wrong, rather than ask for them.
  var CHECKS = {
    choice: function (data, answer, t) {
      if (!answer) return { missing: 0 };
      // a value reads as itself (an option letter) unless `labels` names its string (True, 참)
      function label(value) { return data.labels && data.labels[value] ? t(data.labels[value]) : value; }
      var prefix = data.say || "selfcheck";
      var right = answer === data.answer;
      var message = right ? t(prefix + ".correct", { letter: label(data.answer) })
        : t(prefix + ".wrong", { picked: label(answer), letter: label(data.answer) });
      return { right: right, message: message, picked: [answer] };
    },

    choices: function (data, answer, t) {
      if (!answer || !answer.length) return { missing: 0 };
      var picked = answer.slice().sort();
      var wanted = data.answer.slice().sort();
      var right = picked.join(",") === wanted.join(",");
      var values = { picked: list(picked, t), letters: list(wanted, t) };
      var one = wanted.length === 1 ? "_one" : "";  // "A is the right answer", "A, C are the right answers"
      var message = right ? t("selfcheck.choices.correct" + one, values) : t("selfcheck.choices.wrong" + one, values);
      return { right: right, message: message, picked: picked };
    },

    blanks: function (data, answer, t, given) {
      for (var index = 0; index < data.blanks.length; index++) {
        if (!plain(answer && answer[index]) && (!given || isBlank(answer || []))) return { missing: index };
      }
      var right = data.blanks.filter(function (blank, index) {
        if (!plain(answer[index])) return false;  // an empty blank of an answer given in part
        var typed = normalizeText(answer[index], blank.case);
        return blank.accept.some(function (accepted) { return normalizeText(accepted, blank.case) === typed; });
      }).length;
      var total = data.blanks.length;
      return { right: right === total,
               message: right === total ? t("selfcheck.blanks.correct") : t("selfcheck.blanks.wrong", { right: right, total: total }) };
    },

    number: function (data, answer, t) {
      var typed = plain(answer);
      if (!typed) return { missing: 0 };
      var value = parseNumber(typed, data.unit);
      if (value === null) return { invalid: t("selfcheck.number.invalid"), at: 0 };
      // No slack: `low` and `high` are the nearest doubles of the exact decimal bounds (3.14 ± 0.01 is 3.13 to
      // 3.15, see kinds/numeric.py), and a typed number is read as the same nearest double, so a reader on the
      // bound is right and one past it is wrong, however large the number (4294967300 is not 4294967296).
      var right = value >= data.low && value <= data.high;
      // "32 processes", "32개 프로세스": how a number and its unit read is a string of the language
      var shown = data.unit ? t(data.labels.with_unit, { value: data.answer, unit: data.unit }) : data.answer;
      return { right: right, message: right ? t("selfcheck.number.correct", { answer: shown })
        : t("selfcheck.number.wrong", { value: typed, answer: shown }) };
    },

    order: function (data, answer, t) {
      var chosen = data.letters.map(function (_, index) { return (answer && answer[index]) || ""; });
      var unset = chosen.indexOf("");
      var distinct = chosen.filter(function (value, index) { return chosen.indexOf(value) === index; }).length;
      if (unset >= 0 || distinct !== chosen.length) {
        return { invalid: t("selfcheck.order.incomplete"), at: unset >= 0 ? unset : 0 };
      }
      // answer[n] is the letter of the item that comes (n + 1)th
      var placed = data.letters.filter(function (letter, index) { return data.answer[Number(chosen[index]) - 1] === letter; }).length;
      var total = data.letters.length;
      var order = data.answer.join(t("selfcheck.arrow"));
      return { right: placed === total, message: placed === total ? t("selfcheck.order.correct", { order: order })
        : t("selfcheck.order.wrong", { right: placed, total: total, order: order }) };
    },

    match: function (data, answer, t) {
      var chosen = data.answer.map(function (_, index) { return (answer && answer[index]) || ""; });
      var unset = chosen.indexOf("");
      if (unset >= 0) return { invalid: t("selfcheck.match.incomplete"), at: unset };
      var right = count(chosen, data.answer);
      var total = data.answer.length;
      var pairs = list(data.answer.map(function (letter, index) { return (index + 1) + t("selfcheck.arrow") + letter; }), t);
      return { right: right === total, message: right === total ? t("selfcheck.match.correct")
        : t("selfcheck.match.wrong", { right: right, total: total, pairs: pairs }) };
    }
  };

  function knows(type) { return Object.prototype.hasOwnProperty.call(CHECKS, type); }

  // Whether `value` is one of a choice's values: a letter of "ABCD", or an entry of ["true", "false"].
  function among(values, value) {
    if (typeof value !== "string") return false;
    return Array.isArray(values) ? values.indexOf(value) >= 0 : value.length === 1 && String(values).indexOf(value) >= 0;
  }
  function strings(answer, length) {
    return Array.isArray(answer) && answer.length === length
      && answer.every(function (part) { return typeof part === "string"; });
  }

  // Per check type, whether an answer kept in the browser (a check, a draft, a test's) is one this question
  // can take: the author may have changed the question since (another kind under the same id, fewer
  // options, another blank), and storage holds whatever a page once wrote. Empty parts fit (nothing given).
  var FITS = {
    choice: function (data, answer) { return answer === "" || among(data.values, answer); },
    choices: function (data, answer) {
      return Array.isArray(answer) && answer.every(function (value, index) {
        return among(data.values, value) && answer.indexOf(value) === index;
      });
    },
    blanks: function (data, answer) { return strings(answer, data.blanks.length); },
    number: function (data, answer) { return typeof answer === "string"; },
    order: function (data, answer) {
      return strings(answer, data.letters.length) && answer.every(function (position) {
        return position === "" || (/^[1-9]\d*$/.test(position) && Number(position) <= data.letters.length);
      });
    },
    match: function (data, answer) {
      return strings(answer, data.answer.length) && answer.every(function (letter) {
        return letter === "" || data.letters.indexOf(letter) >= 0;
      });
    }
  };

  // Whether `answer` (letters as the author gave them) fits the question whose data-check is `data`; false
  // for a question the page cannot check (none, or a type this script does not know).
  function fits(data, answer) {
    return !!data && knows(data.type) && FITS[data.type](data, answer);
  }

  // Whether the reader gave nothing at all (no option, no select, every box empty): in a test such a
  // question is "not answered", while an answer given in part is judged, and wrong.
  function isBlank(answer) {
    if (Array.isArray(answer)) return answer.every(isBlank);
    return !plain(answer);
  }

  var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  // Whether a question's options are its own lettered options (multiple choice, choose all): those a
  // reader may shuffle. True/false values and the items of matching and ordering keep their order.
  function hasLetteredOptions(data) {
    return !!data && (data.type === "choice" || data.type === "choices") && typeof data.values === "string";
  }

  // Lettering after a shuffle. `order` lists the options' own (author's) letters in the order shown:
  // ["C", "A", "B"] shows C as A. Without an order every letter is itself.
  function shownLetter(order, own) { return order ? LETTERS.charAt(order.indexOf(own)) : own; }
  function ownLetter(order, shown) { return order ? order[LETTERS.indexOf(shown)] : shown; }

  // An answer ("B", or ["A", "C"]) in the other lettering: mapLetters(answer, shownLetter.bind(null, order)).
  function mapLetters(answer, map) {
    if (Array.isArray(answer)) return answer.map(map);
    return answer ? map(answer) : answer;
  }

  // The data-check of a question with lettered options as the page shows it after a shuffle: the same
  // letters, the answer moved to where its option went.
  function relettered(data, order) {
    if (!order || !hasLetteredOptions(data)) return data;
    var copy = {};
    Object.keys(data).forEach(function (key) { copy[key] = data[key]; });
    copy.answer = mapLetters(data.answer, function (own) { return shownLetter(order, own); });
    if (Array.isArray(copy.answer)) copy.answer.sort();
    return copy;
  }

  // A new order of `count` things (their indexes), never the one they are in when there are two or
  // more, so pressing Shuffle always changes something. `random` is Math.random or a test's own.
  function permutation(count, random) {
    var order = [];
    for (var i = 0; i < count; i++) order.push(i);
    for (var j = count - 1; j > 0; j--) {
      var k = Math.floor(random() * (j + 1));
      var swap = order[j]; order[j] = order[k]; order[k] = swap;
    }
    if (count > 1 && order.every(function (value, index) { return value === index; })) order.push(order.shift());
    return order;
  }

  // The figures a page and the index show, from each question's latest result: {right, checked} over
  // the self-checked questions, {got, judged} over the written ones judged by the reader.
  function score(results) {
    var figures = { right: 0, checked: 0, got: 0, judged: 0 };
    results.forEach(function (result) {
      if (result.right === true || result.right === false) {
        figures.checked += 1;
        if (result.right) figures.right += 1;
      }
      if (result.judged === "got" || result.judged === "missed") {
        figures.judged += 1;
        if (result.judged === "got") figures.got += 1;
      }
    });
    return figures;
  }

  // A countdown as a clock reads: 19:59, 0:05, 1:00:00. Whole seconds, rounded up, so "0:00" means time is up.
  function clock(milliseconds) {
    var seconds = Math.max(0, Math.ceil(milliseconds / 1000));
    var hours = Math.floor(seconds / 3600), minutes = Math.floor((seconds % 3600) / 60), rest = seconds % 60;
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return (hours ? hours + ":" + two(minutes) : String(minutes)) + ":" + two(rest);
  }

  // The minutes left a countdown announces (5, then 1) when its time drops from `before` to `now`
  // milliseconds left: the one crossed, or null.
  var ANNOUNCED = [5, 1];
  function minuteCrossed(before, now) {
    for (var i = 0; i < ANNOUNCED.length; i++) {
      var mark = ANNOUNCED[i] * 60000;
      if (before > mark && now <= mark) return ANNOUNCED[i];
    }
    return null;
  }

  // The verdict on `answer` to the question whose data-check is `data` (see CHECKS).
  function judge(data, answer, t, given) {
    if (!data || !knows(data.type)) throw new Error("quizpages: no self-check of type " + (data && data.type));
    return CHECKS[data.type](data, answer, t, !!given);
  }

  return { format: format, normalizeText: normalizeText, parseNumber: parseNumber, isUnit: isUnit,
           judge: judge, knows: knows, fits: fits, types: Object.keys(CHECKS), isBlank: isBlank, hasLetteredOptions: hasLetteredOptions,
           shownLetter: shownLetter, ownLetter: ownLetter, mapLetters: mapLetters, relettered: relettered,
           permutation: permutation, score: score, clock: clock, minuteCrossed: minuteCrossed };
});
