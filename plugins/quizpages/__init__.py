"""quizpages: bilingual quiz pages from YAML files.

The public API is the core, usable without MkDocs: read a site's settings, build
its `QuizSite`, and ask it for quizzes, pages and strings; or load one file with
`load_quiz`. Question kinds live in `KINDS`; register a `Kind` to add one. The
MkDocs plugin, `quizpages.plugin:QuizPagesPlugin`, is loaded by MkDocs through
its entry point.
"""

from importlib.metadata import PackageNotFoundError, version

from .check import load_quiz
from .kinds import KINDS, ImportMapping, Kind, Registry
from .load import dump_quiz, json_schema
from .model import NextQuiz, Problem, Question, Quiz, QuizError, Source, Text
from .render import Renderer, Strings
from .settings import SettingsError, SiteSettings, read_settings
from .site import QuizSite
from .site.library import Catalog, QuizLibrary

try:
    __version__ = version("quizpages")
except PackageNotFoundError:  # pragma: no cover - running from a checkout that was never installed
    __version__ = "0+unknown"

__all__ = [
    "KINDS",
    "Catalog",
    "ImportMapping",
    "Kind",
    "NextQuiz",
    "Problem",
    "Question",
    "Quiz",
    "QuizError",
    "QuizLibrary",
    "QuizSite",
    "Registry",
    "Renderer",
    "SettingsError",
    "SiteSettings",
    "Source",
    "Strings",
    "Text",
    "__version__",
    "dump_quiz",
    "json_schema",
    "load_quiz",
    "read_settings",
]
