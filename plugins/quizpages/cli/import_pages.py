"""``quizpages import SOURCE... --out DIR``: bring the source site's quiz pages in as quiz files.

Pages are paired by their path under each language folder (``en/quizzes/x/y.md``
and ``ko/quizzes/x/y.md`` -> ``DIR/x/y.yml``). The parsing lives in importer.py;
this module finds the pages, writes the files and prints the report.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

from ..load import dump_quiz, importer
from ..model.layout import quiz_id_from_page
from ..model.problems import display_path
from ..settings import find_config
from ..site import QuizSite
from ..util.atomic_write import write_atomic

SCHEMA = os.path.join("schema", "quiz.schema.json")


def add_parser(sub, parents) -> argparse.ArgumentParser:
    parser = sub.add_parser("import", parents=parents, help="turn the source site's Markdown quiz pages (all languages) into quiz files")
    parser.add_argument("sources", nargs="+", metavar="SOURCE", help="pages or folders (such as old-site/)")
    parser.add_argument("--out", required=True, help="the folder to write quiz files to, e.g. content/quizzes")
    parser.add_argument("--languages", default="en,ko",
                        help="language folder names, the source language first (default: en,ko)")
    parser.add_argument("--force", action="store_true", help="overwrite quiz files that already exist")
    return parser


def _split(path: str, languages: tuple[str, ...]) -> tuple[str, str, str] | None:
    """(root, language, key) for a page at root/<language>/key, by its last language folder."""
    parts = os.path.abspath(path).split(os.sep)
    for n in range(len(parts) - 2, -1, -1):
        if parts[n] in languages:
            return os.sep.join(parts[:n]) or os.sep, parts[n], "/".join(parts[n + 1:])
    return None


def find_pages(sources: list[str], languages: tuple[str, ...]) -> tuple[dict, list[str]]:
    """{(root, key): {language: path}} for every page named or found under a folder, and sources not found."""
    files, missing = [], []
    for source in sources:
        if os.path.isdir(source):
            for folder, dirs, names in os.walk(source):
                dirs.sort()
                files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".md")]
        elif os.path.isfile(source):
            files.append(source)
        else:
            missing.append(source)
    groups: dict[tuple[str, str], dict[str, str]] = {}
    for path in files:
        split = _split(path, languages)
        if split is None:  # no language folder: the page is in the source language
            root, language, key = os.path.dirname(os.path.abspath(path)), languages[0], os.path.basename(path)
        else:
            root, language, key = split
        group = groups.setdefault((root, key), {})
        group[language] = path
        for other in languages:  # a page named alone still brings its translations
            twin = os.path.join(root, other, *key.split("/"))
            if other not in group and split is not None and os.path.isfile(twin):
                group[other] = os.path.relpath(twin) if not os.path.isabs(path) else twin
    return groups, missing


def quiz_id(key: str) -> str:
    """``quizzes/x/y-quiz.md`` -> ``x/y-quiz``: the page's quiz id, or its path without .md elsewhere."""
    return quiz_id_from_page(key) or (key[:-3] if key.endswith(".md") else key)


def schema_url(out_file: str) -> str | None:
    """The schema's path relative to `out_file`, at <site root>/schema/ beside mkdocs.yml."""
    config = find_config(os.path.dirname(os.path.abspath(out_file)))
    if config is None:
        return None
    schema = os.path.join(os.path.dirname(config), SCHEMA)
    return os.path.relpath(schema, os.path.dirname(os.path.abspath(out_file))).replace(os.sep, "/")


def run(args: argparse.Namespace, site: QuizSite) -> int:
    languages = tuple(x.strip() for x in args.languages.split(",") if x.strip())
    groups, missing = find_pages(args.sources, languages)
    cwd = os.getcwd()
    failed = bool(missing)
    for source in missing:
        print(f"{source}: error: no such file or folder (Pass pages or folders of the source site)")
    pages_read = quizzes = warnings = 0
    kinds: Counter = Counter()
    for (_root, key), paths in sorted(groups.items(), key=lambda item: item[0][1]):
        pages = {}
        for language in languages:
            if language not in paths:
                continue
            with open(paths[language], encoding="utf-8-sig") as f:
                text = f.read()
            pages_read += 1
            page = importer.parse_page(paths[language], text, language)
            if page is None:
                print(f"{display_path(paths[language], cwd)}: note: no quiz on this page; skipped")
            else:
                pages[language] = page
        if not pages:
            continue
        result = importer.merge_pages(quiz_id(key), pages, languages)
        out_file = os.path.join(args.out, *quiz_id(key).split("/")) + ".yml"
        for problem in result.problems:
            print(problem.render(cwd))
        warnings += len(result.problems)
        try:
            write_atomic(out_file, dump_quiz(result.quiz, schema_url(out_file)), overwrite=args.force)
        except FileExistsError:
            print(f"{display_path(out_file, cwd)}: error: already exists; left unchanged "
                  "(Pass --force to overwrite it, or choose another --out folder)")
            failed = True
            continue
        quizzes += 1
        kinds.update(q.kind for q in result.quiz.questions)
        print(f"wrote {display_path(out_file, cwd)}")
    sys.stdout.flush()
    per_kind = ", ".join(f"{kinds[k]} {k}" for k in site.kinds.names() if kinds[k]) or "none"
    print(f"{pages_read} page{'s' if pages_read != 1 else ''} read, {quizzes} quiz{'zes' if quizzes != 1 else ''} "
          f"written, {sum(kinds.values())} questions ({per_kind}), "
          f"{warnings} warning{'s' if warnings != 1 else ''}", file=sys.stderr)
    return 1 if failed else 0
