// The self-check's logic (plugins/quizpages/assets/quizpages-logic.js) under Node: `node --test tests/js/`
// (run by tests/test_script_logic.py, so `make test` runs it). No browser, no packages.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const fs = require("node:fs");

const logic = require("../../plugins/quizpages/assets/quizpages-logic.js");

// The page's strings as the script gets them: English, from the strings file itself (a flat YAML mapping).
function readStrings(language) {
  const file = path.join(__dirname, "../../plugins/quizpages/strings", language + ".yml");
  const table = {};
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const match = /^([\w.-]+): (.*?)(\s+#.*)?$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if (value.startsWith('"')) value = JSON.parse(value);
    table[match[1]] = value;
  }
  return table;
}
const EN = readStrings("en");
const KO = readStrings("ko");
const t = (table) => (key, values) => logic.format(table[key] || key, values);

const verdict = (data, answer, strings = EN) => {
  const result = logic.judge(data, answer, t(strings));
  if (result.missing !== undefined) return "missing";
  if (result.invalid !== undefined) return "invalid";
  return result.right ? "right" : "wrong";
};

// -- numbers ------------------------------------------------------------------------------------------

const NUMBER = { type: "number", low: 32, high: 32, answer: "32", unit: "processes",
                 labels: { with_unit: "numeric.with_unit" } };
const NUMBER_KO = { ...NUMBER, unit: "개 프로세스" };

const NUMBERS = [
  // [typed, the number it reads as (null: no number)]
  ["32", 32], ["+32", 32], ["32.0", 32], ["32,0", 32], ["32.", 32], [".5", 0.5], ["2,5", 2.5], ["0,125", 0.125],
  ["032,000", 32], ["  32  ", 32], ["-32", -32], ["−32", -32], ["– 32", -32], ["1e3", 1000], ["2.5E-1", 0.25],
  // thousands: groups of exactly three digits, by commas or by spaces of any kind
  ["1,000", 1000], ["12,345", 12345], ["1,000,000", 1e6], ["1,234.5", 1234.5], ["32,000", 32000],
  ["1 000", 1000], ["12 345", 12345], ["1 000 000", 1e6], ["1\u00a0000", 1000], ["1\u202f000", 1000],
  ["1\u2009000", 1000], ["1\u3000000", 1000], ["1 000,5", 1000.5], ["1 000.5", 1000.5],
  // full-width, as a Korean or Japanese input method types them
  ["３２", 32], ["３２．５", 32.5], ["１，０００", 1000], ["－３２", -32], ["３２，５", 32.5],
  // spaces that group nothing: never a number (every space used to be stripped: "3 2" read as 32)
  ["3 2", null], ["3\u00a02", null], ["1 2 3", null], ["12 34", null], ["0 125", null], ["1 0000", null],
  ["1  000", 1000],  // a run of spaces is one space
  ["3,2,1", null], ["1,2345", 1.2345], ["1,23,456", null], ["32.000,5", null], ["1.000.000", null],
  ["", null], [" ", null], ["-", null], [".", null], [",", null], ["e5", null], ["thirty-two", null],
  ["32/1", null], ["0x20", null], ["Infinity", null], ["NaN", null], ["1e", null],
];

test("numbers read as readers type them", () => {
  for (const [typed, expected] of NUMBERS) {
    assert.equal(logic.parseNumber(typed), expected, JSON.stringify(typed));
  }
});

