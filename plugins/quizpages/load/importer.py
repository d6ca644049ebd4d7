"""Hand-written quiz pages (the source site's Markdown, one page per language) -> model.Quiz.

Core module: no MkDocs, no file writes. `parse_page` reads one page into a
`SourcePage`; `merge_pages` pairs the pages of one quiz (one per language, any may be
missing) into a `Quiz`, with a located warning for everything that could not go
into a specific field and was kept elsewhere. Nothing the page says is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import SimpleNamespace

from ..kinds import KINDS, Kind
from ..model import NextQuiz, Question, Quiz, Source, Text
from ..model.problems import Problem, warning

# Section headings that say nothing of the kind: each question's own shape decides.
GENERIC_SECTIONS = ("quiz", "퀴즈")


def section_kinds() -> dict[str, Kind | None]:
    """Section headings of the source site, lower-cased and without a "(1-5)" range -> their kind."""
    found: dict[str, Kind | None] = {heading: None for heading in GENERIC_SECTIONS}
    for kind in KINDS:
        if kind.importer is not None:
            found.update({heading: kind for heading in kind.importer.sections})
    return found


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_RANGE = re.compile(r"\s*\(\s*\d+\s*[-–~]\s*\d+\s*\)\s*$")
_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")  # "1. question" at column 0
_NUMBERED_HEADING = re.compile(r"^##\s+(\d+)\.\s+(.*)$")  # "## 1. question"
_TITLED_HEADING = re.compile(r"^###\s+(?:Question|문제)\s*(\d+)\s*[:.]\s*(.*)$", re.IGNORECASE)
_OPTION_DASH = re.compile(r"^\s*[-*+]\s+([A-Z])[).]\s+(.*)$")  # "   - A) text"
_OPTION_BARE = re.compile(r"^([A-Z])[.)]\s+(.*)$")  # "A. text" (older pages)
_SUMMARY = re.compile(r"^\s*<summary>.*</summary>\s*$", re.IGNORECASE)
_ANSWER_LABEL = re.compile(r"^\*\*(?:Answer|정답)\s*[:：]\s*(.*?)\*\*\s*(.*)$", re.IGNORECASE)
_ANSWER_OPEN = re.compile(r"^\*\*(?:Answer|정답)\s*[:：]\*\*\s*(.*)$", re.IGNORECASE)
_EXPLANATION = re.compile(r"^\*\*(?:Explanation|설명)\s*[:：]\s*\*\*\s*(.*)$", re.IGNORECASE)
_EXPLANATION_IN = re.compile(r"^\*\*(?:Explanation|설명)\s*[:：]\s*(.+?)\*\*\s*(.*)$", re.IGNORECASE)
_LETTER_TEXT = re.compile(r"^([A-Z])\)\s+(.*)$")
_LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
_RETURN_LABEL = re.compile(r"return to learning|back to learning|학습 ?자료", re.IGNORECASE)
_NEXT_LABEL = re.compile(r"^\s*(?:next quiz|다음 퀴즈)\s*(?:[:：]\s*(.*))?$", re.IGNORECASE)
_PER_OPTION_NOTE = re.compile(r"^\s*[-*]\s+[A-Z]\s*[:)]\s+\S")
_CODE = re.compile(r"`([^`]+)`")


@dataclass
class PageQuestion:
    """One question as one page writes it."""

    number: int
    line: int
    prompt: str
    title: str | None = None
    section_kind: Kind | None = None
    options: list[str] = field(default_factory=list)
    answer_key: str | None = None
    answer: str | None = None
    explanation: str | None = None

    @property
    def kind(self) -> str:
        """The section's kind when the question fits it, else the first kind that takes it by its shape."""
        section = self.section_kind
        if section is not None and section.importer is not None and section.importer.matches(self):
            return section.name
        return next(k.name for k in KINDS if k.importer is not None and k.importer.auto and k.importer.matches(self))


