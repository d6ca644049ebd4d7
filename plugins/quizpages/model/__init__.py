"""The content model: quizzes, questions and texts, with where each was written. No YAML, Markdown or MkDocs."""

from .fields import declared
from .problems import Problem, QuizError, error, warning
from .quiz import NextQuiz, Question, Quiz, TextSlot
from .text import Source, Text

__all__ = ["NextQuiz", "Problem", "Question", "Quiz", "QuizError", "Source", "Text", "TextSlot", "declared",
           "error", "warning"]
