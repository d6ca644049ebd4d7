"""Whether two languages' pages at the same path are one quiz, and which of their questions are one question.

Questions are paired by aligning the pages' question lists: two questions are one
question in two languages when they have the same kind, the same number of options
and the same shape of answer, and keep the same code, numbers and Latin-script
names (Korean pages keep `kubectl`, "Pod", "ReplicaSet", "30" as written). Answer
letters that agree make a pair likelier; one letter that differs does not keep a
pair apart (one page has a slip).

Some pages were written on their own: the same topic, other questions, another
order, other right letters. Paired by position, their Korean readers would be shown
English answer keys against different questions. So the pages are one quiz only
when their questions line up and their letters agree on all but at most one
question; otherwise each language becomes a quiz of its own (see merge.py).

A page may ask the same questions in another order: a question left unpaired in page
order is paired with one the other page asks elsewhere when they share their code
spans and numbers and neither has another such candidate (`_moved_pairs`). A page
may list a question's options in another order: `option_order` matches them one to
one by what sets each apart, so that the quiz's one answer letter means the same
option in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .source_page import PageQuestion
from .text import CODE, without_entities

_TERM = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9]|\d+")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")
_FENCE = re.compile(r"^\s*(?:`{3,}|~{3,})", re.MULTILINE)

LETTERS_THAT_MAY_DIFFER = 1  # a page with more differing letters is not a translation
UNPAIRED_SHARE = 5  # the shorter page may have one question in this many without a parallel one (and always one)
MOVED_OVERLAP = 0.5  # the share of their code spans and numbers two questions paired out of order must share


@dataclass(frozen=True)
class _Traits:
    """What of a question a translation keeps: computed once per question, compared for every pair."""

    question: PageQuestion
    shape: str
    code: frozenset[str]  # code spans of its question and options
    numbers: frozenset[str]  # numbers of its question and options, outside code
    terms: frozenset[str]  # Latin-script words, numbers and code of its question, options and answer


def _traits(question: PageQuestion) -> _Traits:
    asked = without_entities(" ".join([question.prompt, *question.options]))
    words = f"{asked} {without_entities(question.answer or '')}"
    return _Traits(question, answer_shape(question), frozenset(CODE.findall(asked)),
                   frozenset(_NUMBER.findall(CODE.sub(" ", asked))), frozenset(t.lower() for t in _TERM.findall(words)))


def answer_shape(question: PageQuestion) -> str:
    """"letter" (an option is named), "code" (the answer holds a code block) or "prose"."""
    if question.answer_key:
        return "letter"
    return "code" if _FENCE.search(question.answer or "") else "prose"


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def _parallel(a: _Traits, b: _Traits) -> bool:
    """Whether two questions can be one question in two languages. Their answer keys may differ: a letter
    mistyped on one page must not split the question into two one-language questions."""
    x, y = a.question, b.question
    if x.kind != y.kind or len(x.options) != len(y.options) or a.shape != b.shape:
        return False
    if a.code and b.code and not a.code & b.code:
        return False
    if a.numbers and b.numbers and not a.numbers & b.numbers:
        return False
    return min(len(a.terms), len(b.terms)) < 3 or _overlap(a.terms, b.terms) > 0


def _pair_score(a: _Traits, b: _Traits) -> float:
    """What pairing two parallel questions is worth: 1, plus their shared terms, plus half for answer keys that
    agree, so that where a page lacks a question the pairing whose letters agree wins."""
    return 1 + _overlap(a.terms, b.terms) + (0.5 if a.question.answer_key == b.question.answer_key else 0.0)


def align(a: list[PageQuestion], b: list[PageQuestion]) -> list[tuple[int | None, int | None]]:
    """The pairs (index in a, index in b) of one question in two languages, in page order, with (i, None)
    and (None, j) for questions only one side has: the pairing with the most, and the most alike, pairs."""
    rows, cols = len(a), len(b)
    traits_a, traits_b = [_traits(x) for x in a], [_traits(y) for y in b]
    score = [[_pair_score(x, y) if _parallel(x, y) else None for y in traits_b] for x in traits_a]
    best = [[0.0] * (cols + 1) for _ in range(rows + 1)]  # best[i][j]: the score of a[i:] against b[j:]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            fit = score[i][j]
            best[i][j] = max(-1.0 if fit is None else fit + best[i + 1][j + 1], best[i + 1][j], best[i][j + 1])
    pairs: list[tuple[int | None, int | None]] = []
    i = j = 0
    while i < rows or j < cols:
        fit = score[i][j] if i < rows and j < cols else None
        if fit is not None and best[i][j] == fit + best[i + 1][j + 1]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif i < rows and (j == cols or best[i][j] == best[i + 1][j]):
            pairs.append((i, None))  # the first language's own question comes first
            i += 1
        else:
            pairs.append((None, j))
            j += 1
    return _moved_pairs(pairs, traits_a, traits_b, score)


def _anchored(a: _Traits, b: _Traits) -> bool:
    """Whether two parallel questions share what a translation keeps exactly, so that they can be paired out of
    page order: their code spans and numbers, at least half of them (of both questions' together) alike. Words
    are no evidence here: a Korean page's Latin-script words are not the English page's."""
    ours, theirs = a.code | a.numbers, b.code | b.numbers
    return bool(ours & theirs) and len(ours & theirs) >= MOVED_OVERLAP * len(ours | theirs)


def _moved_pairs(pairs: list[tuple[int | None, int | None]], traits_a: list[_Traits], traits_b: list[_Traits],
                 score: list[list[float | None]]) -> list[tuple[int | None, int | None]]:
    """`pairs` with the questions that only one page has paired across page order where they are plainly one
    question (a page that asks the same questions in another order): each the other's only anchored candidate
    among the questions left unpaired. The pair takes the first page's place; the second page's question
    leaves its own."""
    left_a = [i for i, j in pairs if j is None]
    left_b = [j for i, j in pairs if i is None]
    if not left_a or not left_b:
        return pairs

    def candidates(i: int | None = None, j: int | None = None) -> list[int]:
        if i is not None:
            return [y for y in left_b if score[i][y] is not None and _anchored(traits_a[i], traits_b[y])]
        return [x for x in left_a
                if score[x][j] is not None and _anchored(traits_a[x], traits_b[j])]  # type: ignore[index]

    moved = {}
    for i in left_a:
        found = candidates(i=i)
        if len(found) == 1 and candidates(j=found[0]) == [i]:
            moved[i] = found[0]
    if not moved:
        return pairs
    taken = set(moved.values())
    return [(i, moved[i]) if i in moved else (i, j) for i, j in pairs if not (i is None and j in taken)]


def _option_anchors(option: str) -> frozenset[str]:
    """What of an option a translation keeps, from its first line (a note listed under it is no part of it)."""
    text = without_entities(option.split("\n")[0])
    return frozenset([*CODE.findall(text), *(t.lower() for t in _TERM.findall(text))])


def option_order(a: PageQuestion, b: PageQuestion) -> list[int] | None:
    """When `b` (a translation of `a`) lists the same options in another order: for each of `a`'s options, the
    index of `b`'s that is its translation. Only when every option has code, numbers or Latin-script names that
    the other page's options have too and that set it apart from its siblings, and those match one to one;
    else (or in the same order) None."""
    if len(a.options) != len(b.options) or len(a.options) < 2:
        return None
    ours, theirs = [_option_anchors(x) for x in a.options], [_option_anchors(y) for y in b.options]
    shared = frozenset().union(*ours) & frozenset().union(*theirs)
    said_by_all = frozenset.intersection(*ours) | frozenset.intersection(*theirs)  # says nothing of one option
    ours = [x & shared - said_by_all for x in ours]
    theirs = [y & shared - said_by_all for y in theirs]
    if not all(ours) or not all(theirs) or len(set(ours)) != len(ours) or set(ours) != set(theirs):
        return None
    order = [theirs.index(x) for x in ours]
    return order if order != sorted(order) else None


def key_in_order_of(a: PageQuestion, b: PageQuestion) -> str | None:
    """`b`'s answer letter as `a` letters the same option (`option_order`): `b`'s own when they list them alike."""
    order = option_order(a, b)
    if order is None or not b.answer_key or ord(b.answer_key) - ord("A") not in order:
        return b.answer_key
    return chr(ord("A") + order.index(ord(b.answer_key) - ord("A")))


def moved(pairs: list[tuple[int | None, int | None]]) -> list[tuple[int, int]]:
    """The pairs of `align` that go against the second page's order (the fewest that do): its questions the
    quiz shows at another place than that page did."""
    both = [(i, j) for i, j in pairs if i is not None and j is not None]
    longest: list[list[tuple[int, int]]] = []  # longest[n]: the longest run in order ending at both[n]
    for n, (_, j) in enumerate(both):
        before = [longest[m] for m in range(n) if both[m][1] < j]
        longest.append(max(before, key=len, default=[]) + [both[n]])
    kept = set(max(longest, key=len, default=[]))
    return [pair for pair in both if pair not in kept]  # type: ignore[misc]


@dataclass(frozen=True)
class Comparison:
    """Two pages' questions side by side: whether they are one quiz, and the evidence either way."""

    pairs: list[tuple[int | None, int | None]]
    counts: tuple[int, int]  # questions on each page
    letters_differ: int  # paired questions whose right letters differ
    letters_compared: int  # paired questions that both name a letter
    paired: int

    @property
    def lined_up(self) -> bool:
        shorter = min(self.counts)
        return self.paired > 0 and shorter - self.paired <= max(1, shorter // UNPAIRED_SHARE)

    @property
    def translation(self) -> bool:
        return self.lined_up and self.letters_differ <= LETTERS_THAT_MAY_DIFFER

    def evidence(self, languages: tuple[str, str]) -> str:
        """Why the pages are not one quiz, in the words of the report: "answer letters differ on 7 of 10
        questions"."""
        reasons = []
        if self.letters_differ > LETTERS_THAT_MAY_DIFFER:
            reasons.append(f"answer letters differ on {self.letters_differ} of {self.letters_compared} questions")
        if not self.lined_up:
            reasons.append(f"{self.paired} of {min(self.counts)} questions line up (same kind, options, answer "
                           "shape, code and numbers)" if self.paired else "no question lines up with one of the "
                           "other page (same kind, options, answer shape, code and numbers)")
        a, b = self.counts
        reasons.append(f"the pages have {a} questions each" if a == b else
                       f"the {languages[0]} page has {a} questions, the {languages[1]} page {b}")
        return "; ".join(reasons)


def compare(a: list[PageQuestion], b: list[PageQuestion]) -> Comparison:
    """How the questions of two pages pair up, and how many of the pairs name different letters."""
    pairs = align(a, b)
    matched = [(a[i], b[j]) for i, j in pairs if i is not None and j is not None]
    lettered = [(x, y) for x, y in matched if x.answer_key and y.answer_key]
    return Comparison(pairs, (len(a), len(b)), sum(1 for x, y in lettered if x.answer_key != key_in_order_of(x, y)),
                      len(lettered), len(matched))