const UNITS = [
  // [typed, unit, the number it reads as]
  ["32 processes", "processes", 32], ["32processes", "processes", 32], ["32 Processes", "processes", 32],
  ["32 ｐｒｏｃｅｓｓｅｓ", "processes", 32], ["1 000 processes", "processes", 1000], ["−32 processes", "processes", -32],
  ["32개", "개 프로세스", 32], ["32 개", "개 프로세스", 32], ["32 개 프로세스", "개 프로세스", 32],
  ["32개 프로세스", "개 프로세스", 32], ["32 개프로세스", "개 프로세스", 32], ["32 프로세스", "개 프로세스", 32],
  ["32 GiB", "GiB", 32], ["2,5 GiB", "GiB", 2.5], ["32 PROCESSES", "processes", 32], ["5 MB", "MB", 5],
  ["5 kB", "kB", 5], ["5 m", "m", 5], ["5 ｍ", "m", 5],
  // a unit's case is its meaning unless it is a lower-case word of three letters or more
  ["5 Mb", "MB", null], ["5 mb", "MB", null], ["5 M", "m", null], ["5 KB", "kB", null], ["5 gib", "GiB", null],
  ["5 Gib", "GiB", null], ["5 MS", "ms", null],
  // another unit, or words that are not the unit: not a number in this question's unit
  ["32 GiB", "MiB", null], ["32 processes", "개 프로세스", null], ["32 pro", "processes", null],
  ["32 processes please", "processes", null], ["3 2 processes", "processes", null], ["processes", "processes", null],
  ["32 processes", "", null], ["32 processes", undefined, null],
];

test("the unit shown after the box may be typed after the number", () => {
  for (const [typed, unit, expected] of UNITS) {
    assert.equal(logic.parseNumber(typed, unit), expected, JSON.stringify([typed, unit]));
  }
});

test("the numeric self-check marks each typed answer right, wrong, missing or no number", () => {
  const cases = [
    ["32", "right"], ["３２", "right"], ["32 processes", "right"], ["32,0", "right"], ["+32", "right"],
    ["3 2", "invalid"], ["3\u00a02", "invalid"], ["1 2 3", "invalid"], ["31", "wrong"], ["32,000", "wrong"],
    ["32 000", "wrong"], ["−32", "wrong"], ["", "missing"], ["   ", "missing"], ["thirty-two", "invalid"],
  ];
  for (const [typed, expected] of cases) assert.equal(verdict(NUMBER, typed), expected, JSON.stringify(typed));
  for (const [typed, expected] of [["32개", "right"], ["32 개 프로세스", "right"], ["３２개", "right"], ["31개", "wrong"]]) {
    assert.equal(verdict(NUMBER_KO, typed, KO), expected, JSON.stringify(typed));
  }
});

test("a numeric range and a tolerance include their ends, and nothing past them", () => {
  const range = { type: "number", low: 0.1, high: 0.3, answer: "0.2", unit: "" };
  for (const [typed, expected] of [["0.1", "right"], ["0,3", "right"], ["0.30000000000000004", "wrong"],
                                   ["0.31", "wrong"], ["0.09", "wrong"], ["1 000", "wrong"]]) {
    assert.equal(verdict(range, typed), expected, typed);
  }
  // large numbers are compared in full: no slack relative to their size makes a near miss right
  const cases = [[{ low: 4294967296, high: 4294967296 }, [["4294967296", "right"], ["4 294 967 296", "right"],
                                                          ["4294967300", "wrong"], ["4294967292", "wrong"]]],
                 [{ low: 123456789012, high: 123456789012 }, [["123456789012", "right"], ["123456789100", "wrong"]]],
                 [{ low: 0.1, high: 0.1 }, [["0.1", "right"], ["0.1000000001", "wrong"]]],
                 [{ low: 30000, high: 32767 }, [["32767", "right"], ["30000", "right"], ["32767.00003", "wrong"],
                                                ["29999.99997", "wrong"]]]];
  for (const [bounds, typings] of cases) {
    for (const [typed, expected] of typings) {
      assert.equal(verdict({ type: "number", answer: String(bounds.low), unit: "", ...bounds }, typed), expected, typed);
    }
  }
});

