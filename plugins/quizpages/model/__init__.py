"""The content model: quizzes, questions and texts, with where each was written. No YAML, Markdown or MkDocs."""

from .fields import declared
from .problems import Problem, QuizError, error, warning
from .quiz import NextQuiz, Question, Quiz, QuizTest, TextSlot
from .text import Source, Text

__all__ = ["NextQuiz", "Problem", "Question", "Quiz", "QuizError", "QuizTest", "Source", "Text", "TextSlot",
           "declared", "error", "warning"]
