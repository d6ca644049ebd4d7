"""The ``quizpages`` command. Never imports MkDocs, so it runs anywhere the core does.

Each subcommand lives in its own module under ``commands/`` with two
functions: ``add_parser(subparsers)`` and ``run(args) -> exit code``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# One line per subcommand; the module is quizpages.commands.<name>.
COMMANDS = [
    "validate",
    "import_pages",
    "schema",
    "new",
    "status",
    "render",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quizpages", description="Bilingual quiz pages from YAML files.")
    parser.add_argument("-f", "--config", help="the site's mkdocs.yml (default: the nearest one)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"quizpages.commands.{name}")
        command = module.add_parser(sub)
        command.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # a full disk, a read-only folder: say which file, never a traceback
        where = exc.filename or "quizpages"
        print(f"{where}: error: {exc.strerror or exc} (Make sure the folder exists and is writable, "
              "then run the command again; files already there were left as they were)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