@dataclass
class SourcePage:
    """One source page: what it says, and where."""

    path: str
    language: str
    title: str = ""
    title_line: int = 1
    intro: str | None = None
    intro_line: int = 0
    learning_material: str | None = None
    footer_line: int = 0
    next_link: str | None = None
    next_title: str | None = None
    closing: str | None = None
    closing_line: int = 0
    footer_extra: str | None = None  # footer links that are neither return nor next: closing text
    questions: list[PageQuestion] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    def warn(self, line: int, message: str, hint: str = "") -> None:
        self.problems.append(warning(Source(self.path, line), message, hint))


def _clean(lines: list[str]) -> str | None:
    """Lines joined, common indentation removed, blank edges trimmed; None when empty."""
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    if not lines:
        return None
    pad = min(len(x) - len(x.lstrip(" ")) for x in lines if x.strip())
    return "\n".join(x[pad:] if x.strip() else "" for x in lines)


def _section_kind(heading: str) -> tuple[bool, Kind | None]:
    """(is a section heading, its kind) for a `##` heading's text."""
    key = _RANGE.sub("", heading).strip().lower()
    sections = section_kinds()
    if key in sections:
        return True, sections[key]
    return False, None


def _split_footer(lines: list[str], page: SourcePage) -> list[str]:
    """Take the trailing `---` + link line(s) off `lines`, filling the page's link fields."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    start = end
    while start and lines[start - 1].strip() and _LINK.search(lines[start - 1]) and \
            not _LINK.sub("", lines[start - 1]).replace("|", "").strip():
        start -= 1
    if start == end:
        return lines
    footer = lines[start:end]
    kept: list[str] = []
    for offset, line in enumerate(footer):
        leftover = []
        for label, target in _LINK.findall(line):
            number = start + offset + 1
            next_match = _NEXT_LABEL.match(label)
            if _RETURN_LABEL.search(label) and page.learning_material is None:
                page.learning_material, page.footer_line = target, number
            elif next_match and page.next_link is None:
                page.next_link = target
                page.next_title = (next_match.group(1) or "").strip() or None
            else:
                leftover.append(f"[{label}]({target})")
                page.warn(number, f"footer link '{label}' is neither a learning-material nor a next-quiz link; "
                          "kept in the closing text", "Move it into `closing:` by hand if it belongs elsewhere")
        if leftover:
            kept.append(" | ".join(leftover))
    rest = lines[:start]
    while rest and not rest[-1].strip():
        rest.pop()
    if rest and rest[-1].strip() == "---":
        rest.pop()
    if kept:
        page.footer_extra = "\n\n".join(kept)
        page.closing_line = start + 1
    return rest


def parse_page(path: str, text: str, language: str) -> SourcePage | None:
    """The quiz on one page, or None when the page holds no question."""
    page = SourcePage(path=path, language=language)
    lines = text.replace("\r\n", "\n").split("\n")
    lines = _split_footer(lines, page)
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i < len(lines) and lines[i].startswith("# "):
        page.title, page.title_line = lines[i][2:].strip(), i + 1
        i += 1
    header: list[str] = []
    header_start = i + 1
    kind: str | None = None
    current: PageQuestion | None = None
    closing: list[str] = []
    closing_start = 0
    state = "header"  # header -> questions -> closing
    while i < len(lines):
        line = lines[i]
        heading = _HEADING.match(line)
        numbered_heading = _NUMBERED_HEADING.match(line)
        titled = _TITLED_HEADING.match(line)
        numbered = _NUMBERED.match(line)
        if state == "closing":
            closing.append(line)
            i += 1
            continue
        if heading and heading.group(1) == "##" and not numbered_heading:
            is_section, section = _section_kind(heading.group(2))
            if is_section:
                state, kind, current = "questions", section, None
                i += 1
                continue
            if state == "questions":  # a trailing section such as "## Score Calculation"
                state, closing_start = "closing", i + 1
                closing.append(line)
                i += 1
                continue
        if numbered_heading or titled or (numbered and state == "questions"):
            match = numbered_heading or titled or numbered
            current = PageQuestion(number=int(match.group(1)), line=i + 1, prompt="", section_kind=kind)
            if titled:
                current.title = match.group(2).strip() or None
                body, i = _until_answer(lines, i + 1)
            else:
                body, i = [match.group(2)], i + 1
                more, i = _until_answer(lines, i)
                body += more
            _prompt_and_options(current, body, page)
            if i < len(lines) and lines[i].strip().lower() == "<details>":
                i = _answer(current, lines, i, page)
            else:
                page.warn(current.line, "question without a <details> answer block", "Add the answer by hand")
            page.questions.append(current)
            state = "questions"
            continue
        if state == "header":
            header.append(line)
        elif line.strip() and line.strip() != "---":
            # text between questions that belongs to none of them: keep it with the last question
            if current is not None:
                current.explanation = (current.explanation + "\n\n" if current.explanation else "") + line.strip()
                page.warn(i + 1, "text after an answer block kept in that question's explanation")
        i += 1
    if not page.questions:
        return None
    page.intro = _clean(header)
    page.intro_line = header_start
    if page.intro and any(x.startswith(">") for x in header):
        first = next(n for n, x in enumerate(header) if x.startswith(">"))
        page.warn(header_start + first, "header blockquote kept as part of the intro")
    page.closing = _clean(closing)
    if page.closing:
        page.closing_line = closing_start
        page.warn(closing_start, "trailing sections kept as the quiz's closing text")
    page.closing = _join(page.closing, page.footer_extra)
    return page


def _until_answer(lines: list[str], i: int) -> tuple[list[str], int]:
    """Lines up to the next `<details>` (or the next question or heading), and where it stopped."""
    body = []
    while i < len(lines):
        stripped = lines[i].strip()
        if stripped.lower() == "<details>" or lines[i].startswith("#") or _NUMBERED.match(lines[i]):
            break
        body.append(lines[i])
        i += 1
    return body, i


def _prompt_and_options(question: PageQuestion, body: list[str], page: SourcePage) -> None:
    prompt: list[str] = []
    for line in body:
        option = _OPTION_DASH.match(line) or _OPTION_BARE.match(line)
        if option and option.group(1) == chr(ord("A") + len(question.options)):
            question.options.append(option.group(2).strip())
        elif question.options and line.strip() and line.startswith("     "):  # an option's continuation
            question.options[-1] += "\n" + line.strip()
        elif question.options and line.strip():
            prompt.append(line)  # text after the options: keep it with the prompt, in order
            page.warn(question.line, "text after the options kept at the end of the question")
        else:
            prompt.append(line)
    question.prompt = _clean(prompt) or ""


def _answer(question: PageQuestion, lines: list[str], i: int, page: SourcePage) -> int:
    """Read the <details> block at `lines[i]`; returns the index after `</details>`."""
    start = i
    i += 1
    body: list[str] = []
    while i < len(lines) and lines[i].strip().lower() != "</details>":
        if not _SUMMARY.match(lines[i]):
            body.append(lines[i])
        i += 1
    if i == len(lines):
        page.warn(start + 1, "<details> block without </details>; read to the end of the page")
    text = _clean(body) or ""
    answer_part, explanation = _split_explanation(text)
    first, _, rest = answer_part.partition("\n")
    labelled = _ANSWER_LABEL.match(first)
    opened = _ANSWER_OPEN.match(first)
    if opened:  # "**Answer:** text", or the label alone with a list/code block under it
        answer = _clean([opened.group(1), *rest.split("\n")]) if opened.group(1) else _clean(rest.split("\n"))
        _set_answer(question, answer, page, start)
    elif labelled:
        value, tail = labelled.group(1).strip(), labelled.group(2).strip()
        more = _clean([tail, *rest.split("\n")]) if tail else _clean(rest.split("\n"))
        letter = _LETTER_TEXT.match(value)
        if question.options and (re.fullmatch(r"[A-Z]", value) or letter):
            question.answer_key = value[0]
            if letter and _norm(letter.group(2)) != _norm(_option(question, value[0])):
                more = _join(value, more)  # the label says more than the option: keep its words
                page.warn(start + 1, "answer text differs from the option; kept in the explanation")
            explanation = _join(more, explanation)
        else:
            _set_answer(question, _join(value, more), page, start)
    else:  # bare prose with no label
        _set_answer(question, answer_part or None, page, start)
    question.explanation = explanation
    if explanation and any(_PER_OPTION_NOTE.match(x) for x in explanation.split("\n")):
        page.warn(start + 1, "per-option notes kept in the explanation")
    return i + 1


def _set_answer(question: PageQuestion, answer: str | None, page: SourcePage, line: int) -> None:
    if question.options:
        letter = _LETTER_TEXT.match(answer or "") if answer else None
        if answer and re.fullmatch(r"[A-Z]", answer.strip()):
            question.answer_key = answer.strip()
            return
        if letter:
            question.answer_key = letter.group(1)
            if _norm(letter.group(2)) == _norm(_option(question, letter.group(1))):
                return
        page.warn(line + 1, "multiple-choice answer without a clear option letter; its text kept in the explanation")
        question.explanation = _join(answer, question.explanation)
        return
    question.answer = answer


def _option(question: PageQuestion, letter: str) -> str:
    index = ord(letter) - ord("A")
    return question.options[index] if 0 <= index < len(question.options) else ""


def _split_explanation(text: str) -> tuple[str, str | None]:
    lines = text.split("\n")
    for n, line in enumerate(lines):
        alone = _EXPLANATION.match(line)
        inline = _EXPLANATION_IN.match(line)
        if alone:
            return _clean(lines[:n]) or "", _clean([alone.group(1), *lines[n + 1:]])
        if inline:
            return _clean(lines[:n]) or "", _clean([inline.group(1) + " " + inline.group(2), *lines[n + 1:]])
    return text, None


def _join(first: str | None, second: str | None) -> str | None:
    parts = [p for p in (first, second) if p]
    return "\n\n".join(parts) if parts else None


def _norm(text: str) -> str:
    return " ".join(text.split()).lower()


# -- pairing the languages --------------------------------------------------------------


def slug(text: str, words: int = 5) -> str:
    """A question id from its text: the first ASCII words, lower-case, joined by dashes."""
    text = _LINK.sub(r"\1", text)
    found = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(found[:words])


def _text(values: dict[str, str | None], where: dict[str, Source]) -> Text | None:
    """One text from per-language values; written once when every language says the same."""
    present = {lang: v for lang, v in values.items() if v}
    if not present:
        return None
    sources = {lang: where[lang] for lang in present if lang in where}
    if len(present) == len(values) and len(set(present.values())) == 1 and len(values) > 1:
        return Text(neutral=next(iter(present.values())), sources=sources)
    return Text(by_language=present, sources=sources)


def _parallel(a: PageQuestion, b: PageQuestion) -> bool:
    """Whether two pages' questions at the same position are one question in two languages."""
    if a.kind != b.kind or len(a.options) != len(b.options) or a.answer_key != b.answer_key:
        return False
    code_a, code_b = set(_CODE.findall(a.prompt)), set(_CODE.findall(b.prompt))
    return not (code_a and code_b and not code_a & code_b)