test("an answer near zero is right only when it is that number: no fixed slack swamps it", () => {
  const tiny = { ...NUMBER, low: 5e-10, high: 5e-10, answer: "5e-10", unit: "m" };
  for (const [typed, expected] of [["5e-10", "right"], ["0.0000000005", "right"], ["5e-10 m", "right"],
                                   ["0", "wrong"], ["1e-10", "wrong"], ["4e-10 m", "wrong"], ["0.000000001 m", "wrong"],
                                   ["5.1e-10", "wrong"]]) {
    assert.equal(verdict(tiny, typed), expected, typed);
  }
  const zero = { type: "number", low: 0, high: 0, answer: "0", unit: "" };
  for (const [typed, expected] of [["0", "right"], ["-0", "right"], ["0,0", "right"], ["1e-300", "wrong"],
                                   ["-1e-12", "wrong"]]) {
    assert.equal(verdict(zero, typed), expected, typed);
  }
  // 0.3 ± 0.1 as the page has it: the decimal bounds 0.2 and 0.4 (not the float sums 0.19999999999999998, ...)
  const sum = { type: "number", low: 0.2, high: 0.4, answer: "0.3", unit: "" };
  for (const [typed, expected] of [["0.2", "right"], ["0.4", "right"], ["0.41", "wrong"], ["0.19", "wrong"]]) {
    assert.equal(verdict(sum, typed), expected, typed);
  }
});

test("the numeric messages quote what was typed and the answer with its unit, in the page's language", () => {
  assert.equal(logic.judge(NUMBER, "31", t(EN)).message, "Not quite: you wrote 31, the answer is 32 processes.");
  assert.equal(logic.judge(NUMBER_KO, "32개", t(KO)).message, "정답입니다: 답은 32개 프로세스입니다.");
  assert.equal(logic.judge(NUMBER, "3 2", t(EN)).invalid, "Type a number, such as 2.5.");
});

// -- text ---------------------------------------------------------------------------------------------

test("text is compared after NFKC, with spaces collapsed, ignoring case unless told otherwise", () => {
  const cases = [
    // [a, b, case sensitive, equal]
    ["MASTER_ADDR", "master_addr", false, true], ["MASTER_ADDR", "master_addr", true, false],
    ["ＭＡＳＴＥＲ＿ＡＤＤＲ", "MASTER_ADDR", true, true], ["  world   size ", "world size", false, true],
    ["world\u00a0size", "world size", false, true], ["월드 크기", "월드  크기", false, true],
    ["월드크기", "월드 크기", false, false], ["ﬁle", "file", true, true],  // a ligature, NFKC
    ["\u1100\u1161", "가", true, true],  // Hangul jamo compose to the syllable
    ["Ä", "A\u0308", true, true], ["", "", false, true], [null, "", false, true],
    ["İstanbul", "istanbul", false, true], ["İstanbul", "ISTANBUL", false, true], ["İstanbul", "istanbul", true, false],
  ];
  for (const [a, b, caseSensitive, equal] of cases) {
    assert.equal(logic.normalizeText(a, caseSensitive) === logic.normalizeText(b, caseSensitive), equal,
                 JSON.stringify([a, b, caseSensitive]));
  }
});

test("blanks: each is matched against its accepted answers, an empty one is asked for", () => {
  const data = { type: "blanks", blanks: [{ accept: ["MASTER_ADDR"], case: true },
                                          { accept: ["WORLD_SIZE", "월드 크기"], case: false }] };
  const cases = [
    [["MASTER_ADDR", "WORLD_SIZE"], "right"], [["ＭＡＳＴＥＲ＿ＡＤＤＲ", "world_size"], "right"],
    [["MASTER_ADDR", " 월드  크기 "], "right"], [["master_addr", "WORLD_SIZE"], "wrong"],
    [["MASTER_ADDR", ""], "missing"], [["", "WORLD_SIZE"], "missing"], [["MASTER_ADDR", "\u3000"], "missing"],
    [[], "missing"], [undefined, "missing"],
  ];
  for (const [answer, expected] of cases) assert.equal(verdict(data, answer), expected, JSON.stringify(answer));
  assert.deepEqual(logic.judge(data, ["MASTER_ADDR", ""], t(EN)), { missing: 1 });
  assert.equal(logic.judge(data, ["x", "WORLD_SIZE"], t(KO)).message, "아쉽습니다: 빈칸 2개 중 1개가 맞습니다.");
});

