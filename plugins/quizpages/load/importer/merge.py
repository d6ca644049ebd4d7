"""The pages at one path (one per language, any may be missing) -> the quizzes they make.

Pages that are translations of each other (pairing.py decides) are one `Quiz`: their
questions are paired, a page that adds a question, or asks another one at the same
place, keeps it for its own language, with a warning, and one letter that differs
keeps the source language's, with a warning naming both answer lines. A page that is
not a translation of the source language's becomes a quiz of its own, `<id>.<lang>`,
declaring its one language: no answer, option or explanation of one page is ever
shown against another page's question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from types import SimpleNamespace

from ...kinds import KINDS
from ...model import NextQuiz, Question, Quiz, Source, Text
from ...model.problems import Problem
from .findings import ImportWarning, import_warning, in_line_order
from .pairing import align, compare, key_in_order_of, moved, option_order
from .source_page import PageQuestion, SourcePage
from .text import LINK, site_markdown, without_entities


def slug(text: str, words: int = 5) -> str:
    """A question id from its text: the first ASCII words, lower-case, joined by dashes."""
    text = without_entities(LINK.sub(r"\1", text))
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


@dataclass
class ImportResult:
    quiz: Quiz
    findings: list[ImportWarning]

    @property
    def problems(self) -> list[Problem]:
        return [finding.problem for finding in self.findings]


@dataclass(frozen=True)
class Separate:
    """A page that is not a translation of the source language's page at the same path."""

    paths: tuple[str, str]  # the source language's page, this page
    languages: tuple[str, str]
    quiz_ids: tuple[str, str]  # the quizzes they became
    evidence: str  # "answer letters differ on 7 of 10 questions; the pages have 10 questions each"


def separate_id(quiz_id: str, language: str) -> str:
    """The id of a page's own quiz when it is not a translation: `x/y-quiz` -> `x/y-quiz.ko`, the file
    `x/y-quiz.ko.yml` beside the source language's, so its links stay the same."""
    return f"{quiz_id}.{language}"


def import_pages(quiz_id: str, pages: dict[str, SourcePage], languages: tuple[str, ...],
                 site_languages: tuple[str, ...] | None = None, not_quizzes: tuple[str, ...] = ()
                 ) -> tuple[list[ImportResult], list[Separate]]:
    """The quizzes the pages of one path make (in `languages` order; any may be missing): one quiz of the
    pages that translate the source language's page, and one quiz of each page that does not. `not_quizzes`:
    languages whose page at this path is there but holds no quiz (no answer block)."""
    site_languages = site_languages or languages
    present = tuple(lang for lang in languages if lang in pages)
    source = present[0]
    together, apart, aligned = [source], [], {}
    for lang in present[1:]:
        comparison = compare(pages[source].questions, pages[lang].questions)
        if comparison.translation:
            together.append(lang)
            aligned[lang] = comparison.pairs
        else:
            apart.append((lang, comparison.evidence((source, lang))))
    own = tuple(lang for lang, _ in apart)
    results = [merge_pages(quiz_id, {lang: pages[lang] for lang in together}, tuple(together), site_languages, own,
                           aligned, not_quizzes)]
    separate = []
    for lang, evidence in apart:
        other = separate_id(quiz_id, lang)
        result = merge_pages(other, {lang: pages[lang]}, (lang,), site_languages, tuple(present) + not_quizzes)
        if result.quiz.learning_material is None and results[0].quiz.learning_material is not None:
            result.quiz = replace(result.quiz, learning_material=results[0].quiz.learning_material)
        result.findings = in_line_order([*result.findings, import_warning(
            "not-translation", pages[lang].path, 1,
            f"this page is not a translation of {pages[source].path}: {evidence}; imported as the quiz "
            f"'{other}' in {lang} only, and the {source} page as '{quiz_id}'",
            f"If it is a translation, make its questions and answer letters those of the {source} page and "
            "import again")])
        results.append(result)
        separate.append(Separate((pages[source].path, pages[lang].path), (source, lang), (quiz_id, other), evidence))
    return results, separate


