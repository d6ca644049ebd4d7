"""``quizpages schema``: write (or check) the JSON Schema of quiz files, generated from the declarations."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..load import json_schema
from ..site import QuizSite
from ..util.atomic_write import write_atomic

SCHEMA_FILE = os.path.join("schema", "quiz.schema.json")


def schema_text(site: QuizSite) -> str:
    """The schema file's exact text: stable key order, so a drift shows as a diff."""
    return json.dumps(json_schema(site.kinds), indent=2, ensure_ascii=False) + "\n"


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("schema", parents=parents, help="write schema/quiz.schema.json (editor autocompletion)")
    parser.add_argument("--out", help=f"the file to write (default: {SCHEMA_FILE} beside mkdocs.yml)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit with 1 when the file differs from the generated schema")
    return parser


def needs_site(args: argparse.Namespace) -> bool:
    return args.out is None  # the default file is beside mkdocs.yml


def run(args: argparse.Namespace, site: QuizSite) -> int:
    out = args.out or os.path.join(site.settings.root, SCHEMA_FILE)
    text = schema_text(site)
    current = None
    if os.path.exists(out):
        with open(out, encoding="utf-8") as f:
            current = f.read()
    if args.check:
        if current != text:
            print(f"{os.path.relpath(out)}: error: the schema is out of date "
                  "(Run `quizpages schema` and commit the file)", file=sys.stderr)
            return 1
        return 0
    if current == text:
        return 0
    write_atomic(out, text, overwrite=True)  # a generated file: replacing it is what was asked
    print(f"wrote {os.path.relpath(out)}", file=sys.stderr)
    return 0