test("blanks given in part (a test, a kept answer) are judged, their empty blanks wrong; none given is missing", () => {
  const data = { type: "blanks", blanks: [{ accept: ["MASTER_ADDR"], case: true }, { accept: ["WORLD_SIZE"], case: false }] };
  const partly = logic.judge(data, ["MASTER_ADDR", ""], t(EN), true);
  assert.equal(partly.right, false);
  assert.equal(partly.message, logic.judge(data, ["MASTER_ADDR", "x"], t(EN)).message);  // 1 of 2 right
  assert.equal(logic.judge(data, ["", "world_size"], t(EN), true).right, false);
  assert.equal(logic.judge(data, ["MASTER_ADDR", "world_size"], t(EN), true).right, true);
  for (const none of [["", " "], [], undefined]) {
    assert.deepEqual(logic.judge(data, none, t(EN), true), { missing: 0 }, JSON.stringify(none));
  }
});

// -- choices ------------------------------------------------------------------------------------------

test("one choice: the letter picked, or True/False in the page's language", () => {
  const letter = { type: "choice", values: "ABCD", answer: "B" };
  assert.equal(verdict(letter, "B"), "right");
  assert.equal(verdict(letter, "A"), "wrong");
  assert.equal(verdict(letter, ""), "missing");
  assert.equal(logic.judge(letter, "A", t(EN)).message, "Not quite: you picked A, the right answer is B.");
  assert.deepEqual(logic.judge(letter, "A", t(EN)).picked, ["A"]);
  const truth = { type: "choice", values: ["true", "false"], answer: "true",
                  labels: { true: "true_false.true", false: "true_false.false" }, say: "selfcheck.true_false" };
  assert.equal(logic.judge(truth, "true", t(KO)).message, "정답입니다: 이 문장은 참입니다.");
  assert.equal(logic.judge(truth, "false", t(EN)).message, "Not quite: the statement is True.");
});

test("choose all that apply: every right letter and no other, in any order; one right answer reads as one", () => {
  const many = { type: "choices", values: "ABCD", answer: ["A", "C", "D"] };
  for (const [answer, expected] of [[["A", "C", "D"], "right"], [["D", "A", "C"], "right"], [["A", "C"], "wrong"],
                                    [["A", "B", "C", "D"], "wrong"], [[], "missing"]]) {
    assert.equal(verdict(many, answer), expected, JSON.stringify(answer));
  }
  assert.equal(logic.judge(many, ["C", "A", "D"], t(EN)).message, "Correct: A, C, D are the right answers.");
  assert.equal(logic.judge(many, ["B", "A"], t(EN)).message,
               "Not quite: you picked A, B, the right answers are A, C, D.");
  const one = { type: "choices", values: "ABC", answer: ["A"] };
  assert.equal(logic.judge(one, ["A"], t(EN)).message, "Correct: A is the only right answer.");
  assert.equal(logic.judge(one, ["A", "B"], t(EN)).message, "Not quite: you picked A, B, the only right answer is A.");
  assert.equal(logic.judge(one, ["A"], t(KO)).message, "정답입니다: A만 맞습니다.");
});

// -- order and match ----------------------------------------------------------------------------------

test("ordering: a different position for every item, counted in place", () => {
  // the items are shown as A, B, C; the right order is C, A, B
  const data = { type: "order", letters: ["A", "B", "C"], answer: ["C", "A", "B"] };
  for (const [answer, expected] of [[["2", "3", "1"], "right"], [["1", "2", "3"], "wrong"],
                                    [["1", "1", "2"], "invalid"], [["2", "", "1"], "invalid"], [[], "invalid"]]) {
    assert.equal(verdict(data, answer), expected, JSON.stringify(answer));
  }
  assert.equal(logic.judge(data, ["2", "", "1"], t(EN)).at, 1);
  assert.equal(logic.judge(data, ["1", "3", "2"], t(EN)).message,
               "Not quite: 1 of 3 items are in the right place; the right order is C → A → B.");
  assert.equal(logic.judge(data, ["2", "3", "1"], t(KO)).message, "정답입니다: C → A → B 순서가 맞습니다.");
});

test("matching: a choice for every left item, the pairs counted", () => {
  const data = { type: "match", letters: ["A", "B", "C", "D"], answer: ["C", "A", "D"] };
  for (const [answer, expected] of [[["C", "A", "D"], "right"], [["C", "A", "B"], "wrong"],
                                    [["C", "", "D"], "invalid"], [["A", "A", "A"], "wrong"]]) {
    assert.equal(verdict(data, answer), expected, JSON.stringify(answer));
  }
  assert.equal(logic.judge(data, ["C", "", "D"], t(EN)).at, 1);
  assert.equal(logic.judge(data, ["C", "A", "B"], t(EN)).message,
               "Not quite: 2 of 3 pairs match; the right pairs are 1 → C, 2 → A, 3 → D.");
});