def merge_pages(quiz_id: str, pages: dict[str, SourcePage], languages: tuple[str, ...],
                site_languages: tuple[str, ...] | None = None, separate: tuple[str, ...] = (),
                aligned: dict[str, list[tuple[int | None, int | None]]] | None = None,
                not_quizzes: tuple[str, ...] = ()) -> ImportResult:
    """One quiz from the pages of its languages (in `languages` order; any may be missing). A quiz without
    a page in one of `site_languages` (default: `languages`) declares the languages it has; `separate` are
    languages whose pages became quizzes of their own (their pages are not missing); `aligned`: the pairs
    `align` gave for a language's questions against the source language's, when known; `not_quizzes`: languages
    whose page is there but holds no answer block."""
    present = tuple(lang for lang in languages if lang in pages)
    findings: list[ImportWarning] = [f for lang in present for f in pages[lang].findings]
    first = pages[present[0]]
    missing = [lang for lang in site_languages or languages if lang not in present]
    unpaged = [lang for lang in missing if lang not in separate]
    if unpaged:
        empty = [lang for lang in unpaged if lang in not_quizzes]
        said = "; ".join(x for x in (
            f"no page in {', '.join(lang for lang in unpaged if lang not in empty)}" if len(empty) < len(unpaged)
            else "", f"the {', '.join(empty)} page at this path has no answer block, so it is no quiz" if empty
            else "") if x)
        findings.append(import_warning("one-language", first.path, 1, f"{said}: the quiz declares languages: "
                                       f"[{', '.join(present)}]", "Translate it later and remove `languages:`"
                                       if not empty else "Add the page's answers in <details> blocks and import "
                                       "again, or keep the quiz in these languages"))

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

    questions = _merge_questions(pages, present, findings, aligned or {})
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


def _merge_questions(pages: dict[str, SourcePage], present: tuple[str, ...], findings: list[ImportWarning],
                     known: dict[str, list[tuple[int | None, int | None]]]) -> list[Question]:
    groups: list[dict[str, PageQuestion]] = [{present[0]: q} for q in pages[present[0]].questions]
    for n, lang in enumerate(present[1:]):
        theirs = pages[lang].questions
        # the first language aligns against the source language's questions alone, as `known` was
        aligned = known[lang] if n == 0 and lang in known else align([next(iter(g.values())) for g in groups], theirs)
        for i, j in moved(aligned):
            ours, other = next(iter(groups[i].items())), theirs[j]
            findings.append(import_warning(
                "reordered", pages[lang].path, other.line,
                f"question {other.number} paired, by its code, numbers and names, with question {ours[1].number} "
                f"of {pages[ours[0]].path}, which asks it at another place; the quiz shows it where the {ours[0]} "
                "page does", "Check that it is the same question; if not, make the pages' questions differ"))
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
    at = _in_first_order(at, pages, findings)
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


def _in_first_order(at: dict[str, PageQuestion], pages: dict[str, SourcePage], findings: list[ImportWarning]
                    ) -> dict[str, PageQuestion]:
    """Each page's question with its options in the first page's order, where it lists the same options in
    another order: the quiz has one answer letter, so each option's place must be the same option in every
    language. Its letter is then the one the first page gives that option, compared as any other."""
    langs = list(at)
    first = at[langs[0]]
    for lang in langs[1:]:
        order = option_order(first, at[lang])
        if order is None:
            continue
        other = at[lang]
        key = key_in_order_of(first, other)
        findings.append(import_warning(
            "options-reordered", pages[lang].path, other.answer_line or other.line,
            f"question {other.number} lists the options of {pages[langs[0]].path}'s question {first.number} in "
            f"another order; they are written in that page's order, so its answer {other.answer_key} is {key} "
            "there", "Check that the options are the same; a letter its explanation names may need changing"))
        at = {**at, lang: replace(other, options=[other.options[m] for m in order], answer_key=key)}
    return at


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
