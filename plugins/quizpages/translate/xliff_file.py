"""Translation entries <-> XLIFF 1.2 files, written and read with translate-toolkit.

translate-toolkit writes XLIFF 1.1 by default; the two classes below give it the 1.2 namespace. Each
entry is a `<trans-unit>` whose `id` (and `resname`) is the entry's context, with `<source>`,
`<target>` (its `state` `needs-translation` when missing or when the source text changed since the
translation was accepted, else `translated` with the unit `approved="yes"`), a developer `<note>` for the
translator, the quiz file and line as a location, and the old source text as an `<alt-trans>`.

The states are the ones translators' tools act on: Weblate shows `needs-translation` as "Needs editing"
(not `needs-review-translation`), and translate-toolkit counts a unit without `approved="yes"` as fuzzy,
as translate-toolkit's own `markfuzzy()` writes them. On import, any target not in a needs-* state counts as
done, approved or not, since tools that save only what they must (Weblate) leave `approved` out.
"""

from __future__ import annotations

from typing import Any

from lxml import etree
from translate.storage import xliff

from .entries import FUZZY, MISSING, Entry
from .files import ReadEntry, TranslationFile, TranslationFileError

NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2"
_STATES = {MISSING: "needs-translation", FUZZY: "needs-translation"}
_NOT_DONE = {"new", "needs-translation", "needs-adaptation", "needs-l10n", "needs-review-translation",
             "needs-review-adaptation", "needs-review-l10n"}


class _Unit(xliff.xliffunit):
    namespace = NAMESPACE


class _File(xliff.xlifffile):
    UnitClass = _Unit
    namespace = NAMESPACE
    XMLskeleton = f"""<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="{NAMESPACE}">
<file original="NoName" source-language="en" datatype="plaintext">
<body>
</body>
</file>
</xliff>"""


def write_xliff(entries: list[Entry], quiz_id: str, quiz_file: str, source_language: str, language: str,
                names: tuple[str, str], revised: str = "") -> bytes:
    """The XLIFF 1.2 file of one quiz's entries in `language` (`revised`: for PO files' header; XLIFF has
    no field of it)."""
    store = _File(sourcelanguage=source_language)
    store.settargetlanguage(language)
    root = store.document.getroot()
    root.insert(0, etree.Comment(
        f" XLIFF 1.2. Quiz {quiz_id} ({quiz_file}): {names[0]} -> {names[1]}. Made by `quizpages translate "
        "export`; translate each target and set its state to \"translated\" (a target still in a needs-* state is "
        "not imported), then bring the file back with `quizpages translate import FILE`. "))
    file_node = next(root.iterchildren(f"{{{NAMESPACE}}}file"))
    file_node.set("original", quiz_file)
    file_node.set("tool-id", "quizpages")
    header = etree.Element(f"{{{NAMESPACE}}}header")
    etree.SubElement(header, f"{{{NAMESPACE}}}tool", {"tool-id": "quizpages", "tool-name": "quizpages"})
    note = etree.SubElement(header, f"{{{NAMESPACE}}}note")
    note.text = f"quiz: {quiz_id}"
    file_node.insert(0, header)
    for entry in entries:
        unit = store.addsourceunit(entry.source, filename=quiz_file)
        unit.setid(entry.context)
        unit.xmlelement.set("resname", entry.context)
        unit.settarget(entry.translation)
        unit.addnote(entry.comment, origin="developer")
        unit.addlocation(f"{entry.reference[0]}:{entry.reference[1]}")
        if entry.previous is not None:
            unit.addalttrans("", origin="previous-source", sourcetxt=entry.previous)
        target = unit.xmlelement.find(f"{{{NAMESPACE}}}target")
        if target is None:
            target = etree.SubElement(unit.xmlelement, f"{{{NAMESPACE}}}target")
            unit.xmlelement.insert(1, target)
        target.set("state", _STATES.get(entry.state, "translated"))
        if entry.state in _STATES:
            unit.xmlelement.attrib.pop("approved", None)
        else:
            unit.xmlelement.set("approved", "yes")
    return bytes(store)


