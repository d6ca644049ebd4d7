"""One search index per language, so a reader searching on a Korean page finds Korean pages.

mkdocs-static-i18n builds each language on its own, then puts every language's pages into the one
index Material writes at ``search/search_index.json``. After the last language's build this module
splits that index: the source language's pages stay there, every other language's go to
``<lang>/search/search_index.json`` with locations relative to that language's root; and each
page of such a language tells Material's script (the ``base`` of its ``__config``) to search there.
"""

from __future__ import annotations

import json
import os
import posixpath
import re

from ..util.atomic_write import write_atomic

_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)
_BASE = re.compile(r'"base":\s*("(?:[^"\\]|\\.)*")')


def split_index(site_dir: str, languages: tuple[str, ...]) -> None:
    """Move each non-source language's entries out of the site's index into its own (see module doc)."""
    path = os.path.join(site_dir, "search", "search_index.json")
    try:
        with open(path, encoding="utf-8") as f:
            index = json.load(f)
    except (OSError, ValueError):  # no search plugin, or no index yet: nothing to split
        return
    docs = index.get("docs", [])
    own = {lang: [] for lang in languages[1:]}
    source = []
    for doc in docs:
        prefix = doc.get("location", "").split("/", 1)[0]
        if prefix in own:
            own[prefix].append({**doc, "location": doc["location"][len(prefix) + 1:]})
        else:
            source.append(doc)
    for lang, entries in own.items():
        _write(os.path.join(site_dir, lang, "search", "search_index.json"), {**index, "docs": entries})
    _write(path, {**index, "docs": source})


def _write(path: str, index: dict) -> None:
    # generated output, rebuilt by every build: no need to wait for the disk
    write_atomic(path, json.dumps(index, ensure_ascii=False, separators=(",", ":")), overwrite=True, durable=False)


def search_in_language(output: str, language: str) -> str:
    """A page's HTML with Material's script told to search `language`'s own index (see module doc)."""
    found = _CONFIG.search(output)
    base = _BASE.search(output, found.start(2), found.end(2)) if found else None
    if base is None:
        return output
    # a folder: Material resolves the index and its results against it
    value = json.dumps(posixpath.join(json.loads(base.group(1)) or ".", language) + "/")
    return output[: base.start(1)] + value + output[base.end(1):]
