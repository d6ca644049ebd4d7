"""``quizpages render --out DIR``: every quiz page in every language as plain Markdown files.

The way out of MkDocs: the pages come from the same core Renderer the plugin
uses (never MkDocs), with ``<details>`` blocks and front matter, laid out like
the site (the source language at the root, others under ``<lang>/``), so any
Markdown site generator with HTML-in-Markdown support can build them.
"""

from __future__ import annotations

import argparse
import os
import sys

import yaml

from ..model import layout
from ..model.problems import sort_key
from ..render import Renderer
from ..site import QuizSite
from ..util.atomic_write import write_atomic
from ..util.paths import is_inside


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("render", parents=parents,
                            help="write every quiz page as plain Markdown (no MkDocs needed)")
    parser.add_argument("--out", required=True, help="the folder to write into")
    parser.add_argument("--force", action="store_true", help="replace files that already exist in --out")
    return parser


def front_matter(data: dict) -> str:
    return "---\n" + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000) + "---\n\n"


def pages(renderer: Renderer, quizzes: dict, languages: tuple[str, ...]) -> dict[str, str]:
    """Output path (relative, with /) -> file text, for every quiz page and index of every language."""
    out: dict[str, str] = {}
    for language in languages:
        for quiz_id, quiz in sorted(quizzes.items()):
            if language not in quiz.languages:
                continue
            meta = {"title": renderer.text(quiz.title, language), "lang": language, "quiz": quiz_id,
                    "languages": list(quiz.languages)}
            path = layout.output_path(layout.markdown_path(quiz_id), language, languages[0])
            out[path] = front_matter(meta) + renderer.quiz_page(quiz, language)
        index_meta = {"title": renderer.strings(language)("index.title"), "lang": language}
        out[layout.output_path(layout.INDEX_MARKDOWN, language, languages[0])] = (
            front_matter(index_meta) + renderer.index_page(language))
    return out


def run(args: argparse.Namespace, site: QuizSite) -> int:
    docs = site.settings.docs_dir
    if is_inside(args.out, docs):
        print(f"{os.path.relpath(args.out)}: error: the output folder is inside the docs folder "
              f"{os.path.relpath(docs)}, whose build makes these pages itself and would find them twice "
              "(Choose a folder outside it, e.g. --out plain/docs)", file=sys.stderr)
        return 1
    catalog = site.load()
    renderer = site.renderer(catalog, markdown_links=True)
    output = pages(renderer, catalog.quizzes, site.languages)
    problems = sorted(catalog.problems + site.site_problems(renderer), key=sort_key)
    cwd = os.getcwd()
    for problem in problems:
        print(problem.render(cwd))
    if any(p.is_error for p in problems):
        print("quizpages render: nothing written; fix the errors above first", file=sys.stderr)
        return 1
    targets = {rel: os.path.join(args.out, *rel.split("/")) for rel in output}
    existing = [t for t in targets.values() if os.path.exists(t)]
    if existing and not args.force:
        for path in existing:
            print(f"{os.path.relpath(path)}: error: the file exists and was left unchanged "
                  "(Pass --force to replace it, or choose an empty --out folder)", file=sys.stderr)
        return 1
    for rel, text in output.items():
        write_atomic(targets[rel], text, overwrite=args.force)
    print(f"wrote {len(output)} page{'s' if len(output) != 1 else ''} to {os.path.relpath(args.out)}",
          file=sys.stderr)
    return 0
