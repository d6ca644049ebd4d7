"""quizpages: bilingual quiz pages from YAML files.

The public API is the core, usable without MkDocs. The MkDocs plugin lives in
`quizpages.plugin` and is loaded by MkDocs through its entry point.
"""

from .catalog import Catalog, QuizLibrary
from .loader import load_quiz
from .model import NextQuiz, Question, Quiz, Source, Text
from .problems import Problem, QuizError
from .render import Renderer

__all__ = [
    "Catalog",
    "NextQuiz",
    "Problem",
    "Question",
    "Quiz",
    "QuizError",
    "QuizLibrary",
    "Renderer",
    "Source",
    "Text",
    "load_quiz",
]
