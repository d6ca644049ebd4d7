"""Translation entries <-> gettext PO files, written and read with polib; read only after a strict check.

Each entry: `msgctxt` the context (quiz, question, field), `msgid` the source text, `msgstr` the
translation (empty when missing), `#:` the quiz file and line, `#.` the comment for the translator,
`#, fuzzy` and `#| msgid` (the old source text) for a translation whose source text changed since it
was accepted. The header names the quiz, the languages and quizpages.
"""

from __future__ import annotations

import polib

from .entries import FUZZY, Entry
from .files import ReadEntry, TranslationFile, TranslationFileError
from .po_strict import check_po

WRAP = 79  # polib's and gettext's line width; long texts continue on "..." lines


def write_po(entries: list[Entry], quiz_id: str, quiz_file: str, source_language: str, language: str,
             names: tuple[str, str], revised: str = "1970-01-01 00:00+0000") -> str:
    """The PO file of one quiz's entries in `language`; `names`: the source and target languages' names;
    `revised`: when the quiz file was last changed (the header's PO-Revision-Date, which msgfmt --check
    asks for; translation editors set it when they save)."""
    po = polib.POFile(wrapwidth=WRAP, check_for_duplicates=True)
    po.header = (f"Quiz {quiz_id} ({quiz_file}): {names[0]} -> {names[1]}.\n"
                 "Made by `quizpages translate export`; translate each msgstr (keep #, fuzzy on a text you have not\n"
                 "reviewed), then bring it back with `quizpages translate import FILE`.")
    po.metadata = {
        "Project-Id-Version": quiz_id,
        "PO-Revision-Date": revised,
        "Last-Translator": "",
        "Language-Team": "",
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": "quizpages translate export",
        "X-Quizpages-Quiz": quiz_id,
        "X-Quizpages-Source-Language": source_language,
    }
    for entry in entries:
        po.append(polib.POEntry(
            msgctxt=entry.context, msgid=entry.source, msgstr=entry.translation,
            occurrences=[(entry.reference[0], str(entry.reference[1]))], comment=entry.comment,
            flags=["fuzzy"] if entry.state == FUZZY else [],
            previous_msgid=entry.previous))
    return str(po)


class _LineFeedLines(str):
    """A PO file's text that polib splits into lines as gettext (and check_po) do: at line feeds only.
    polib splits text it is given with str.splitlines, which also breaks at U+2028, U+0085, U+001E ...: a
    translation holding one would read as two broken lines."""

    def splitlines(self, keepends: bool = False) -> list[str]:
        lines = [line.removesuffix("\r") for line in self.split("\n")]
        return lines[:-1] if lines and lines[-1] == "" else lines


def read_po(path: str, data: bytes) -> TranslationFile:
    """The entries of a PO file, checked strictly first; raises TranslationFileError naming the line."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise TranslationFileError(path, line, f"invalid UTF-8 byte 0x{data[exc.start:exc.start + 1].hex()}",
                                   "Save the file with UTF-8 encoding") from None
    lexed, problems = check_po(text)
    if problems:
        first = problems[0]
        raise TranslationFileError(path, first.line, first.message, first.hint,
                                   [(p.line, p.message, p.hint) for p in problems])
    try:
        po = polib.pofile(_LineFeedLines(text))
    except (OSError, ValueError) as exc:  # pragma: no cover - the strict check refuses what polib would
        raise TranslationFileError(path, 1, f"polib could not read the file: {exc}", "Check the file's syntax") \
            from None
    messages = [e for e in lexed if e.msgid]
    read = [e for e in po if not e.obsolete]
    if len(read) != len(messages):  # pragma: no cover - a polib that reads differently from gettext
        raise TranslationFileError(path, 1, f"polib read {len(read)} entries where the file has {len(messages)}",
                                   "Check the file with msgfmt --check")
    entries = []
    for written, entry in zip(messages, read):
        if entry.msgid_plural:  # before comparing: polib keeps msgstr[N] apart from msgstr
            raise TranslationFileError(path, written.line, "an entry with plural forms (msgid_plural)",
                                       "Quiz texts have no plural forms; remove msgid_plural and write the "
                                       "translation as one msgstr")
        same = (written.msgctxt, written.msgid, written.msgstr.get(0, ""), written.fuzzy) == \
            (entry.msgctxt, entry.msgid, entry.msgstr, entry.fuzzy)
        if not same:  # pragma: no cover - as above
            raise TranslationFileError(path, written.line, "polib read this entry differently from how it is written",
                                       "Check the entry's quotes and escapes")
        entries.append(ReadEntry(entry.msgctxt or "", entry.msgid, entry.msgstr, entry.fuzzy, written.line))
    return TranslationFile(path, po.metadata.get("Language", "").strip(), entries)