test("an unknown check type is an error a page can catch, never a silent verdict", () => {
  assert.equal(logic.knows("essay"), false);
  assert.equal(logic.knows("hasOwnProperty"), false);
  assert.throws(() => logic.judge({ type: "essay" }, "x", t(EN)), /no self-check of type essay/);
  assert.deepEqual(logic.types.sort(), ["blanks", "choice", "choices", "match", "number", "order"]);
});

// -- answers kept from an older version of the question -------------------------------------------------

test("a kept answer fits its question only in that question's shape; any other, whatever storage holds, does not", () => {
  const letter = { type: "choice", values: "ABC", answer: "B" };
  const truth = { type: "choice", values: ["true", "false"], answer: "true" };
  const many = { type: "choices", values: "ABCD", answer: ["A", "C"] };
  const blanks = { type: "blanks", blanks: [{ accept: ["x"] }, { accept: ["y"] }] };
  const number = { type: "number", low: 1, high: 1, answer: "1" };
  const order = { type: "order", letters: ["A", "B", "C"], answer: ["C", "A", "B"] };
  const match = { type: "match", letters: ["A", "B", "C", "D"], answer: ["C", "A", "D"] };
  const table = [
    [letter, ["B", "", "C"], ["D", "AB", "b", ["A"], 1, null, {}, true]],
    [truth, ["true", "false", ""], ["A", "True", true, ["true"]]],
    [many, [["A", "C"], ["D"], []], ["A", ["E"], ["A", "A"], ["AB"], [1], "A,C", null]],
    [blanks, [["x", "y"], ["", ""], ["  ", "y"]], [["x"], ["x", "y", "z"], "x", ["x", 2], [null, "y"], {}]],
    [number, ["32 processes", "", "3,2"], [32, ["32"], null, {}]],
    [order, [["2", "3", "1"], ["", "", ""], ["1", "1", "2"]], [["1", "2"], ["1", "2", "3", "4"], ["0", "1", "2"],
                                                              ["4", "1", "2"], [1, 2, 3], ["A", "B", "C"], "123"]],
    [match, [["C", "A", "D"], ["", "B", ""], ["A", "A", "A"]], [["C", "A"], ["C", "A", "E"], ["c", "a", "d"], "CAD"]],
  ];
  for (const [data, fitting, misfits] of table) {
    for (const answer of fitting) assert.equal(logic.fits(data, answer), true, `${data.type} ${JSON.stringify(answer)}`);
    for (const answer of misfits) {
      assert.equal(logic.fits(data, answer), false, `${data.type} ${JSON.stringify(answer)}`);
    }
  }
  // the table holds every check type, and a question the page cannot check takes no answer
  assert.deepEqual([...new Set(table.map(([data]) => data.type))].sort(), [...logic.types].sort());
  assert.equal(logic.fits(null, "A"), false);
  assert.equal(logic.fits({ type: "essay" }, "A"), false);
});

test("every answer that fits its question is judged without an error", () => {
  const cases = [
    [{ type: "choices", values: "ABCD", answer: ["A", "C"] }, [["D"], [], ["B", "A"]]],
    [{ type: "choice", values: "ABC", answer: "B" }, ["", "C"]],
    [{ type: "blanks", blanks: [{ accept: ["x"] }, { accept: ["y"] }] }, [["", ""], ["x", ""], ["x", "y"]]],
    [{ type: "order", letters: ["A", "B", "C"], answer: ["C", "A", "B"] }, [["", "", ""], ["1", "1", "2"]]],
    [{ type: "match", letters: ["A", "B"], answer: ["B", "A"] }, [["", ""], ["A", "A"]]],
  ];
  for (const [data, answers] of cases) {
    for (const answer of answers) {
      assert.equal(logic.fits(data, answer), true);
      for (const given of [false, true]) assert.equal(typeof logic.judge(data, answer, t(EN), given), "object");
    }
  }
});

