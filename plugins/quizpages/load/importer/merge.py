"""The pages of one quiz (one per language, any may be missing) -> one `Quiz`.

Questions are paired across languages by aligning the pages' question lists: two
questions are one question in two languages when they have the same kind and the
same number of options, and share their code and Latin terms (Korean pages keep
`kubectl`, "Pod", "ReplicaSet" as written). A page that adds a question, or asks
another one at the same place, keeps it for its own language, with a warning.
Answer letters that agree make a pair likelier; letters that differ do not keep
a pair apart (one page has a slip): the source language's letter is kept, with a
warning naming both answer lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import SimpleNamespace

from ...kinds import KINDS
from ...model import NextQuiz, Question, Quiz, Source, Text
from ...model.problems import Problem
from .findings import ImportWarning, import_warning, in_line_order
from .source_page import PageQuestion, SourcePage
from .text import CODE, LINK, site_markdown

_TERM = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*[A-Za-z0-9]|\d+")


def slug(text: str, words: int = 5) -> str:
    """A question id from its text: the first ASCII words, lower-case, joined by dashes."""
    text = LINK.sub(r"\1", text)
    found = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(found[:words])


def _text(values: dict[str, str | None], where: dict[str, Source], name: str | None = None,
          findings: list[ImportWarning] | None = None) -> Text | None:
    """One text from per-language values; written once when every language says the same.

    Given a `name`, a text some pages lack is filled in for them with the text as written on the
    others, and reported: a translation missing from a quiz file fails `validate --strict`, and the
    reader of the other language gets the words rather than nothing."""
    present = {lang: site_markdown(v) for lang, v in values.items() if v}
    if not present:
        return None
    sources = {lang: where[lang] for lang in present if lang in where}
    missing = [lang for lang in values if lang not in present]
    if missing and name is not None and findings is not None:
        lang, text = next(iter(present.items()))
        findings.append(import_warning(
            "untranslated-text", where[lang].path, where[lang].line,
            f"{name} is only on the {', '.join(present)} page; the {', '.join(missing)} quiz shows it as written "
            "here", f"Translate it: replace the text under `{missing[0]}:`"))
        present = {other: present.get(other, text) for other in values}
        return Text(by_language=present, sources=sources)
    if len(present) == len(values) and len(set(present.values())) == 1 and len(values) > 1:
        return Text(neutral=next(iter(present.values())), sources=sources)
    return Text(by_language=present, sources=sources)


def _terms(question: PageQuestion) -> set[str]:
    """The Latin-script words, numbers and code of a question: what a translation keeps as written."""
    text = " ".join([question.prompt, *question.options, question.answer or ""])
    return {t.lower() for t in _TERM.findall(text)}


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def _parallel(a: PageQuestion, b: PageQuestion) -> bool:
    """Whether two questions can be one question in two languages. Their answer keys may differ: a letter
    mistyped on one page must not split the question into two one-language questions."""
    if a.kind != b.kind or len(a.options) != len(b.options):
        return False
    code_a, code_b = set(CODE.findall(a.prompt)), set(CODE.findall(b.prompt))
    if code_a and code_b and not code_a & code_b:
        return False
    terms_a, terms_b = _terms(a), _terms(b)
    return min(len(terms_a), len(terms_b)) < 3 or _overlap(terms_a, terms_b) > 0


def _pair_score(a: PageQuestion, b: PageQuestion) -> float:
    """What pairing two parallel questions is worth: 1, plus their shared terms, plus half for answer keys that
    agree, so that where a page lacks a question the pairing whose letters agree wins."""
    return 1 + _overlap(_terms(a), _terms(b)) + (0.5 if a.answer_key == b.answer_key else 0.0)


def align(a: list[PageQuestion], b: list[PageQuestion]) -> list[tuple[int | None, int | None]]:
    """The pairs (index in a, index in b) of one question in two languages, in page order, with (i, None)
    and (None, j) for questions only one side has: the pairing with the most, and the most alike, pairs."""
    rows, cols = len(a), len(b)
    best = [[0.0] * (cols + 1) for _ in range(rows + 1)]  # best[i][j]: the score of a[i:] against b[j:]
    for i in range(rows - 1, -1, -1):
        for j in range(cols - 1, -1, -1):
            pair = _pair_score(a[i], b[j]) + best[i + 1][j + 1] if _parallel(a[i], b[j]) else -1.0
            best[i][j] = max(pair, best[i + 1][j], best[i][j + 1])
    pairs: list[tuple[int | None, int | None]] = []
    i = j = 0
    while i < rows or j < cols:
        if i < rows and j < cols and _parallel(a[i], b[j]) and \
                best[i][j] == _pair_score(a[i], b[j]) + best[i + 1][j + 1]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif i < rows and (j == cols or best[i][j] == best[i + 1][j]):
            pairs.append((i, None))  # the first language's own question comes first
            i += 1
        else:
            pairs.append((None, j))
            j += 1
    return pairs


@dataclass
class ImportResult:
    quiz: Quiz
    findings: list[ImportWarning]

    @property
    def problems(self) -> list[Problem]:
        return [finding.problem for finding in self.findings]


def merge_pages(quiz_id: str, pages: dict[str, SourcePage], languages: tuple[str, ...],
                site_languages: tuple[str, ...] | None = None) -> ImportResult:
    """One quiz from the pages of its languages (in `languages` order; any may be missing). A quiz without
    a page in one of `site_languages` (default: `languages`) declares the languages it has."""
    present = tuple(lang for lang in languages if lang in pages)
    findings: list[ImportWarning] = [f for lang in present for f in pages[lang].findings]
    first = pages[present[0]]
    missing = [lang for lang in site_languages or languages if lang not in present]
    if missing:
        findings.append(import_warning("one-language", first.path, 1, f"no page in {', '.join(missing)}: the quiz "
                                       f"declares languages: [{', '.join(present)}]",
                                       "Translate it later and remove `languages:`"))

    def where(attr: str) -> dict[str, Source]:
        return {lang: Source(pages[lang].path, getattr(pages[lang], attr) or 1) for lang in present}

    def pick_link(attr: str) -> str | None:
        links = {lang: getattr(pages[lang], attr) for lang in present if getattr(pages[lang], attr)}
        if len(set(links.values())) > 1:
            lang, link = next(iter(links.items()))
            for other, value in links.items():
                if value != link:
                    findings.append(import_warning(
                        "links-differ", pages[other].path, pages[other].footer_line or 1,
                        f"this page links '{value}' where the {lang} page links '{link}'; the quiz keeps '{link}'",
                        "Check which link is right"))
        return next(iter(links.values()), None)

    questions = _merge_questions(pages, present, findings)
    next_link = pick_link("next_link")
    next_title = _text({lang: pages[lang].next_title for lang in present}, where("footer_line"))
    if next_title is not None and len(next_title.by_language) not in (0, len(present)):
        next_title = None  # the title of the target quiz fills in for every language alike
    quiz = Quiz(
        id=quiz_id,
        title=_text({lang: pages[lang].title for lang in present}, where("title_line"), "the title", findings)
        or Text(neutral=quiz_id),
        questions=tuple(questions),
        languages=present,
        declared_languages=present if missing else None,
        intro=_text({lang: pages[lang].intro for lang in present}, where("intro_line"), "the intro", findings),
        learning_material=pick_link("learning_material"),
        next=NextQuiz(link=next_link, title=next_title) if next_link else None,
        closing=_text({lang: pages[lang].closing for lang in present}, where("closing_line"), "the closing text",
                      findings),
        source=Source(first.path, 1),
    )
    return ImportResult(quiz=quiz, findings=in_line_order(findings))


def _merge_questions(pages: dict[str, SourcePage], present: tuple[str, ...],
                     findings: list[ImportWarning]) -> list[Question]:
    groups: list[dict[str, PageQuestion]] = [{present[0]: q} for q in pages[present[0]].questions]
    for lang in present[1:]:
        theirs = pages[lang].questions
        aligned = align([next(iter(g.values())) for g in groups], theirs)
        joined = []
        for i, j in aligned:
            if i is None:
                joined.append({lang: theirs[j]})  # type: ignore[index]
            else:
                if j is not None:
                    groups[i][lang] = theirs[j]
                joined.append(groups[i])
        groups = joined
    used: set[str] = set()
    merged: list[Question] = []
    for group in groups:
        limited = len(group) < len(present)
        if limited:
            for lang, question in group.items():
                findings.append(import_warning(
                    "not-parallel", pages[lang].path, question.line,
                    f"question {question.number} has no parallel question in the other language; imported for "
                    f"[{', '.join(group)}] only", "Translate it, or keep it limited with `languages:`"))
        merged.append(_question(group, pages, used, tuple(group) if limited else None, findings))
    return merged


def _question(at: dict[str, PageQuestion], pages: dict[str, SourcePage], used: set[str],
              languages: tuple[str, ...] | None, findings: list[ImportWarning]) -> Question:
    langs = list(at)
    first = at[langs[0]]
    where = {lang: Source(pages[lang].path, at[lang].line) for lang in langs}
    base = next((s for s in (slug(at[lang].prompt) for lang in langs) if s), "") or f"question-{first.number}"
    qid, n = base, 2
    while qid in used:
        qid, n = f"{base}-{n}", n + 1
    used.add(qid)
    kind = KINDS[first.kind]
    _check_letters(at, pages, findings)
    options = tuple(_text({lang: at[lang].options[k] for lang in langs}, where) for k in range(len(first.options)))
    parsed = SimpleNamespace(options=options, answer_key=first.answer_key,
                             answer=_text({lang: at[lang].answer for lang in langs}, where))
    return Question(
        id=qid,
        kind=kind.name,
        prompt=_text({lang: at[lang].prompt for lang in langs}, where) or Text(neutral=""),
        body=kind.importer.build(parsed),  # type: ignore[union-attr]
        explanation=_text({lang: at[lang].explanation for lang in langs}, where,
                          f"question {first.number}'s explanation", findings),
        title=_text({lang: at[lang].title for lang in langs}, where, f"question {first.number}'s title", findings),
        languages=languages,
        source=where[langs[0]],
    )


def _check_letters(at: dict[str, PageQuestion], pages: dict[str, SourcePage], findings: list[ImportWarning]) -> None:
    """Warn, at the source language's answer line, about each page whose answer letter differs from it: the
    quiz keeps the source language's letter, and only a reader can tell which page is right."""
    langs = list(at)
    first = at[langs[0]]
    line = first.answer_line or first.line
    for lang in langs[1:]:
        other = at[lang]
        if other.answer_key == first.answer_key:
            continue
        here = f"{pages[langs[0]].path}:{line}"
        there = f"{pages[lang].path}:{other.answer_line or other.line}"
        findings.append(import_warning(
            "answer-letters-differ", pages[langs[0]].path, line,
            f"question {first.number}: the answer letters disagree: {first.answer_key} at {here}, "
            f"{other.answer_key} at {there}; answer: {first.answer_key} kept, the {langs[0]} page's",
            "Check which answer is right and edit `answer:`"))