@dataclass
class ImportResult:
    quiz: Quiz
    problems: list[Problem]


def merge_pages(quiz_id: str, pages: dict[str, SourcePage], languages: tuple[str, ...]) -> ImportResult:
    """One quiz from the pages of its languages (in `languages` order; any may be missing)."""
    present = tuple(lang for lang in languages if lang in pages)
    problems: list[Problem] = [p for lang in present for p in pages[lang].problems]
    first = pages[present[0]]
    if len(present) < len(languages):
        missing = ", ".join(lang for lang in languages if lang not in pages)
        problems.append(warning(Source(first.path, 1), f"no page in {missing}: the quiz declares "
                                f"languages: [{', '.join(present)}]", "Translate it later and remove `languages:`"))

    def where(attr: str) -> dict[str, Source]:
        return {lang: Source(pages[lang].path, getattr(pages[lang], attr) or 1) for lang in present}

    def pick_link(attr: str) -> str | None:
        links = {lang: getattr(pages[lang], attr) for lang in present if getattr(pages[lang], attr)}
        if len(set(links.values())) > 1:
            lang, link = next(iter(links.items()))
            for other, value in links.items():
                if value != link:
                    problems.append(warning(Source(pages[other].path, pages[other].footer_line or 1),
                                            f"this page links '{value}' where the {lang} page links '{link}'; "
                                            f"the quiz keeps '{link}'", "Check which link is right"))
        return next(iter(links.values()), None)

    questions = _merge_questions(pages, present, problems)
    next_link = pick_link("next_link")
    next_title = _text({lang: pages[lang].next_title for lang in present}, where("footer_line"))
    if next_title is not None and len(next_title.by_language) not in (0, len(present)):
        next_title = None  # the title of the target quiz fills in for every language alike
    quiz = Quiz(
        id=quiz_id,
        title=_text({lang: pages[lang].title for lang in present}, where("title_line")) or Text(neutral=quiz_id),
        questions=tuple(questions),
        languages=present,
        declared_languages=present if len(present) < len(languages) else None,
        intro=_text({lang: pages[lang].intro for lang in present}, where("intro_line")),
        learning_material=pick_link("learning_material"),
        next=NextQuiz(link=next_link, title=next_title) if next_link else None,
        closing=_text({lang: pages[lang].closing for lang in present}, where("closing_line")),
        source=Source(first.path, 1),
    )
    return ImportResult(quiz=quiz, problems=problems)