def read_xliff(path: str, data: bytes) -> TranslationFile:
    """The entries of an XLIFF 1.2 file; raises TranslationFileError naming the line."""
    try:
        store = _File.parsestring(data)
    except etree.XMLSyntaxError as exc:
        raise TranslationFileError(path, exc.lineno or 1, f"the XLIFF file is not well-formed XML: {exc.msg}",
                                   "Check the tags and the escapes (&amp; &lt;) on this line") from None
    except ValueError as exc:
        raise TranslationFileError(path, 1, str(exc), "Export the file again as XLIFF 1.2") from None
    except StopIteration:  # translate-toolkit's reader looks for the first <file> and finds none
        raise TranslationFileError(path, 1, "not an XLIFF 1.2 file: it holds no XLIFF <file> element",
                                   "Import the .xlf file quizpages exported, or a .po file") from None
    root = store.document.getroot()
    if store.document.docinfo.doctype or store.document.docinfo.internalDTD is not None:
        at = data.find(b"<!DOCTYPE")
        line = data.count(b"\n", 0, at) + 1 if at >= 0 else 1
        raise TranslationFileError(path, line, "the XLIFF file declares a DOCTYPE (entities), which XLIFF files need not",
                                   "Remove the <!DOCTYPE ...> declaration; quizpages never expands entities")
    if root.get("version") not in ("1.2", "1.1") or etree.QName(root).localname != "xliff":
        raise TranslationFileError(path, root.sourceline or 1, "not an XLIFF 1.2 file",
                                   "Import the .xlf file quizpages exported, or a .po file")
    files = list(root.iterchildren(f"{{{store.namespace}}}file"))
    languages = {f.get("target-language", "") for f in files}
    if len(languages) > 1:
        raise TranslationFileError(path, files[1].sourceline or 1, "the file holds more than one target language",
                                   "Import one language per file")
    entries, problems = [], []
    for unit in store.getunits():
        element = unit.xmlelement
        target = element.find(f"{{{store.namespace}}}target")
        state = target.get("state", "translated") if target is not None else "new"
        context = element.get("id") or ""
        if not context:
            raise TranslationFileError(path, element.sourceline or 1, "a trans-unit without an id",
                                       "Keep the id the export wrote: it names the quiz text")
        source = element.find(f"{{{store.namespace}}}source")
        texts = [_plain_text(node, context, problems) for node in (source, target)]
        entries.append(ReadEntry(context, texts[0], texts[1], state in _NOT_DONE, element.sourceline or 1))
    if problems:
        first = problems[0]
        raise TranslationFileError(path, first[0], first[1], first[2], problems)
    return TranslationFile(path, languages.pop() if languages else "", entries)


_TEXT_ONLY = {"g", "mrk"}
"""Inline elements that only group or mark text (a CAT tool's segments): their text is the translation's."""


def _plain_text(node: Any, context: str, problems: list[tuple[int, str, str]]) -> str:
    """A <source>'s or <target>'s text exactly as written, every space and line break kept whatever the file's
    xml:space says (translate-toolkit's reading folds them, which breaks Markdown's code blocks and lists).
    An inline element that stands for something else (<x/>, <ph>, <bpt> ...) is a problem: quizpages exports
    plain text, so a tool added it, and what it stands for would be lost."""
    if node is None:
        return ""
    parts = [node.text or ""]
    for child in node:
        if not isinstance(child.tag, str):  # a comment or processing instruction: not text
            parts.append(child.tail or "")
            continue
        name = etree.QName(child).localname
        if name in _TEXT_ONLY:
            parts.append(_plain_text(child, context, problems))
        else:
            problems.append((child.sourceline or node.sourceline or 1,
                             f"the {etree.QName(node).localname} of '{context}' holds the inline element <{name}>, "
                             "which stands for content quizpages cannot write into a quiz text",
                             f"Write the text out in place of the <{name}> tag: quizpages exports plain text, with "
                             "any Markdown as written"))
        parts.append(child.tail or "")
    return "".join(parts)