// -- shuffle, score, clock ----------------------------------------------------------------------------

test("a shuffle letters options again and the answer key follows them", () => {
  const data = { type: "choice", values: "ABCD", answer: "B" };
  const order = ["C", "B", "D", "A"];  // C is shown as A, B stays B, D as C, A as D
  assert.equal(logic.shownLetter(order, "C"), "A");
  assert.equal(logic.ownLetter(order, "D"), "A");
  assert.deepEqual(logic.relettered(data, order), { type: "choice", values: "ABCD", answer: "B" });
  const many = { type: "choices", values: "ABCD", answer: ["A", "C", "D"] };
  assert.deepEqual(logic.relettered(many, order).answer, ["A", "C", "D"].map((l) => logic.shownLetter(order, l)).sort());
  assert.equal(verdict(logic.relettered(many, order), ["D", "A", "C"]), "right");
  assert.deepEqual(logic.mapLetters(["A", "C"], (l) => logic.shownLetter(order, l)), ["D", "A"]);
  assert.equal(logic.mapLetters("", (l) => logic.shownLetter(order, l)), "");
  for (let own of "ABCD") assert.equal(logic.ownLetter(order, logic.shownLetter(order, own)), own);
  assert.equal(logic.relettered(data, null), data);  // no shuffle: the data as built
  const truth = { type: "choice", values: ["true", "false"], answer: "true" };
  assert.equal(logic.hasLetteredOptions(truth), false);  // true/false keeps its order
  assert.equal(logic.hasLetteredOptions({ type: "order", letters: ["A", "B"], answer: ["B", "A"] }), false);
  assert.equal(logic.relettered(truth, order), truth);
});

test("a permutation moves something whenever there are two or more, and keeps every index once", () => {
  const still = () => 0.999999;  // a "random" that would keep the order as it is
  for (let count = 0; count < 8; count++) {
    for (const random of [still, () => 0, Math.random]) {
      const order = logic.permutation(count, random);
      assert.deepEqual(order.slice().sort((a, b) => a - b), [...Array(count).keys()]);
      if (count > 1) assert.notDeepEqual(order, [...Array(count).keys()], String(count));
    }
  }
});

test("the score counts each question's latest result; written answers apart", () => {
  assert.deepEqual(logic.score([]), { right: 0, checked: 0, got: 0, judged: 0 });
  assert.deepEqual(logic.score([{ right: true }, { right: false }, { right: undefined }, { judged: "got" },
                                { judged: "missed" }, { judged: undefined }, { right: true, judged: "missed" }]),
                   { right: 2, checked: 3, got: 1, judged: 3 });
});

test("a blank answer is one with nothing given, in any part", () => {
  for (const answer of ["", " ", "\u3000", [], ["", " "], [[], ""], undefined, null]) {
    assert.equal(logic.isBlank(answer), true, JSON.stringify(answer));
  }
  for (const answer of ["A", ["", "x"], ["B"], "0", ["", "2"]]) assert.equal(logic.isBlank(answer), false, JSON.stringify(answer));
});

test("the countdown reads as a clock and announces 5 and 1 minutes left once each", () => {
  assert.equal(logic.clock(20 * 60000), "20:00");
  assert.equal(logic.clock(20 * 60000 - 1), "20:00");  // whole seconds, rounded up
  assert.equal(logic.clock(59999), "1:00");
  assert.equal(logic.clock(5000), "0:05");
  assert.equal(logic.clock(0), "0:00");
  assert.equal(logic.clock(-3000), "0:00");
  assert.equal(logic.clock(65 * 60000), "1:05:00");
  assert.equal(logic.minuteCrossed(300001, 300000), 5);
  assert.equal(logic.minuteCrossed(300000, 299000), null);  // already announced
  assert.equal(logic.minuteCrossed(61000, 59000), 1);
  assert.equal(logic.minuteCrossed(20 * 60000, 19 * 60000), null);
  assert.equal(logic.minuteCrossed(400000, 50000), 5);  // a tab asleep past both: the first
});