def _merge_questions(pages: dict[str, SourcePage], present: tuple[str, ...],
                     problems: list[Problem]) -> list[Question]:
    count = max(len(pages[lang].questions) for lang in present)
    used: set[str] = set()
    merged: list[Question] = []
    for position in range(count):
        at = {lang: pages[lang].questions[position] for lang in present if position < len(pages[lang].questions)}
        langs = list(at)
        groups: list[list[str]] = [[langs[0]]]
        for lang in langs[1:]:
            for group in groups:
                if _parallel(at[group[0]], at[lang]):
                    group.append(lang)
                    break
            else:
                groups.append([lang])
        for group in groups:
            limited = len(group) < len(present)
            if limited:
                for lang in group:
                    problems.append(warning(Source(pages[lang].path, at[lang].line),
                                            f"question {at[lang].number} has no parallel question in the other "
                                            f"language; imported for [{', '.join(group)}] only",
                                            "Translate it, or keep it limited with `languages:`"))
            merged.append(_question({lang: at[lang] for lang in group}, pages, used,
                                    tuple(group) if limited else None))
    return merged


def _question(at: dict[str, PageQuestion], pages: dict[str, SourcePage], used: set[str],
              languages: tuple[str, ...] | None) -> Question:
    langs = list(at)
    first = at[langs[0]]
    where = {lang: Source(pages[lang].path, at[lang].line) for lang in langs}
    base = next((s for s in (slug(at[lang].prompt) for lang in langs) if s), "") or f"question-{first.number}"
    qid, n = base, 2
    while qid in used:
        qid, n = f"{base}-{n}", n + 1
    used.add(qid)
    kind = KINDS[first.kind]
    options = tuple(_text({lang: at[lang].options[k] for lang in langs}, where) for k in range(len(first.options)))
    parsed = SimpleNamespace(options=options, answer_key=first.answer_key,
                             answer=_text({lang: at[lang].answer for lang in langs}, where))
    return Question(
        id=qid,
        kind=kind.name,
        prompt=_text({lang: at[lang].prompt for lang in langs}, where) or Text(neutral=""),
        body=kind.importer.build(parsed),  # type: ignore[union-attr]
        explanation=_text({lang: at[lang].explanation for lang in langs}, where),
        title=_text({lang: at[lang].title for lang in langs}, where),
        languages=languages,
        source=where[langs[0]],
    )
