"""The ``quizpages`` command line: `main` and one module per subcommand. Never imports MkDocs."""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
