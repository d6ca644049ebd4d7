"""The ``quizpages`` command. Never imports MkDocs, so it runs anywhere the core does.

Each subcommand lives in its own module in this package with two functions:
``add_parser(subparsers)`` and ``run(args, site) -> exit code``. `main` reads the
site's settings once, into the `QuizSite` every command works on, and turns a
bad mkdocs.yml into located messages and exit code 2, for every command alike.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__
from ..settings import SettingsError, read_settings
from ..site import QuizSite

# One line per subcommand; the module is quizpages.cli.<name>.
COMMANDS = ["validate", "import_pages", "schema", "new", "status", "render", "export", "translate"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="quizpages", description="Bilingual quiz pages from YAML files.")
    parser.add_argument("--version", action="version", version=f"quizpages {__version__}")
    config = argparse.ArgumentParser(add_help=False)  # -f works before or after the subcommand
    config.add_argument("-f", "--config", default=argparse.SUPPRESS,
                        help="the site's mkdocs.yml (default: the nearest one)")
    parser.add_argument("-f", "--config", default=None, help="the site's mkdocs.yml (default: the nearest one)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in COMMANDS:
        module = importlib.import_module(f"quizpages.cli.{name}")
        command = module.add_parser(sub, [config])
        command.set_defaults(run=module.run, module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings, warnings = read_settings(args.config)
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    module = args.module
    if settings.config_file is None and getattr(module, "needs_site", lambda _: True)(args):
        print("quizpages: error: no mkdocs.yml here or in a folder above (Run quizpages in the site's folder, "
              "or pass -f path/to/mkdocs.yml)", file=sys.stderr)
        return 2
    for warning in warnings:
        if not any(f": warning: {setting}:" in warning for setting in getattr(module, "IGNORED_WARNINGS", ())):
            print(warning, file=sys.stderr)
    try:
        return args.run(args, QuizSite(settings, use_cache=False))
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # a full disk, a read-only folder: say which file, never a traceback
        where = exc.filename or "quizpages"
        print(f"{where}: error: {exc.strerror or exc} (Make sure the folder exists and is writable, "
              "then run the command again; files already there were left as they were)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
