"""One source page -> `SourcePage`: its title, intro, questions, closing text and footer links.

A page is read from its `<details>` answer blocks: each answers the question
written before it, whatever that question looks like, so a page with one answer
block is a quiz and no question with an answer is missed. What comes between a
block and the next question (rules, section headings, stray text) is placed
with the nearest question, and what follows the last block is the closing text
and the footer.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace

from ...kinds import KINDS
from .answer import ANSWER_LABEL, label_value, read_answer, split_letter
from .blocks import AnswerBlock, find_blocks, split_heads, split_tails, unquote_blocks, without_stray_closers
from .footer import links_only, split_footer
from .html_blocks import line_as_markdown
from .kind_choice import choose_kind
from .placeholders import as_text
from .question import HEADING_LINE, Start, question_start, read_text, split_region
from .sections import Section, read_section
from .source_page import PageQuestion, SourcePage
from .text import OUTSIDE, clean, fences, is_rule, join, normalize

_TITLE = re.compile(r"^#\s+(.*?)\s*#*$")
_FRONT_MATTER_LINE = re.compile(r"^(?:[\w-]+\s*:.*|\s+.*|-\s.*|)$")


def parse_page(path: str, text: str, language: str, allowed_tags: Collection[str] | None = None
               ) -> SourcePage | None:
    """The quiz on one page, or None when the page has no answer block. Given the HTML tags quiz text may use
    (`allowed_tags`), any other tag-shaped text in prose (`<endpoint-id>`) is written as text."""
    lines = normalize(text)
    states = fences(lines)
    page = SourcePage(path=path, language=language)
    if allowed_tags is not None:
        for i, tag, unsafe in dict.fromkeys(as_text(lines, states, allowed_tags)):
            if unsafe:
                page.warn("html-as-text", i + 1, f"the HTML tag {tag} has an event handler or a script URL, which "
                          "quiz text may not have; written as text",
                          "Write it without them in the quiz file, if the page needs it (an image as ![text](file))")
                continue
            page.warn("html-as-text", i + 1, f"the HTML tag {tag} is not one quiz text may use; written as text",
                      f"Add '{tag.strip('</>')}' to plugins.quizpages.allowed_html in mkdocs.yml and import "
                      "again, if it is safe and the page needs it")
    begin = _front_matter(lines, page)
    for i in unquote_blocks(lines, states):
        page.warn("quoted-details", i + 1, "answer block written inside a blockquote read as the question's "
                  "answer block (the quote marks around it left out)")
    origin = list(range(len(lines)))
    if (moved := split_heads(lines, states)) is not None:
        origin, states = moved, fences(lines)
    blocks = find_blocks(lines, states, begin)
    if not blocks:
        return None
    while (moved := split_tails(lines, states, blocks)) is not None:  # "</details> More text": a paragraph after
        origin = [origin[i] for i in moved]
        states = fences(lines)
        blocks = find_blocks(lines, states, begin)
    found = len(page.findings)  # the warnings found from here on are at the lines as split
    for i in without_stray_closers(lines, states, blocks):
        page.warn("stray-details", i + 1, "</details> without a <details> before it left out (the source site's "
                  "browser ignored it)")
    _Reader(page, lines, states).read(begin, blocks)
    if len(origin) != len(lines) or origin != list(range(len(lines))):
        _at_source_lines(page, origin, found)
    return page


def _at_source_lines(page: SourcePage, origin: list[int], found: int) -> None:
    """Give every line number the reader found after `found` warnings back as the source page's own: the
    reader read `lines` with some lines split (`origin[i]`: the source index of line i)."""
    def back(line: int) -> int:
        return origin[line - 1] + 1 if 0 < line <= len(origin) else line

    for name in ("title_line", "intro_line", "footer_line", "closing_line", "footer_extra_line"):
        setattr(page, name, back(getattr(page, name)))
    sections = {}
    for question in page.questions:
        question.line, question.answer_line = back(question.line), back(question.answer_line)
        if question.section is not None:
            key = id(question.section)
            sections.setdefault(key, replace(question.section, line=back(question.section.line)))
            question.section = sections[key]
    page.findings[found:] = [replace(f, problem=replace(f.problem, source=f.problem.source._replace(
        line=back(f.problem.source.line)))) for f in page.findings[found:]]


def why_no_quiz(text: str) -> str:
    """Why `parse_page` found no quiz on a page, in the words of the report."""
    lines = normalize(text)
    states = fences(lines)
    asked = sum(1 for i, line in enumerate(lines) if states[i] == OUTSIDE and question_start(line, i))
    if asked:
        return (f"no <details> answer block: its {asked} numbered line{'s' if asked != 1 else ''} or heading"
                f"{'s' if asked != 1 else ''} that may be questions have no answers to import")
    return "no <details> answer block, so no question with an answer"


def _front_matter(lines: list[str], page: SourcePage) -> int:
    """Where the page's text starts after its YAML front matter, whose `title:` is the page's title."""
    if not lines or lines[0] != "---":
        return 0
    end = next((n for n in range(1, min(len(lines), 80)) if lines[n] in ("---", "...")), None)
    if end is None or not all(_FRONT_MATTER_LINE.match(x) for x in lines[1:end]):
        return 0
    keys = [x.split(":", 1)[0].strip() for x in lines[1:end] if x and not x[0].isspace() and ":" in x]
    for x in lines[1:end]:
        if x.startswith("title:"):
            page.title, page.title_line = x[len("title:"):].strip().strip("\"'"), lines.index(x) + 1
    if [k for k in keys if k != "title"]:
        page.warn("front-matter", 1, f"front matter left out of the quiz: {', '.join(k for k in keys if k != 'title')}",
                  "Quiz files have no front matter; add what matters to the intro by hand")
    return end + 1


class _Reader:
    """Reads a page's questions in order, keeping the section they are under."""

    def __init__(self, page: SourcePage, lines: list[str], states: list[int]):
        self.page, self.lines, self.states = page, lines, states
        self.section: Section | None = None
        self.section_level = 0
        self.previous: PageQuestion | None = None

    def read(self, begin: int, blocks: list[AnswerBlock]) -> None:
        title_at = self._title(begin, blocks[0].start)
        for n, block in enumerate(blocks):
            low = blocks[n - 1].end + 1 if n else begin
            self._question([i for i in range(low, block.start) if i != title_at], block, first=n == 0)
            if not block.closed:
                self.page.warn("unclosed-details", block.start + 1, "<details> block without </details>; "
                               "read up to the next heading, question or block", "Close the block with </details>")
        self._tail(blocks[-1].end + 1)
        self._check_order()

    def _title(self, begin: int, end: int) -> int | None:
        for i in range(begin, end):
            match = _TITLE.match(self.lines[i]) if self.states[i] == OUTSIDE else None
            if match:
                self.page.title, self.page.title_line = match.group(1), i + 1
                return i
        return None

    # -- what surrounds a question -------------------------------------------------------

    def _pieces(self, indices: list[int]) -> list[tuple[str, list[int]]]:
        """("heading", [index]) and ("text", [indices]) in page order; thematic breaks say nothing."""
        pieces: list[tuple[str, list[int]]] = []
        for i in indices:
            line = self.lines[i]
            if self.states[i] == OUTSIDE and HEADING_LINE.match(line):
                pieces.append(("heading", [i]))
            elif self.states[i] == OUTSIDE and is_rule(line):
                pieces.append(("rule", []))
            elif pieces and pieces[-1][0] == "text":
                pieces[-1][1].append(i)
            else:
                pieces.append(("text", [i]))
        return [p for p in pieces if p[0] != "rule" and (p[0] == "heading" or clean(self._of(p[1])))]

    def _of(self, indices: list[int]) -> list[str]:
        return [self.lines[i] for i in indices]

    def _heading(self, index: int) -> tuple[int, str]:
        match = HEADING_LINE.match(self.lines[index])
        return len(match.group(1)), match.group(2)  # type: ignore[union-attr]

    def _open_section(self, index: int) -> Section:
        level, text = self._heading(index)
        section = read_section(text, index + 1)
        if section.kind is None and self.section is not None and level > self.section_level:
            section = replace(section, kind=self.section.kind)  # a sub-heading keeps its section's kind
        else:
            self.section_level = level
        self.section = section
        return section

    def _loose(self, pieces: list, first: bool) -> tuple[list, str | None, str | None, int | None]:
        """A question without a numbered start: (the pieces before it, its title, its text, its first line)."""
        heads = [n for n, (kind, _) in enumerate(pieces) if kind == "heading"]
        if not heads:
            indices = [i for _, part in pieces for i in part]
            last = self._last_paragraph(indices) if first else 0  # the first question's is the last paragraph
            before = [("text", indices[:last])] if last else []
            return before, None, clean(self._of(indices[last:])), self._first(indices[last:])
        h = heads[-1]
        index = pieces[h][1][0]
        after = [i for _, part in pieces[h + 1:] for i in part]
        text, heading = clean(self._of(after)), self._heading(index)[1]
        section = read_section(heading, index + 1)
        if section.structural or (section.kind is not None and not text):
            return pieces[:h + 1], None, text, self._first(after)
        if text:
            return pieces[:h], heading, text, index
        return pieces[:h], None, heading, index

    def _first(self, indices: list[int]) -> int | None:
        return next((i for i in indices if self.lines[i].strip()), None)

    def _last_paragraph(self, indices: list[int]) -> int:
        """Where the last paragraph of `indices` starts (a blank line outside fenced code ends paragraphs)."""
        end = len(indices)
        while end and not self.lines[indices[end - 1]].strip():
            end -= 1
        start = end
        while start and (self.lines[indices[start - 1]].strip() or self.states[indices[start - 1]] != OUTSIDE):
            start -= 1
        return start

    def _intro(self, pieces: list) -> None:
        kept: list[str] = []
        for kind, part in pieces:
            if kind == "heading":
                section = read_section(self._heading(part[0])[1], part[0] + 1)
                if section.kind is not None or section.structural:
                    self._open_section(part[0])
                if section.structural:
                    continue
            kept += [*self._of(part), ""]
        page = self.page
        page.intro = clean(kept)
        if not page.intro:
            return
        lines = [i for kind, part in pieces for i in part if kind == "text"]
        page.intro_line = next(i for _, part in pieces for i in part if self.lines[i].strip()) + 1
        quote = next((i for i in lines if self.lines[i].startswith(">")), None)
        if quote is not None:
            page.warn("header-blockquote", quote + 1, "header blockquote kept as part of the intro")
        links = next((i for i in lines if links_only(self.lines[i])), None)
        if links is not None:
            page.warn("header-links", links + 1, "links above the first question kept in the intro",
                      "Remove them if the quiz page's own links say the same")

    def _between(self, pieces: list, number: int) -> tuple[list[str], list[str]]:
        """Headings and text between an answer block and the next question: (titles, texts) for it."""
        titles: list[str] = []
        texts: list[str] = []
        under_heading = False
        for kind, part in pieces:
            if kind == "heading":
                section = self._open_section(part[0])
                under_heading = True
                if not section.structural:
                    titles.append(section.heading)
                    self.page.warn("section-title", part[0] + 1, f"section heading '{section.heading}' kept in "
                                   f"the title of question {number} (quiz pages group questions by kind, under "
                                   "headings of their own)")
                continue
            text = clean(self._of(part))
            if text is None:
                continue
            if not under_heading and self.previous is not None:
                self.previous.explanation = join(self.previous.explanation, text)
                self.page.warn("between-questions", part[0] + 1,
                               "text after an answer block kept in that question's explanation")
            else:
                texts.append(text)
                self.page.warn("between-questions", part[0] + 1,
                               f"text under a section heading kept at the start of question {number}")
        return titles, texts

    # -- one question ----------------------------------------------------------------------

    def _question(self, region: list[int], block: AnswerBlock, first: bool) -> None:
        material, start, body, unanswered = split_region(self.lines, self.states, region)
        pieces = self._pieces(material)
        loose_title = loose_text = loose_line = None
        if start is None:
            pieces, loose_title, loose_text, loose_line = self._loose(pieces, first)
        number = start.number if start else (self.previous.number + 1 if self.previous else 1)
        titles, texts = ([], []) if first else self._between(pieces, number)
        if first:
            self._intro(pieces)
        line = start.index if start else (loose_line if loose_line is not None else block.start)
        question = PageQuestion(number=number, line=line + 1, prompt="", section=self.section)
        own_title, prompt = self._text(question, start, body, loose_title, loose_text)
        if unanswered:
            self.page.warn("no-answer-block", unanswered[0] + 1, f"this question has no <details> answer block; its "
                           f"text is kept at the start of question {number}", "Add its answer, or remove it")
        question.title = " — ".join(t for t in (*titles, own_title) if t) or None
        question.prompt = join(*texts, clean(self._of(unanswered)), prompt) or ""
        before = self._settle_prompt(question, block)
        if not question.prompt and self.previous is not None:
            self.previous.explanation = join(self.previous.explanation, clean(block.lines))
            self.page.warn("extra-answer-block", block.start + 1, "answer block without a question of its own kept "
                           f"in the explanation of question {self.previous.number}")
            return
        if not question.prompt:
            question.prompt = f"Question {number}"
            self.page.warn("empty-question", block.start + 1, f"question {number} has no text; imported as "
                           f"'{question.prompt}'", "Write the question")
        read_answer(block, question, self.page, before)
        question.answer_line = self._answer_line(block)
        self._second_answer_line(block, question)
        choose_kind(question, self.page)
        self.page.questions.append(question)
        self.previous = question

    def _answer_line(self, block: AnswerBlock) -> int:
        """The line of the block's answer label, else of its `<details>`: a warning about the letter points
        at the line that names it."""
        found = (i for i in range(block.start, block.end + 1)
                 if self.states[i] == OUTSIDE and label_value(line_as_markdown(self.lines[i]), ANSWER_LABEL))
        return next(found, block.start) + 1

    def _second_answer_line(self, block: AnswerBlock, question: PageQuestion) -> None:
        """A second "**Answer:** A" in the block naming another option than the key the first gave: it stays in
        the explanation, where a reader would read it against the key, so it is said, at its line."""
        if question.answer_key is None or not question.options:
            return
        for i in range(question.answer_line, block.end + 1):  # the lines after the first label's
            found = label_value(line_as_markdown(self.lines[i]), ANSWER_LABEL) if self.states[i] == OUTSIDE else None
            if found is None:
                continue
            said = found[0] or found[1]
            letter = split_letter(said, len(question.options)) if said else None
            if letter is not None and letter[0] != question.answer_key:
                self.page.warn("answer-twice", i + 1, f"question {question.number}: the answer block names option "
                               f"{question.answer_key}, then option {letter[0]} on a second answer line; answer: "
                               f"{question.answer_key} kept, the second line kept in the explanation",
                               "Check which option is right, and remove the other answer line")
            return

    def _settle_prompt(self, question: PageQuestion, block: AnswerBlock) -> str | None:
        """Give a question that is only a title its question: the block's summary, else the title. Returns a
        summary that is no label when the question has text of its own: it opens the answer."""
        summary = block.summary if block.summary and not block.summary_is_label else None
        if summary and question.prompt:
            self.page.warn("summary-text", block.start + 1, f"question {question.number}: the answer's summary "
                           f"'{summary}' kept at the start of the answer")
            return summary
        if summary:
            question.prompt = summary
        elif not question.prompt and question.title and not question.options:
            question.prompt, question.title = question.title, None
        return None

    def _text(self, question: PageQuestion, start: Start | None, body: list[int], title: str | None,
              text: str | None) -> tuple[str | None, str | None]:
        """(its own title, its prompt); fills in its options."""
        if start is None:
            return title, text
        read = read_text(self.lines, self.states, start, body)
        question.options = read.options
        if read.after_options:
            self.page.warn("options-text-after", question.line,
                           "text after the options kept at the end of the question")
        return read.title, read.prompt

    # -- after the last question --------------------------------------------------------------

    def _tail(self, start: int) -> None:
        page = self.page
        rest = split_footer(self.lines[start:], start, page)
        while rest and (is_rule(rest[-1]) or rest[-1].strip() in ("", ">")):
            rest = rest[:-1]  # a closing rule, or a quote line a stray </details> was on, says nothing
        first = next((n for n, x in enumerate(rest) if x.strip() and not is_rule(x)), None)
        if first is not None:
            page.closing, page.closing_line = clean(rest[first:]), start + first + 1
            page.warn("closing-text", page.closing_line, "trailing sections kept as the quiz's closing text")
        page.closing = join(page.closing, page.footer_extra)
        page.closing_line = page.closing_line or page.footer_extra_line

    def _check_order(self) -> None:
        """Quiz pages show questions grouped by kind: say so when that moves one."""
        questions = self.page.questions
        shown = KINDS.page_numbers([q.kind for q in questions])
        moved = next((n for n, number in enumerate(shown) if number != n + 1), None)
        if moved is not None:
            question = questions[moved]
            self.page.warn("page-order", question.line, f"question {question.number} ({question.kind}) is shown as "
                           f"question {shown[moved]} on the quiz page, which groups questions by kind",
                           "Check that the questions still read well in that order")

