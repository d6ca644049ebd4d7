"""Model + language -> Markdown page, through Jinja templates a site can override.

The output is Markdown with ``<details>`` blocks (``markdown="1"`` for
Python-Markdown's md_in_html, ignored elsewhere), so MkDocs renders it with the
site's own Markdown extensions, and `quizpages render` can hand the same pages
to any Markdown site generator.

Templates live in ``fragments/``; a file of the same name in a site's
``overrides/fragments/quizpages/`` wins.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import jinja2

from ..check.html_policy import is_bad_url, sanitize, strip_code
from ..kinds import KINDS, Registry
from ..model import Problem, Question, Quiz, Text, layout
from ..model.numbers import number as format_number
from ..model.problems import display_path
from ..util.markdown_shape import follows_label, is_inline
from .markdown_text import indent, md_escape, normalize_lists
from .strings import Strings
from .template_errors import render_problem, syntax_problems

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FRAGMENTS = os.path.join(PACKAGE, "fragments")
OVERRIDE_SUBDIR = os.path.join("fragments", "quizpages")

def _attribute_json(data: dict) -> str:
    """`data` as JSON for a single-quoted HTML attribute: compact, with `&`, `'`, `<` and `>` as JSON's own
    escapes (\\u0026 ...), as Jinja's `tojson` writes them, never as HTML entities: Python-Markdown writes an
    attribute's `&lt;` back as an entity the browser reads as `<`, so an accepted answer `&lt;none&gt;` would
    be checked as `<none>`. (The JSON's own double quotes need no escape, which keeps every quiz page small.)"""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("&", "\\u0026").replace("'", "\\u0027").replace("<", "\\u003c").replace(">", "\\u003e")


def _safe_link(link: str | None) -> str | None:
    """A link target for the page; a javascript: or data: URL becomes a dead link, never a script."""
    return "#" if link and is_bad_url(link) else link


@dataclass(frozen=True)
class RenderedQuestion:
    """One question as its fragments see it: the common parts, and its kind's `view`."""

    number: int
    question: Question
    fragment: str  # the kind's template, with the macros `body` and `answer`
    check: str  # the self-check's data as JSON, for quizpages.js; "" when the kind has no self-check
    check_data: dict | None
    title: str | None
    prompt: str
    view: dict  # what the kind's fragment shows (see Kind.view)
    body: str  # what the kind's fragment writes under the question (its macro `body`)
    answer: str  # and in the Show Answer block (its macro `answer`)
    hint: str | None
    explanation: str | None
    explanation_inline: bool


class _Fragments(dict):
    """The kinds' fragments as macro modules, each made the first time a page needs it."""

    def __init__(self, env: jinja2.Environment):
        super().__init__()
        self.env = env

    def __missing__(self, name: str):
        module = self[name] = self.env.get_template(name).module
        return module


@dataclass(frozen=True)
class _Context:
    """What a kind's `view` gets to turn its fields into Markdown (see kinds.RenderContext)."""

    renderer: "Renderer"
    language: str

    def text(self, text: Text | None) -> str | None:
        return self.renderer.text(text, self.language)

    def raw(self, text: Text | None) -> str | None:
        return self.renderer.raw(text, self.language)

    follows_label = staticmethod(follows_label)
    indent = staticmethod(indent)
    escape = staticmethod(md_escape)

    @staticmethod
    def after_label(markdown: str, width: int) -> str:
        if follows_label(markdown):
            return indent(markdown, width)
        # a blank line, then the block at the item's text column, then a blank line: Python-Markdown reads
        # it inside the item, and the next item as an item, not as more of the block
        return "\n\n" + " " * width + indent(markdown, width) + "\n"


class Renderer:
    """Renders every page of a set of quizzes. Pure: no MkDocs, no file writes."""

    def __init__(self, quizzes: dict[str, Quiz], languages: tuple[str, ...],
                 override_dirs: tuple[str, ...] = (), strings_dirs: tuple[str, ...] = (),
                 allowed_html: tuple[str, ...] = (), kinds: Registry = KINDS, markdown_links: bool = False,
                 language_names: dict[str, str] | None = None, directory_urls: bool = True,
                 downloads: tuple[tuple[str, str], ...] = ()):
        self.quizzes = quizzes
        self.downloads = downloads  # (format name, file suffix) of each LMS export the site publishes
        self.directory_urls = directory_urls  # MkDocs' use_directory_urls: the form of page URLs
        self.language_names = language_names or {}  # the site's own names of its languages
        self.kinds = kinds
        self.markdown_links = markdown_links  # cross-language links to Markdown files (see quiz_link)
        self.allowed_html = allowed_html
        self.languages = languages
        self.source_language = languages[0]
        self.strings_dirs = strings_dirs
        self.overrides = [os.path.join(d, OVERRIDE_SUBDIR) for d in override_dirs]
        self.env = self._environment(self.overrides)
        self.problems: list[Problem] = []  # the site's templates that failed (template_errors.py)
        self._strings: dict[str, Strings] = {}
        self._script_cache: dict[tuple, dict[str, str]] = {}
        # Kept while the renderer is (QuizSite keeps one between `mkdocs serve` updates), by quiz id: an unchanged
        # quiz is the same object, so what depends on it alone is made once.
        self._next_ids: dict[str, tuple[Quiz, str | None]] = {}  # the quiz, and the id its "Next Quiz" names
        self._index_rows: dict[tuple[str, str], tuple[Quiz, dict]] = {}  # (language, id) -> the quiz, its row
        self._indexes: dict[str, tuple[list[dict], str]] = {}  # language -> its index's rows and page

    @staticmethod
    def _environment(overrides: list[str]) -> jinja2.Environment:
        env = jinja2.Environment(
            loader=jinja2.FileSystemLoader([*overrides, FRAGMENTS]),
            autoescape=False,  # the output is Markdown; HTML-escaping is applied explicitly with |e
            keep_trailing_newline=True,
            trim_blocks=True,
            lstrip_blocks=True,
            undefined=jinja2.StrictUndefined,
            auto_reload=False,  # one Renderer per build: no need to stat every template at each include
        )
        env.filters["indent_md"] = indent
        # Each kind's fragment, made into a module of macros once, not imported again for every question.
        env.globals["fragments"] = _Fragments(env)
        return env

    # -- the site's own templates ------------------------------------------------------

    @property
    def uses_built_in_templates(self) -> bool:
        """True once a site template failed: every page is then rendered with the built-in ones."""
        return bool(self.problems)

    @property
    def uses_site_templates(self) -> bool:
        """Whether the site has quiz templates of its own that pages are (still) made with."""
        return any(os.path.isdir(folder) and os.listdir(folder) for folder in self.overrides)

    def check_overrides(self) -> list[Problem]:
        """Compile the site's templates before any page needs them; one that does not compile is an error,
        and the built-in templates are used instead."""
        found = syntax_problems(self.env, self.overrides)
        if found:
            self._use_built_in(found)
        return found

    def _use_built_in(self, problems: list[Problem]) -> None:
        self.problems += problems
        self.overrides = []
        self.env = self._environment([])
        self._indexes.clear()  # made with the site's templates

    def _guarded(self, make: Callable[[], str]) -> str:
        """`make()`, or, when a site template fails in it, the error recorded and `make()` again with the
        built-in templates."""
        try:
            return make()
        except Exception as exc:
            problem = render_problem(exc, self.overrides) if self.overrides else None
            if problem is None:
                raise
            self._use_built_in([problem])
            return make()

    def strings(self, language: str) -> Strings:
        if language not in self._strings:
            self._strings[language] = Strings(language, self.strings_dirs)
        return self._strings[language]

    # -- one quiz ---------------------------------------------------------------------

    def _pick(self, text: Text, language: str) -> tuple[str | None, str | None]:
        """The text for a page in `language`, and the other language it is in when it had to fall back: a
        missing translation (reported by validation) shows the source language's text, then any
        language's, so a page never shows a hole."""
        value = text.get(language)
        if value is not None:
            return value, None
        for fallback in (self.source_language, *text.by_language):
            if fallback in text.by_language:
                return text.by_language[fallback], fallback
        return None, None

    def raw(self, text: Text | None, language: str) -> str | None:
        """The text in `language` as written, stripped (see `_pick`), for data rather than display."""
        if text is None:
            return None
        value, _ = self._pick(text, language)
        return value.strip() if value is not None else None

    def text(self, text: Text | None, language: str, standalone: bool = False) -> str | None:
        """The text in `language` as Markdown for a page (see `_pick`). Text shown in another language is
        marked with its `lang`, so screen readers and hyphenation read it in that language: inline when it
        follows a label ("B) > 5" stays text), as a block when it is blocks, or, `standalone` (a prompt, a
        hint, an intro: nothing before it on its line), when its first line starts a block (a quote)."""
        if text is None:
            return None
        value, other = self._pick(text, language)
        if value is None:
            return None
        # second line of defence: validation rejects unsafe HTML, but render output must be safe anyway
        markdown = normalize_lists(sanitize(value.strip(), self.allowed_html))
        if other is None:
            return markdown
        if is_inline(markdown) if standalone else follows_label(markdown):
            return f'<span lang="{other}">{markdown}</span>'
        return f'<div lang="{other}" markdown="1">\n\n{markdown}\n\n</div>'

    def page_url(self, quiz_id: str, language: str) -> str:
        return layout.page_url(layout.markdown_path(quiz_id), language, self.source_language, self.directory_urls)

    def quiz_link(self, from_markdown: str, from_language: str, target: Quiz) -> str:
        """A link to `target` from a page in `from_language`: the same language when it exists,
        else the source language's page, so a reader never meets a 404.

        Within a language it is the Markdown path (MkDocs resolves it in that language's tree). Across
        languages it is the page's URL for MkDocs, whose languages' trees cannot name each other's
        files, and, with `markdown_links` (`quizpages render`), the other language's Markdown file in
        the output's layout, so any generator resolves it."""
        if from_language in target.languages:
            return posixpath.relpath(layout.markdown_path(target.id), posixpath.dirname(from_markdown))
        fallback = target.languages[0] if target.languages else self.source_language
        if self.markdown_links:
            here = layout.output_path(from_markdown, from_language, self.source_language)
            there = layout.output_path(layout.markdown_path(target.id), fallback, self.source_language)
            return posixpath.relpath(there, posixpath.dirname(here))
        from_url = layout.page_url(from_markdown, from_language, self.source_language, self.directory_urls)
        return layout.relative_url(from_url, self.page_url(target.id, fallback))

    def next_target(self, quiz: Quiz) -> Quiz | None:
        """The quiz that `quiz`'s "Next Quiz" link points at, when it is one of this site's."""
        known = self._next_ids.get(quiz.id)
        if known is None or known[0] is not quiz:
            target = None
            if quiz.next is not None:
                target = layout.quiz_id_from_page(layout.resolve_link(layout.markdown_path(quiz.id), quiz.next.link))
            known = self._next_ids[quiz.id] = (quiz, target)
        return self.quizzes.get(known[1]) if known[1] is not None else None

    def next_quiz(self, quiz: Quiz, language: str) -> dict | None:
        if quiz.next is None:
            return None
        strings = self.strings(language)
        here = layout.markdown_path(quiz.id)
        link = quiz.next.link
        title = self.text(quiz.next.title, language)
        target = self.next_target(quiz)
        only_in = None
        if target is not None:
            anchor = "#" + link.split("#", 1)[1] if "#" in link else ""
            link = self.quiz_link(here, language, target) + anchor
            title = title or self.text(target.title, language)
            # a next quiz not yet translated is linked in a language it has: say so, as the index does
            only_in = None if language in target.languages else self.available_in(target, strings)
        label = strings("next_quiz", title=title) if title else strings("next_quiz_untitled")
        return {"link": _safe_link(link), "label": label, "only_in": only_in}

    def context(self, language: str) -> _Context:
        """What a kind's `view`, `self_check` and `export` get: the texts in `language`, as pages show them."""
        return _Context(self, language)

    def question(self, question: Question, number: int, language: str) -> RenderedQuestion:
        kind = self.kinds.of(question)
        context = _Context(self, language)
        explanation = self.text(question.explanation, language)
        view = kind.view(question, context)
        check = kind.self_check(question, context)
        fragment = self.env.globals["fragments"][kind.fragment]
        strings = self.strings(language)
        return RenderedQuestion(
            number=number, question=question, fragment=kind.fragment,
            check=_attribute_json(check) if check else "", check_data=check,
            title=self.text(question.title, language),
            prompt=view.get("prompt") or self.text(question.prompt, language, standalone=True) or "",
            view=view, body=fragment.body(view, strings), answer=fragment.answer(view, strings),
            hint=self.text(question.hint, language, standalone=True), explanation=explanation,
            explanation_inline=explanation is not None and follows_label(explanation),
        )

    def sections(self, quiz: Quiz, language: str) -> list[dict]:
        """Questions grouped by kind, in the registry's order as the source layout does, numbered
        continuously across sections."""
        by_kind: dict[str, list[Question]] = defaultdict(list)
        for question in quiz.questions_in(language):
            by_kind[question.kind].append(question)
        strings = self.strings(language)
        sections, number = [], 0
        for kind in self.kinds:
            rendered = []
            for question in by_kind.get(kind.name, []):
                number += 1
                rendered.append(self.question(question, number, language))
            if rendered:
                sections.append({"kind": kind.name, "heading": strings(kind.section), "questions": rendered})
        return sections

    def quiz_page(self, quiz: Quiz, language: str) -> str:
        """The Markdown page of `quiz` in `language`."""
        return self._guarded(lambda: self._quiz_page(quiz, language))

    def _quiz_page(self, quiz: Quiz, language: str) -> str:
        sections = self.sections(quiz, language)
        checks = [q.check_data for section in sections for q in section["questions"] if q.check_data]
        return self.env.get_template("quiz.md.j2").render(
            quiz=quiz,
            language=language,
            t=self.strings(language),
            title=self.text(quiz.title, language),
            intro=self.text(quiz.intro, language, standalone=True),
            sections=sections,
            closing=self.text(quiz.closing, language, standalone=True),
            learning_material=_safe_link(quiz.learning_material),
            next=self.next_quiz(quiz, language),
            site_root=layout.relative_url(self.page_url(quiz.id, language), ""),
            test_minutes=format_number(quiz.test.minutes) if quiz.test else None,
            ui=self.script_strings(language, checks),
            downloads=self.download_links(quiz, language),
        )

    def download_links(self, quiz: Quiz, language: str) -> list[dict]:
        """The LMS exports the site publishes of `quiz` in `language`: each format's name and link."""
        strings = self.strings(language)
        here = self.page_url(quiz.id, language)
        return [{"label": strings(f"export.{name}"), "link": layout.relative_url(
                    here, layout.EXPORTS + "/" + layout.export_path(quiz.id, language, suffix))}
                for name, suffix in self.downloads]

    SCRIPT_STRINGS = ("progress.", "print.", "quiz.", "score.", "judge.", "retry.", "test.", "shuffle.", "mark.")
    """Strings quizpages.js shows on every quiz page; the self-check's come with the kinds of the page."""
    INDEX_STRINGS = ("site_progress.",)
    """Strings quizpages-index.js shows on the quiz index: the reader's progress across the site."""

    def script_strings(self, language: str, checks: list[dict] = ()) -> dict[str, str]:
        """The interface strings quizpages.js shows on a page with these self-checks, in the page's language:
        the panel's, the self-check's common ones (`selfcheck.legend`), and each check type's own
        (`selfcheck.<type>.` or the check's `say`, and its `labels`)."""
        prefixes = {f"selfcheck.{c['type']}." for c in checks} | {c["say"] + "." for c in checks if "say" in c}
        wanted = frozenset(key for c in checks for key in c.get("labels", {}).values())
        key = (language, frozenset(prefixes), wanted, bool(checks))
        if key not in self._script_cache:  # pages with the same kinds of self-check carry the same strings
            self._script_cache[key] = self._script_strings(*key)
        return self._script_cache[key]

    def _script_strings(self, language: str, prefixes: frozenset[str], wanted: frozenset[str], checks: bool
                        ) -> dict[str, str]:
        strings = self.strings(language)
        starts = (*self.SCRIPT_STRINGS, *prefixes)
        common = {key for key in strings.keys() if key.startswith("selfcheck.") and key.count(".") == 1}
        return {key: strings(key) for key in sorted(strings.keys())
                if key.startswith(starts) or key in wanted or (checks and key in common)}

    # -- the index ------------------------------------------------------------------

    def language_name(self, language: str, strings: Strings) -> str:
        """A language's name in the page's language: its interface string in that language when there is
        one, else the name the site gives it (mkdocs-static-i18n's `name:`), else English's string, else
        its code; never a raw key."""
        key = f"language.{language}"
        return (strings.get(key, fallback=False) or self.language_names.get(language) or strings.get(key)
                or language)

    def available_in(self, quiz: Quiz, strings: Strings) -> str:
        """How an index says which languages a quiz missing from its own exists in, in the page's language
        ("English only", "英語、韓国語で提供": names and the list's separator are strings of the language)."""
        names = [self.language_name(lang, strings) for lang in quiz.languages]
        if len(names) == 1:
            return strings("only_in", language=names[0])
        return strings("available_in", languages=strings("list.separator").join(names))

    # -- learning pages --------------------------------------------------------------

    _INLINE_LINK = re.compile(r"(?<!!)\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"\n]*\")?\s*\)")

    def learning_page(self, markdown: str, page: str, language: str, quiz_languages: dict[str, tuple[str, ...]]
                      ) -> str:
        """A learning page's Markdown (`page`: its path in its language's tree) with each link to a quiz that has
        no page in `language` pointing at its page in a language it has, marked as the index marks it
        ("[Take the quiz](...) *(English only)*"), as "Next Quiz" does; `quiz_languages`: quiz id -> languages.
        A link to a quiz page MkDocs cannot find would fail `mkdocs build --strict`."""
        if "quizzes/" not in markdown:
            return markdown
        strings = self.strings(language)
        edits = []
        for found in self._INLINE_LINK.finditer(strip_code(markdown)):
            link = found.group(1)
            path, anchor = (link.split("#", 1) + [""])[:2]
            quiz_id = layout.quiz_id_from_page(layout.resolve_link(page, path) or "")
            languages = quiz_languages.get(quiz_id or "")
            if not languages or language in languages or "://" in link:
                continue
            target = Quiz(id=quiz_id, languages=languages)
            edits.append((found.start(1), found.end(1), self.quiz_link(page, language, target)
                          + (f"#{anchor}" if anchor else "")))
            edits.append((found.end(), found.end(), f" *({self.available_in(target, strings)})*"))
        for start, end, text in reversed(edits):
            markdown = markdown[:start] + text + markdown[end:]
        return markdown

    def index_page(self, language: str) -> str:
        """The quiz index of `language`, grouped by the folders of the quiz ids."""
        return self._guarded(lambda: self._index_page(language))

    def _index_page(self, language: str) -> str:
        rows = [self._index_row(quiz_id, language) for quiz_id in sorted(self.quizzes)]
        known = self._indexes.get(language)
        if known is not None and known[0] == rows:
            return known[1]  # the same entries, in the same order, as the page made last
        groups: dict[str, list[dict]] = defaultdict(list)
        for row in rows:
            groups[posixpath.dirname(row["id"])].append(row)
        strings = self.strings(language)
        index_url = layout.page_url(layout.INDEX_MARKDOWN, language, self.source_language, self.directory_urls)
        page = self.env.get_template("index.md.j2").render(
            language=language, t=strings, groups=sorted(groups.items()),
            site_root=layout.relative_url(index_url, ""),
            ui={key: strings(key) for key in sorted(strings.keys()) if key.startswith(self.INDEX_STRINGS)},
        )
        self._indexes[language] = (rows, page)
        return page

    def _index_row(self, quiz_id: str, language: str) -> dict:
        """A quiz's entry in the index of `language`."""
        quiz = self.quizzes[quiz_id]
        known = self._index_rows.get((language, quiz_id))
        if known is not None and known[0] is quiz:
            return known[1]
        strings = self.strings(language)
        available = language in quiz.languages
        shown_in = language if available else (quiz.languages[0] if quiz.languages else self.source_language)
        questions = quiz.questions_in(shown_in)
        count = len(questions)
        title = self.text(quiz.title, shown_in)
        context = _Context(self, shown_in)
        row = {
            "id": quiz_id,
            "total": count,
            # the questions its page checks itself, out of which the index gives the reader's score
            "checkable": sum(1 for q in questions if self.kinds.of(q).self_check(q, context)),
            "title": title if available or not title else f'<span lang="{shown_in}">{title}</span>',
            "link": self.quiz_link(layout.INDEX_MARKDOWN, language, quiz),
            "count": strings("index.question") if count == 1 else strings("index.questions", count=count),
            "only_in": None if available else self.available_in(quiz, strings),
            "language": shown_in,
        }
        self._index_rows[(language, quiz_id)] = (quiz, row)
        return row

    # -- a broken quiz, under `mkdocs serve` ------------------------------------------

    def error_page(self, quiz_id: str, path: str, problems: list[Problem], language: str,
                   relative_to: str | None = None) -> str:
        """A page that shows a broken quiz's problems where its page would be."""
        return self._guarded(lambda: self.env.get_template("errors.md.j2").render(
            quiz_id=quiz_id, language=language, t=self.strings(language),
            # a file name or a quoted key could close the code span or fence and smuggle in HTML
            path=(display_path(path, relative_to) if relative_to else path).replace("`", "'"),
            problems=[" ".join(p.render(relative_to).splitlines()) for p in problems],
        ))
