"""One module per `quizpages` subcommand (see cli.py)."""
