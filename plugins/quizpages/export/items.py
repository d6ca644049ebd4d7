"""A quiz in one language as the formats see it: its questions in page order, each with its interaction.

The kinds say what each question asks (`Kind.export`, see kinds.assessment); this
module adds what every question has (title, prompt, hint, explanation), in the
export's language, as Markdown. A question whose kind declares no export is left
out, and said so, like anything a format cannot hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..kinds import Registry, RenderContext
from ..kinds.assessment import Interaction, TextEntry
from ..model import Question, Quiz
from .links import Links, SiteAddress


@dataclass(frozen=True)
class ExportItem:
    question: Question
    label: str  # how messages name it: "question 2 (gang-scheduling)"
    prompt: str  # Markdown; a title of its own comes first, in bold
    interaction: Interaction
    hint: str | None = None
    explanation: str | None = None

    @property
    def name(self) -> str:
        """The name an LMS shows and a teacher searches for: the question's id."""
        return self.question.id


@dataclass
class ExportQuiz:
    quiz: Quiz
    language: str
    title: str  # Markdown
    items: list[ExportItem] = field(default_factory=list)
    left_out: list[tuple[Question, str, str]] = field(default_factory=list)  # (question, label, reason)
    relative_links: list[tuple[Question, str, str]] = field(default_factory=list)  # (question, label, link)


class _LinkedContext:
    """A kind's context whose texts have their links made absolute (see links.py)."""

    def __init__(self, ctx: RenderContext, links: Links):
        self._ctx = ctx
        self.links = links
        self.language = ctx.language
        self.raw, self.escape, self.indent = ctx.raw, ctx.escape, ctx.indent
        self.follows_label, self.after_label = ctx.follows_label, ctx.after_label

    def text(self, text):
        return self.links(self._ctx.text(text))


def export_quiz(quiz: Quiz, language: str, ctx: RenderContext, kinds: Registry, address: SiteAddress) -> ExportQuiz:
    """`quiz`'s questions in `language`, in the order its page shows them (grouped by kind), their links
    absolute URLs of the site at `address`."""
    ctx = _LinkedContext(ctx, Links(address, quiz.id, language))
    result = ExportQuiz(quiz, language, ctx.text(quiz.title) or quiz.id)
    questions = sorted(enumerate(quiz.questions_in(language)), key=lambda pair: (pair[1].number, pair[0]))
    for index, question in questions:
        label = question.label(index)
        ctx.links.unresolved.clear()
        kind = kinds.get(question.kind)
        if kind is None or kind.export is None:
            result.left_out.append((question, label, f"its kind '{question.kind}' declares no export"))
            continue
        interaction = kind.export(question, ctx)
        prompt = interaction.prompt if isinstance(interaction, TextEntry) else ctx.text(question.prompt) or ""
        title = ctx.text(question.title)
        if title:
            prompt = f"**{title}**\n\n{prompt}"
        result.items.append(ExportItem(question, label, prompt, interaction, ctx.text(question.hint),
                                       ctx.text(question.explanation)))
        for link in dict.fromkeys(ctx.links.unresolved):
            result.relative_links.append((question, label, link))
    return result
