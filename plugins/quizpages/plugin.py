"""The MkDocs entry point, ``quizpages.plugin:QuizPagesPlugin`` (see quizpages.mkdocs.plugin)."""

from .mkdocs.plugin import QuizPagesPlugin

__all__ = ["QuizPagesPlugin"]
