"""`quizpages translate`: quiz texts out to PO / XLIFF and back in, with nothing else in the quiz files touched."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from lxml import etree
from translate.storage import pypo
from translate.storage import xliff as ttk_xliff

from conftest import KUBEFLOW_QUIZ, ROOT, quizpages, shared_path
from quizpages.check import load_quiz
from quizpages.model import layout
from quizpages.translate.yaml_edit import Change, apply_changes

PRACTICE = Path("content/quizzes/ai-ml/kubeflow-trainer-practice.yml")
PO = Path("translations/export/ko/ai-ml/kubeflow-trainer.po")
XLF = Path("translations/export/ko/ai-ml/kubeflow-trainer.xlf")
XLIFF_NS = "{urn:oasis:names:tc:xliff:document:1.2}"


def _quiz_files(site: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted((site / "content" / "quizzes").rglob("*.yml"))}


def _loaded(site: Path, relative: Path, quiz_id: str):
    path = site / relative
    quiz, problems = load_quiz(str(path), quiz_id, ("en", "ko"), path.read_bytes())
    assert quiz is not None, problems
    return quiz


def _export(site: Path, *args: str) -> None:
    result = quizpages(site, "translate", "export", "--language", "ko", *args)
    assert result.returncode == 0, result.stdout + result.stderr


def _import(site: Path, *files: Path):
    return quizpages(site, "translate", "import", *map(str, files))


@pytest.mark.parametrize("fmt", ["po", "xliff"])
def test_an_unchanged_round_trip_leaves_every_quiz_file_byte_for_byte(site_copy, fmt):
    """Exporting every quiz and importing the files again writes nothing: each entry reads back as it was."""
    before = _quiz_files(site_copy)
    _export(site_copy, "--format", fmt)
    files = sorted((site_copy / "translations" / "export" / "ko").rglob("*.po" if fmt == "po" else "*.xlf"))
    assert len(files) == len(before)
    result = _import(site_copy, *files)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stdout
    assert "0 translations written" in result.stderr
    assert _quiz_files(site_copy) == before


@pytest.mark.parametrize("source", ["fixtures", "samples"])
def test_an_unchanged_round_trip_of_imported_quizzes_is_byte_for_byte(site_copy, source):
    """The importer's outputs of the fixtures and of the samples, exported to PO and to XLIFF and imported again:
    every quiz file stays byte for byte, and no entry is reported."""
    folder = ROOT / "tests" / "fixtures" / "import" if source == "fixtures" else shared_path("samples", "source-format")
    quizpages(site_copy, "import", str(folder), "--out", "content/quizzes")
    for path in (site_copy / "content" / "quizzes").rglob("*.yml"):  # the learning pages they link
        quiz_id = path.relative_to(site_copy / "content" / "quizzes").with_suffix("").as_posix()
        quiz, _problems = load_quiz(str(path), quiz_id, ("en", "ko"), path.read_bytes())
        if quiz is not None and quiz.learning_material:
            target = layout.resolve_link(layout.markdown_path(quiz_id), quiz.learning_material)
            for language in ("en", "ko"):
                page = site_copy / "content" / language / target
                page.parent.mkdir(parents=True, exist_ok=True)
                page.write_text("# Learning page\n", encoding="utf-8")
    before = _quiz_files(site_copy)
    assert len(before) > 2  # the bundled quizzes and the imported ones
    _export(site_copy)
    _export(site_copy, "--format", "xliff")
    files = sorted((site_copy / "translations" / "export" / "ko").rglob("*.*"))
    assert len(files) == 2 * len(before)
    result = _import(site_copy, *files)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "" and "0 translations written" in result.stderr
    assert _quiz_files(site_copy) == before


def _imported_site(site: Path, source: Path, folder: str) -> list[Path]:
    result = quizpages(site, "import", str(source), "--out", f"content/quizzes/{folder}")
    assert (site / "content" / "quizzes" / folder).is_dir(), result.stdout + result.stderr
    return sorted((site / "content" / "quizzes" / folder).rglob("*.yml"))


@pytest.mark.parametrize("source", ["fixtures", "samples"])
def test_every_translation_rewritten_as_itself_is_byte_identical(site_copy, source):
    """The importer's outputs of the fixtures and the samples: writing every text again, in every language, in
    its own style, gives each file back byte for byte (quotes, blocks, folding and wrapping included)."""
    folder = ROOT / "tests" / "fixtures" / "import" if source == "fixtures" else shared_path("samples", "source-format")
    files = _imported_site(site_copy, folder, source)
    assert files
    for path in files:
        data = path.read_bytes()
        quiz, problems = load_quiz(str(path), "x", ("en", "ko"), data)
        assert quiz is not None, problems
        changes = [Change(slot.text, language, value) for slot in quiz.texts()
                   for language, value in slot.text.by_language.items()]
        assert changes
        assert apply_changes(data, changes, ("en", "ko")) == data, path


def test_every_bundled_text_rewritten_as_itself_reads_back_the_same(site_copy):
    """Each bundled quiz, every text written again: every text reads back exactly, and the Korean ones keep their
    bytes."""
    for path in (site_copy / "content" / "quizzes").rglob("*.yml"):
        data = path.read_bytes()
        quiz, problems = load_quiz(str(path), "x", ("en", "ko"), data)
        changes = [Change(slot.text, language, value) for slot in quiz.texts()
                   for language, value in slot.text.by_language.items()]
        again, _ = load_quiz(str(path), "x", ("en", "ko"), apply_changes(data, changes, ("en", "ko")))
        assert [s.text for s in again.texts()] == [s.text for s in quiz.texts()]
        korean = [c for c in changes if c.language == "ko"]
        assert apply_changes(data, korean, ("en", "ko")) == data, path


def test_every_exported_file_reads_back_with_polib_and_translate_toolkit(site_copy):
    """The PO and XLIFF files hold one entry per text written per language, as the quiz has it, whichever
    library reads them; contexts are unique, `#:` names the text's line, and options say right or wrong."""
    _export(site_copy)
    _export(site_copy, "--format", "xliff")
    quiz = _loaded(site_copy, KUBEFLOW_QUIZ, "ai-ml/kubeflow-trainer")
    expected = [(slot, slot.text.by_language["en"], slot.text.by_language.get("ko", "")) for slot in quiz.texts()
                if "en" in slot.text.by_language]
    contexts = [f"ai-ml/kubeflow-trainer:{slot.unit}:{slot.name}" for slot, _en, _ko in expected]
    assert len(set(contexts)) == len(contexts)
    from_polib = [(e.msgctxt, e.msgid, e.msgstr) for e in polib.pofile(str(site_copy / PO))]
    from_ttk = [(u.getcontext(), u.source, u.target) for u in pypo.pofile((site_copy / PO).read_bytes()).units
                if not u.isheader()]
    store = ttk_xliff.xlifffile.parsestring((site_copy / XLF).read_bytes())
    from_xliff = [(u.xmlelement.get("id"), u.source, u.target or "") for u in store.getunits()]
    tree = etree.parse(str(site_copy / XLF))
    from_lxml = [(u.get("id"), u.findtext(f"{XLIFF_NS}source"), u.findtext(f"{XLIFF_NS}target") or "")
                 for u in tree.iter(f"{XLIFF_NS}trans-unit")]
    wanted = [(context, en, ko) for context, (_slot, en, ko) in zip(contexts, expected)]
    assert from_polib == from_ttk == from_xliff == from_lxml == wanted
    assert tree.getroot().get("version") == "1.2"
    # each library reads each entry's state as the export counted it: translate-toolkit's XLIFF reader (and
    # pocount) call a unit fuzzy unless it is approved, so a finished translation must not read as work to do
    translated = [u.xmlelement.get("id") for u in store.getunits() if u.istranslated()]
    assert translated == [context for context, _en, ko in wanted if ko]
    assert [u.xmlelement.get("id") for u in store.getunits() if u.isfuzzy()] == []
    assert translated == [e.msgctxt for e in polib.pofile(str(site_copy / PO)) if e.translated()]
    po = polib.pofile(str(site_copy / PO))
    option = po.find("ai-ml/kubeflow-trainer:question:v1-architecture:option B", by="msgctxt")
    wrong = po.find("ai-ml/kubeflow-trainer:question:v1-architecture:option A", by="msgctxt")
    slot = next(s for s, _en, _ko in expected if s.unit == "question:v1-architecture" and s.name == "option B")
    assert option.occurrences == [("content/quizzes/ai-ml/kubeflow-trainer.yml", str(slot.text.where("en").line))]
    assert "kind: multiple_choice" in option.comment and "RIGHT answer" in option.comment
    assert "WRONG answer" in wrong.comment
    assert po.metadata["Language"] == "ko"


def _set_translation(path: Path, context: str, value: str, fuzzy: bool = False, source: str | None = None) -> None:
    po = polib.pofile(str(path))
    entry = po.find(context, by="msgctxt")
    entry.msgstr = value
    if source is not None:
        entry.msgid = source
    entry.flags = ["fuzzy"] if fuzzy else []
    po.save(str(path))


def test_a_changed_translation_changes_only_its_lines_and_validates(site_copy):
    """A translator's new title and a new option text are written in place; every other line stays, and the quiz
    validates as before."""
    _export(site_copy)
    before = (site_copy / KUBEFLOW_QUIZ).read_text(encoding="utf-8").splitlines()
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:quiz:title", "Kubeflow Trainer 분산 학습 퀴즈")
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:question:v1-architecture:option A", "공유 CRD 하나")
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 translations written into 1 quiz file" in result.stderr
    after = (site_copy / KUBEFLOW_QUIZ).read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after) if old != new]
    assert len(before) == len(after) and len(changed) == 2
    assert changed[0][1] == "  ko: Kubeflow Trainer 분산 학습 퀴즈"
    assert changed[1][1].endswith("ko: 공유 CRD 하나")
    assert quizpages(site_copy, "validate", "--strict").returncode == 0


def test_fuzzy_empty_and_outdated_entries_are_not_applied(site_copy):
    """A fuzzy translation and an empty one are skipped; an entry whose English changed since the export, or whose
    context names no text, is skipped with a warning at its line in the translation file."""
    _export(site_copy)
    before = _quiz_files(site_copy)
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:quiz:title", "퍼지 번역", fuzzy=True)
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:quiz:intro", "")
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:question:v1-architecture:option A", "새 번역",
                     source="An English text the quiz no longer has")
    po = polib.pofile(str(site_copy / PO))
    po.append(polib.POEntry(msgctxt="ai-ml/kubeflow-trainer:question:gone:question", msgid="Gone?", msgstr="없음"))
    po.save(str(site_copy / PO))
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 0
    assert "option A: the source text changed since the export" in result.stdout
    assert "'ai-ml/kubeflow-trainer:question:gone:question' names no text" in result.stdout
    assert all(line.startswith("translations/export/ko/ai-ml/kubeflow-trainer.po:") for line in
               result.stdout.splitlines())
    assert "1 fuzzy" in result.stderr and "1 untranslated" in result.stderr
    assert _quiz_files(site_copy) == before


def test_polib_reads_an_unterminated_string_so_the_import_checks_strictly(site_copy):
    """`msgstr "unterminated` (no closing quote) is refused with path:line, no traceback and nothing written,
    though polib alone reads it and drops a character."""
    _export(site_copy)
    before = _quiz_files(site_copy)
    text = (site_copy / PO).read_text(encoding="utf-8")
    old = 'msgstr "Kubeflow Trainer와 분산 학습 퀴즈"'
    assert old in text
    broken = text.replace(old, 'msgstr "Kubeflow Trainer와 분산 학습 퀴즈!')
    (site_copy / PO).write_text(broken, encoding="utf-8")
    lenient = polib.pofile(broken).find("ai-ml/kubeflow-trainer:quiz:title", by="msgctxt")
    assert lenient.msgstr == "Kubeflow Trainer와 분산 학습 퀴즈"  # polib dropped the "!" without a word
    line = broken.splitlines().index('msgstr "Kubeflow Trainer와 분산 학습 퀴즈!') + 1
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1
    assert f"{PO}:{line}: error: the text is not closed" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert "nothing was written" in result.stderr
    assert _quiz_files(site_copy) == before


@pytest.mark.parametrize("old, typo", [
    ('msgstr "Kubeflow Trainer와 분산 학습 퀴즈"', 'msgstr "Kubeflow Trainer와 분산 학습 퀴즈'),
    ('msgid "Kubeflow Trainer and Distributed Training Quiz"', 'msgid "Kubeflow Trainer and Distributed Training Quiz'),
    ('msgctxt "ai-ml/kubeflow-trainer:quiz:title"', 'msgctxt "ai-ml/kubeflow-trainer:quiz:title'),
    ('"Content-Type: text/plain; charset=UTF-8\\n"', '"Content-Type: text/plain; charset=UTF-8\\n'),
])
def test_one_unclosed_text_is_one_error_at_its_line(site_copy, old, typo):
    """A translator's one missing quote is reported once, at its line, as msgfmt reports it: not also as a msgid
    without a msgstr, an empty msgid or a header without a charset that the file does not have."""
    _export(site_copy)
    text = (site_copy / PO).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    broken = text.replace(old, typo)
    (site_copy / PO).write_text(broken, encoding="utf-8")
    line = broken.splitlines().index(typo) + 1
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{PO}:{line}: error: the text is not closed: the line ends before its closing quote (End the text with \" "
        'on the same line; a quote inside it is written \\")'], result.stdout


@pytest.mark.parametrize("typo, message", [
    ('msgstr "text" extra', "text after the closing quote"),
    ('msgstr "a \\q b"', "is not an escape"),
    ('msgstr text', "must be written in double quotes"),
    ('msgtsr "x"', "'msgtsr' is not a PO keyword"),
])
def test_other_typos_in_a_po_file_are_refused_at_their_line(site_copy, typo, message):
    """Every line msgfmt --check would refuse is refused, at its line."""
    _export(site_copy)
    text = (site_copy / PO).read_text(encoding="utf-8")
    old = 'msgstr "Kubeflow Trainer와 분산 학습 퀴즈"'
    line = text.splitlines().index(old) + 1
    (site_copy / PO).write_text(text.replace(old, typo), encoding="utf-8")
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1
    assert f"{PO}:{line}: error: " in result.stdout and message in result.stdout


def test_a_run_with_any_error_writes_nothing(site_copy):
    """One good file and one that does not parse: neither is imported."""
    _export(site_copy)
    before = _quiz_files(site_copy)
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:quiz:title", "좋은 번역")
    bad = site_copy / "bad.xlf"
    bad.write_text("<xliff version='1.2'>\n<file>\n</xliff>\n", encoding="utf-8")
    result = _import(site_copy, site_copy / PO, bad)
    assert result.returncode == 1
    assert "bad.xlf:3: error: the XLIFF file is not well-formed XML" in result.stdout
    assert _quiz_files(site_copy) == before


def test_an_xliff_translation_is_imported_and_a_needs_review_one_is_not(site_copy):
    """Translated targets are written; a target a translator left as needs-review-translation is not, and the run
    says how to have it imported (the file itself says so too)."""
    _export(site_copy, "--format", "xliff")
    tree = etree.parse(str(site_copy / XLF))
    units = {u.get("id"): u for u in tree.iter(f"{XLIFF_NS}trans-unit")}
    title = units["ai-ml/kubeflow-trainer:quiz:title"].find(f"{XLIFF_NS}target")
    title.text = "XLIFF로 번역한 제목"
    intro = units["ai-ml/kubeflow-trainer:quiz:intro"].find(f"{XLIFF_NS}target")
    intro.text, intro.attrib["state"] = "검토 전", "needs-review-translation"
    tree.write(str(site_copy / XLF), xml_declaration=True, encoding="UTF-8")
    result = _import(site_copy, site_copy / XLF)
    assert result.returncode == 0, result.stdout + result.stderr
    text = (site_copy / KUBEFLOW_QUIZ).read_text(encoding="utf-8")
    assert "  ko: XLIFF로 번역한 제목\n" in text and "검토 전" not in text
    assert "1 translation is still marked to be reviewed, so not applied" in result.stderr
    assert "XLIFF: a `state` other than needs-translation or needs-review-*" in result.stderr
    assert 'set its state to "translated"' in (site_copy / XLF).read_text(encoding="utf-8")


def test_a_stale_translation_is_exported_fuzzy_with_its_old_source_text(site_copy):
    """After `status --accept`, a changed English text exports its translation as fuzzy, with `#| msgid` the
    English it was accepted against (XLIFF: needs-translation, which Weblate shows as "Needs editing", and an
    alt-trans); status counts it alike."""
    assert quizpages(site_copy, "status", "--accept", "ai-ml/kubeflow-trainer").returncode == 0
    path = site_copy / KUBEFLOW_QUIZ
    old = "A separate CRD (e.g., `PyTorchJob`, `TFJob`, `MPIJob`) per ML framework"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, "One CRD (e.g., `PyTorchJob`, `TFJob`, `MPIJob`) for each ML framework"),
                    encoding="utf-8")
    _export(site_copy)
    _export(site_copy, "--format", "xliff")
    entry = polib.pofile(str(site_copy / PO)).find("ai-ml/kubeflow-trainer:question:v1-architecture:option B",
                                                   by="msgctxt")
    assert entry.fuzzy and entry.previous_msgid.startswith(old) and entry.msgstr
    others = [e for e in polib.pofile(str(site_copy / PO)) if e.fuzzy]
    assert others == [entry]  # the question's other texts did not change: they stay translated
    unit = next(u for u in etree.parse(str(site_copy / XLF)).iter(f"{XLIFF_NS}trans-unit")
                if u.get("id") == entry.msgctxt)
    assert unit.find(f"{XLIFF_NS}target").get("state") == "needs-translation"
    stale = [u for u in ttk_xliff.xlifffile.parsestring((site_copy / XLF).read_bytes()).getunits() if u.isfuzzy()]
    assert [u.xmlelement.get("id") for u in stale] == [entry.msgctxt]
    assert unit.find(f"{XLIFF_NS}alt-trans/{XLIFF_NS}source").text.startswith(old)
    report = json.loads(quizpages(site_copy, "status", "--format", "json").stdout)
    assert report["entries"]["ko"]["fuzzy"] == 1
    github = quizpages(site_copy, "status", "--format", "github").stdout
    assert "1 fuzzy" in github


def test_status_counts_entries_as_the_export_does(site_copy):
    """`status --format json` gives, per language, the texts, translated, fuzzy and missing that the exported
    files hold."""
    quiz = site_copy / "content" / "quizzes" / "helm.yml"
    quiz.write_text("languages: [en]\ntitle: {en: Helm}\nquestions:\n  - id: release\n    kind: short_answer\n"
                    "    question: {en: What is a release?}\n    answer: {en: An installed chart.}\n", encoding="utf-8")
    result = quizpages(site_copy, "translate", "export", "--language", "ko")
    files = sorted((site_copy / "translations" / "export" / "ko").rglob("*.po"))
    counted = {"total": 0, "translated": 0, "fuzzy": 0, "missing": 0}
    for path in files:
        for entry in polib.pofile(str(path)):
            counted["total"] += 1
            state = "fuzzy" if entry.fuzzy else "translated" if entry.msgstr else "missing"
            counted[state] += 1
    assert counted["missing"] == 3, result.stdout
    report = json.loads(quizpages(site_copy, "status", "--format", "json").stdout)
    assert report["entries"]["ko"] == counted


def test_a_missing_translation_is_added_beside_its_source(site_copy):
    """A quiz in English only: its Korean texts are added under each English one, and validate then only asks for
    `ko` in `languages:`."""
    quiz = site_copy / "content" / "quizzes" / "helm.yml"
    quiz.write_text("languages: [en]\ntitle: {en: Helm}   # the title\nquestions:\n  - id: release\n"
                    "    kind: short_answer\n    question:\n      en: What is a release?\n    answer: |\n"
                    "      An installed chart.\n", encoding="utf-8")
    _export(site_copy, str(quiz))
    po_path = site_copy / "translations" / "export" / "ko" / "helm.po"
    _set_translation(po_path, "helm:quiz:title", "헬름")
    _set_translation(po_path, "helm:question:release:question", "릴리스란?")
    result = _import(site_copy, po_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert quiz.read_text(encoding="utf-8") == (
        "languages: [en]\ntitle: {en: Helm, ko: 헬름}   # the title\nquestions:\n  - id: release\n"
        "    kind: short_answer\n    question:\n      en: What is a release?\n      ko: 릴리스란?\n    answer: |\n"
        "      An installed chart.\n")
    assert "`languages:` lists only en" in result.stdout


def test_an_export_never_replaces_a_translators_work_not_yet_imported(site_copy):
    """A PO file with a translation the quiz does not have is not overwritten by a new export, unless --force; the
    error names it by its path from the current folder, at the entry's line."""
    _export(site_copy)
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:quiz:title", "아직 가져오지 않은 번역")
    kept = (site_copy / PO).read_bytes()
    result = quizpages(site_copy, "translate", "export", "--language", "ko")
    assert result.returncode == 1 and "not in the quiz yet" in result.stderr
    assert result.stderr.startswith(f"{PO}:"), result.stderr  # named as every other message names a file
    assert (site_copy / PO).read_bytes() == kept
    _export(site_copy, "--force")
    assert (site_copy / PO).read_bytes() != kept


def test_a_language_the_site_does_not_have_is_not_imported(site_copy):
    """A file for Japanese, before `ja` is a language of the site, is refused: the quiz files could not hold it."""
    _export(site_copy)
    text = (site_copy / PO).read_text(encoding="utf-8").replace('"Language: ko\\n"', '"Language: ja\\n"')
    (site_copy / PO).write_text(text, encoding="utf-8")
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1 and "'ja', which is not a translation language of this site" in result.stdout


@pytest.mark.parametrize("fmt, written", [("po", "ko_KR"), ("po", "ko-KR"), ("po", "KO"), ("xliff", "ko-KR")])
def test_a_file_naming_the_language_with_its_region_is_imported_as_the_sites_language(site_copy, fmt, written):
    """Poedit names Korean `ko_KR` and XLIFF tools `ko-KR`: such a file is imported into the site's `ko`."""
    _export(site_copy, "--format", fmt)
    path = site_copy / (PO if fmt == "po" else XLF)
    text = path.read_text(encoding="utf-8")
    renamed = (text.replace('"Language: ko\\n"', f'"Language: {written}\\n"') if fmt == "po"
               else text.replace('target-language="ko"', f'target-language="{written}"'))
    assert renamed != text
    path.write_text(renamed, encoding="utf-8")
    if fmt == "po":
        _set_translation(path, "ai-ml/kubeflow-trainer:quiz:title", "Kubeflow Trainer 퀴즈")
    else:
        store = ttk_xliff.xlifffile.parsefile(str(path))
        unit = next(u for u in store.units if u.xmlelement.get("id") == "ai-ml/kubeflow-trainer:quiz:title")
        unit.target = "Kubeflow Trainer 퀴즈"
        store.save()
    result = _import(site_copy, path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert _loaded(site_copy, KUBEFLOW_QUIZ, "ai-ml/kubeflow-trainer").title.get("ko") == "Kubeflow Trainer 퀴즈"


def test_an_entry_with_plural_forms_is_refused_saying_so(site_copy):
    """A translator's tool that turned an entry into plural forms gets that named at the entry's line, not a
    reading error, and nothing is written."""
    _export(site_copy)
    text = (site_copy / PO).read_text(encoding="utf-8")
    old = 'msgstr "Kubeflow Trainer와 분산 학습 퀴즈"'
    line = text.splitlines().index(old)  # the msgid's line, above it
    (site_copy / PO).write_text(text.replace(old, 'msgid_plural "Quizzes"\nmsgstr[0] "퀴즈"'), encoding="utf-8")
    before = _quiz_files(site_copy)
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{PO}:{line}: error: an entry with plural forms (msgid_plural) (Quiz texts have no plural forms; remove "
        "msgid_plural and write the translation as one msgstr)"], result.stdout
    assert _quiz_files(site_copy) == before


def test_init_starts_a_language_with_every_string_and_the_quizzes_exported(site_copy):
    """`translate init ja` writes the strings file (every key, its English text as a comment) into the site's
    strings folder, and a PO file per quiz with every text to translate."""
    shutil.rmtree(site_copy / "translations", ignore_errors=True)
    result = quizpages(site_copy, "translate", "init", "ja")
    assert result.returncode == 0, result.stderr
    strings = (site_copy / "strings" / "ja.yml").read_text(encoding="utf-8")
    english = (ROOT / "plugins" / "quizpages" / "strings" / "en.yml").read_text(encoding="utf-8")
    for line in english.splitlines():
        if line.strip() and not line.startswith("#"):
            assert f"# {line}\n" in strings
    po = polib.pofile(str(site_copy / "translations" / "export" / "ja" / "ai-ml" / "kubeflow-trainer.po"))
    assert po.metadata["Language"] == "ja" and all(not e.msgstr for e in po) and len(po) > 40
    assert "add ja to mkdocs.yml" in result.stderr
    again = quizpages(site_copy, "translate", "init", "ja")
    assert "exists already" in again.stderr
    assert (site_copy / "strings" / "ja.yml").read_text(encoding="utf-8") == strings


def _msgfmt_check(path: Path):
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("GNU gettext's msgfmt is not installed: the strict PO check is compared with it where it is")
    return subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)


def test_exported_po_files_pass_msgfmt_check_and_msgfmt_refuses_what_the_import_refuses(site_copy):
    """GNU msgfmt --check accepts every exported file, and refuses each typo the import refuses."""
    _export(site_copy)
    for path in (site_copy / "translations" / "export" / "ko").rglob("*.po"):
        assert _msgfmt_check(path).returncode == 0, path
    text = (site_copy / PO).read_text(encoding="utf-8")
    old = 'msgstr "Kubeflow Trainer와 분산 학습 퀴즈"'
    for typo in ('msgstr "unterminated', 'msgstr "text" extra', 'msgstr "a \\q b"', 'msgtsr "x"'):
        (site_copy / PO).write_text(text.replace(old, typo), encoding="utf-8")
        assert _msgfmt_check(site_copy / PO).returncode != 0, typo
        assert _import(site_copy, site_copy / PO).returncode == 1, typo


def test_a_stale_translation_accepted_before_texts_were_kept_is_fuzzy_without_an_old_text(site_copy):
    """A sidecar with review hashes only (written before the source texts were kept): every translated text of
    the stale question is fuzzy, none with a `#| msgid` that quizpages cannot know."""
    sidecar = site_copy / "translations" / "ai-ml" / "kubeflow-trainer.json"
    sidecar.parent.mkdir(parents=True)
    sidecar.write_text(json.dumps({"ko": {"question:v1-architecture": "0000000000000000"}}), encoding="utf-8")
    _export(site_copy)
    fuzzy = [e for e in polib.pofile(str(site_copy / PO)) if e.fuzzy]
    assert {e.msgctxt.split(":")[2] for e in fuzzy} == {"v1-architecture"} and len(fuzzy) > 4
    assert all(e.previous_msgid is None and e.msgstr for e in fuzzy)


def test_a_shared_text_exported_on_request_gains_its_own_translation(site_copy):
    """With --shared, `- PyTorchJob` (one text for every language) is an entry; a translation of its own makes it
    `{en: PyTorchJob, ko: ...}` in the quiz file, and the quiz still validates."""
    _export(site_copy, "--shared", str(PRACTICE))
    po_path = site_copy / "translations" / "export" / "ko" / "ai-ml" / "kubeflow-trainer-practice.po"
    context = "ai-ml/kubeflow-trainer-practice:question:v1-resources:option A"
    entry = polib.pofile(str(po_path)).find(context, by="msgctxt")
    assert (entry.msgid, entry.msgstr) == ("PyTorchJob", "PyTorchJob")
    _set_translation(po_path, context, "파이토치잡")
    result = _import(site_copy, po_path)
    assert result.returncode == 0, result.stdout + result.stderr
    text = (site_copy / PRACTICE).read_text(encoding="utf-8")
    assert "      - {en: PyTorchJob, ko: 파이토치잡}\n      - TrainJob\n" in text
    assert quizpages(site_copy, "validate", "--strict").returncode == 0


def test_a_translation_that_would_break_the_quiz_is_refused_naming_it(site_copy):
    """Pasted `<script>` in a translation is an error naming the question and the translation file; nothing is
    written, as for any other error."""
    _export(site_copy)
    before = _quiz_files(site_copy)
    _set_translation(site_copy / PO, "ai-ml/kubeflow-trainer:question:v1-architecture:option A",
                     "공유 CRD <script>alert(1)</script>")
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1
    assert "a translation would give the quiz ai-ml/kubeflow-trainer an error: question 1 (v1-architecture): " \
           "option A" in result.stdout and "<script>" in result.stdout
    assert f"Fix the translation in {PO}" in result.stdout
    assert _quiz_files(site_copy) == before


def _entry_line(path: Path, context: str) -> int:
    """The line the import names for the PO entry `context`: its msgid's, the line after its msgctxt."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines.index(f'msgctxt "{context}"') + 2


def test_each_translation_that_would_break_the_quiz_is_refused_at_its_own_entry_in_one_run(site_copy):
    """Three bad translations in one file (a control character, pasted `<script>`, a `javascript:` link) are
    three errors, each at its own entry's line and naming its text; nothing is written."""
    _export(site_copy)
    before = _quiz_files(site_copy)
    bell = "ai-ml/kubeflow-trainer:question:v1-architecture:option A"
    script = "ai-ml/kubeflow-trainer:question:gang-scheduling:option B"
    link = "ai-ml/kubeflow-trainer:question:v1-architecture:option C"
    _set_translation(site_copy / PO, bell, "공유\x07 CRD")
    _set_translation(site_copy / PO, script, "<script>alert(1)</script>")
    _set_translation(site_copy / PO, link, "[문서](javascript:alert(1))")
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 1
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert len(errors) == 3, result.stdout
    at = {context: f"{PO}:{_entry_line(site_copy / PO, context)}: error: " for context in (bell, script, link)}
    assert any(line.startswith(at[bell]) and "option A: the translation holds the control character U+0007 after "
               '"공유"' in line for line in errors), errors
    assert any(line.startswith(at[script]) and "(gang-scheduling): option B [ko]" in line and "<script>" in line
               for line in errors), errors
    assert any(line.startswith(at[link]) and "option C [ko]" in line and "javascript:" in line for line in errors)
    assert _quiz_files(site_copy) == before


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"], ids=["line", "paragraph", "next-line"])
def test_a_translation_holding_a_unicode_line_separator_is_imported_as_written(site_copy, separator):
    """gettext ends PO lines at line feeds only: a translation holding U+2028, U+2029 or U+0085 (pasted from a
    word processor) is one text, imported and read back exactly."""
    _export(site_copy)
    context = "ai-ml/kubeflow-trainer:question:v1-architecture:option A"
    _set_translation(site_copy / PO, context, f"공유{separator}CRD 하나")
    result = _import(site_copy, site_copy / PO)
    assert result.returncode == 0, result.stdout + result.stderr
    quiz = _loaded(site_copy, KUBEFLOW_QUIZ, "ai-ml/kubeflow-trainer")
    option = next(slot for slot in quiz.texts() if slot.unit == "question:v1-architecture" and slot.name == "option A")
    assert option.text.get("ko") == f"공유{separator}CRD 하나"


def test_an_xliff_target_holding_a_c1_control_character_is_refused(site_copy):
    """XML lets an XLIFF target hold U+0080 to U+009F, which no quiz text may: refused at the unit, and nothing
    is written."""
    _export(site_copy, "--format", "xliff")
    before = _quiz_files(site_copy)
    tree = etree.parse(str(site_copy / XLF))
    units = {u.get("id"): u for u in tree.iter(f"{XLIFF_NS}trans-unit")}
    title = units["ai-ml/kubeflow-trainer:quiz:title"].find(f"{XLIFF_NS}target")
    title.text, title.attrib["state"] = "제목\x9f", "translated"
    tree.write(str(site_copy / XLF), xml_declaration=True, encoding="UTF-8")
    result = _import(site_copy, site_copy / XLF)
    assert result.returncode == 1
    assert f"{XLF}:{units['ai-ml/kubeflow-trainer:quiz:title'].sourceline}: error: ai-ml/kubeflow-trainer: title: the translation holds the control character U+009F after \"제목\"" in result.stdout, result.stdout
    assert _quiz_files(site_copy) == before


def _xliff_targets(site: Path):
    """The exported XLIFF file's tree, and each unit's <target> by its id."""
    tree = etree.parse(str(site / XLF))
    return tree, {u.get("id"): u.find(f"{XLIFF_NS}target") for u in tree.iter(f"{XLIFF_NS}trans-unit")}


def test_xliff_placeholders_a_tool_added_are_refused_at_their_lines_and_text_markers_are_read_as_text(site_copy):
    """An `<x/>`, `<ph>` or `<bpt>` in a target stands for content the import cannot write (it would vanish): each
    is an error at its line, all in one run, and nothing is written. A CAT tool's `<mrk>` segment or `<g>` group
    only wraps text, which is imported."""
    _export(site_copy, "--format", "xliff")
    before = _quiz_files(site_copy)
    tree, targets = _xliff_targets(site_copy)
    title, intro = targets["ai-ml/kubeflow-trainer:quiz:title"], targets["ai-ml/kubeflow-trainer:quiz:intro"]
    for target, inner in ((title, 'Kubeflow <x id="1"/>Trainer <ph id="2">&lt;b&gt;</ph>퀴즈'),
                          (intro, '소개 <bpt id="3">&lt;i&gt;</bpt>문단<ept id="3">&lt;/i&gt;</ept>')):
        target.getparent().replace(target, etree.fromstring(
            f'<target xmlns="{XLIFF_NS[1:-1]}" state="translated">{inner}</target>'))
    tree.write(str(site_copy / XLF), xml_declaration=True, encoding="UTF-8")
    lines = {u.get("id"): u.find(f"{XLIFF_NS}target").sourceline
             for u in etree.parse(str(site_copy / XLF)).iter(f"{XLIFF_NS}trans-unit")}
    result = _import(site_copy, site_copy / XLF)
    assert result.returncode == 1
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert [(line.split(": error: ")[0], line.split("inline element ")[1][:5]) for line in errors] == [
        (f"{XLF}:{lines['ai-ml/kubeflow-trainer:quiz:title']}", "<x>, "),
        (f"{XLF}:{lines['ai-ml/kubeflow-trainer:quiz:title']}", "<ph>,"),
        (f"{XLF}:{lines['ai-ml/kubeflow-trainer:quiz:intro']}", "<bpt>"),
        (f"{XLF}:{lines['ai-ml/kubeflow-trainer:quiz:intro']}", "<ept>")], result.stdout
    assert _quiz_files(site_copy) == before

    tree, targets = _xliff_targets(site_copy)
    title = targets["ai-ml/kubeflow-trainer:quiz:title"]
    title.getparent().replace(title, etree.fromstring(
        f'<target xmlns="{XLIFF_NS[1:-1]}" state="translated"><mrk mtype="seg" mid="1">분산 <g id="1">학습</g> '
        '퀴즈</mrk></target>'))
    intro = targets["ai-ml/kubeflow-trainer:quiz:intro"]
    intro.getparent().replace(intro, etree.fromstring(
        f'<target xmlns="{XLIFF_NS[1:-1]}" state="translated">소개</target>'))
    tree.write(str(site_copy / XLF), xml_declaration=True, encoding="UTF-8")
    result = _import(site_copy, site_copy / XLF)
    assert result.returncode == 0, result.stdout + result.stderr
    assert _loaded(site_copy, KUBEFLOW_QUIZ, "ai-ml/kubeflow-trainer").title.get("ko") == "분산 학습 퀴즈"


def test_an_xliff_translation_keeps_its_spaces_and_line_breaks_when_a_tool_drops_xml_space(site_copy):
    """Markdown's code blocks and lists live on spaces and line breaks: a file saved without
    `xml:space="preserve"` (tools rewrite it) still imports the target as written, not folded onto one line."""
    _export(site_copy, "--format", "xliff")
    tree, targets = _xliff_targets(site_copy)
    for unit in tree.iter(f"{XLIFF_NS}trans-unit"):
        unit.attrib.pop("{http://www.w3.org/XML/1998/namespace}space", None)
    written = "소개 문단.\n\n```bash\nkubectl  get pods\n  --all-namespaces\n```"
    targets["ai-ml/kubeflow-trainer:quiz:intro"].text = written
    tree.write(str(site_copy / XLF), xml_declaration=True, encoding="UTF-8")
    assert b"xml:space" not in (site_copy / XLF).read_bytes()
    result = _import(site_copy, site_copy / XLF)
    assert result.returncode == 0, result.stdout + result.stderr
    assert _loaded(site_copy, KUBEFLOW_QUIZ, "ai-ml/kubeflow-trainer").intro.get("ko") == written


def test_an_xliff_file_declaring_entities_is_refused(site_copy):
    """A DOCTYPE with an external entity (a file's contents smuggled into a translation) is refused outright, at
    the DOCTYPE's line."""
    _export(site_copy, "--format", "xliff")
    text = (site_copy / XLF).read_text(encoding="utf-8")
    text = text.replace('<?xml version="1.0" encoding="UTF-8"?>\n',
                        '<?xml version="1.0" encoding="UTF-8"?>\n\n<!-- from a tool -->\n'
                        '<!DOCTYPE xliff [<!ENTITY x SYSTEM "file:///etc/hostname">]>\n')
    text = text.replace(">Kubeflow Trainer와 분산 학습 퀴즈<", ">&x;<", 1)
    (site_copy / XLF).write_text(text, encoding="utf-8")
    before = _quiz_files(site_copy)
    result = _import(site_copy, site_copy / XLF)
    assert result.returncode == 1 and f"{XLF}:4: error: the XLIFF file declares a DOCTYPE" in result.stdout
    assert _quiz_files(site_copy) == before


@pytest.mark.parametrize("text", ["<html><body>hi</body></html>",
                                  '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"></xliff>'],
                         ids=["html", "no-file"])
def test_well_formed_xml_that_is_no_xliff_file_is_a_located_error(site_copy, text):
    """An .xlf file that is XML but holds no XLIFF <file> (a web page saved under that name, an empty shell) is
    an error naming the file, never a traceback, and nothing is written."""
    (site_copy / "other.xlf").write_text(text, encoding="utf-8")
    before = _quiz_files(site_copy)
    result = _import(site_copy, site_copy / "other.xlf")
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    assert "other.xlf:1: error: not an XLIFF 1.2 file: it holds no XLIFF <file> element (Import the .xlf file " \
           "quizpages exported, or a .po file)" in result.stdout
    assert _quiz_files(site_copy) == before


def test_two_files_translating_one_text_differently_name_both_entries_and_write_nothing(site_copy):
    """A PO and an XLIFF file of one quiz that disagree on its title: the error names the text and both entries'
    lines, so the translator knows which two to reconcile, and no quiz file is written."""
    _export(site_copy)
    _export(site_copy, "--format", "xliff")
    before = _quiz_files(site_copy)
    context = "ai-ml/kubeflow-trainer:quiz:title"
    _set_translation(site_copy / PO, context, "PO의 제목")
    store = ttk_xliff.xlifffile.parsefile(str(site_copy / XLF))
    unit = next(u for u in store.units if u.xmlelement.get("id") == context)
    unit.target = "XLIFF의 제목"
    store.save()
    po_lines = (site_copy / PO).read_text(encoding="utf-8").splitlines()
    po_line = po_lines.index(f'msgctxt "{context}"') + 2  # an entry's line is its msgid's
    xlf_lines = (site_copy / XLF).read_text(encoding="utf-8").splitlines()
    xlf_line = next(n for n, line in enumerate(xlf_lines, 1) if f' id="{context}"' in line)
    result = _import(site_copy, site_copy / PO, site_copy / XLF)
    assert result.returncode == 1 and "nothing was written" in result.stderr
    assert result.stdout.splitlines() == [
        f"{XLF}:{xlf_line}: error: ai-ml/kubeflow-trainer: title: this 'ko' translation differs from the one at "
        f"{PO}:{po_line} (Import one of the two files, or make them agree)"], result.stdout
    assert _quiz_files(site_copy) == before


@pytest.mark.parametrize("both_changed", [False, True], ids=["one-copy-is-the-quizs", "both-changed"])
@pytest.mark.parametrize("fmt", ["po", "xliff"])
def test_one_text_given_twice_in_one_file_is_an_error_even_when_one_copy_is_the_quizs(site_copy, fmt, both_changed):
    """A tool or a translator copying an entry (an XLIFF unit pasted twice, a PO entry whose English gained a
    space) gives one text two translations: an error at the copy naming both lines, never the copy silently
    winning over the translation the quiz has, and nothing is written."""
    _export(site_copy, "--format", fmt)
    path = site_copy / (PO if fmt == "po" else XLF)
    context = "ai-ml/kubeflow-trainer:quiz:title"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if fmt == "po":
        start = lines.index(f'msgctxt "{context}"\n')
        end = lines.index("\n", start)
        copy = [line.replace('msgid "Kubeflow', 'msgid " Kubeflow') if line.startswith("msgid") else
                line.replace("퀴즈", "시험") if line.startswith("msgstr") else line for line in lines[start:end]]
        first, second = start + 2, end + 3  # an entry's line is its msgid's
    else:
        start = next(n for n, line in enumerate(lines) if f' id="{context}"' in line)
        end = next(n for n in range(start, len(lines)) if "</trans-unit>" in lines[n]) + 1
        copy = [line.replace('state="needs-translation"', 'state="translated"').replace("퀴즈", "시험")
                for line in lines[start:end]]
        first, second = start + 1, end + 1
    assert any("시험" in line for line in copy)
    if both_changed:  # the first copy changed as well: still one error, the copy's
        lines[start:end] = [line.replace("퀴즈", "문제").replace('state="needs-translation"', 'state="translated"')
                            for line in lines[start:end]]
    path.write_text("".join(lines[:end] + (["\n"] if fmt == "po" else []) + copy + lines[end:]), encoding="utf-8")
    before = _quiz_files(site_copy)
    result = _import(site_copy, path)
    shown = PO if fmt == "po" else XLF
    assert result.returncode == 1, result.stdout
    assert (f"{shown}:{second}: error: the entry '{context}' is in this file twice, here and at line {first}, so it is "
            "unclear which translation is meant (Keep one of the two entries and delete the other)") in result.stdout
    assert [line for line in result.stdout.splitlines() if ": error: " in line] == [
        line for line in result.stdout.splitlines() if "is in this file twice" in line], result.stdout
    assert _quiz_files(site_copy) == before


ALIASED = """\
title: {en: Alias, ko: 별칭}
questions:
  - id: first
    kind: short_answer
    question: &shared
      en: What is a pod?
    answer: {en: A unit., ko: 단위.}
  - id: second
    kind: short_answer
    question: *shared
    answer: {en: Another unit., ko: 다른 단위.}
"""


def test_a_text_used_again_through_a_yaml_alias_takes_one_translation(site_copy):
    """A question text written once (`&shared`) and used again (`*shared`) is one place in the file: two
    different translations of it are an error naming both entries and the alias, and nothing is written;
    the same translation in both entries is written once, under the anchor, and both questions read it."""
    path = site_copy / "content/quizzes/alias.yml"
    path.write_text(ALIASED, encoding="utf-8")
    _export(site_copy, str(path.relative_to(site_copy)))
    po = site_copy / "translations/export/ko/alias.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    first, second = (lines.index(f'msgctxt "alias:question:{q}:question"') + 2 for q in ("first", "second"))
    _set_translation(po, "alias:question:first:question", "파드란?")
    _set_translation(po, "alias:question:second:question", "파드는 무엇인가요?")
    result = _import(site_copy, po)
    assert result.returncode == 1 and "nothing was written" in result.stderr
    assert result.stdout.splitlines() == [
        f"translations/export/ko/alias.po:{second}: error: alias: question 2 (second): question: this 'ko' "
        f"translation differs from the one at translations/export/ko/alias.po:{first} for question 1 (first): "
        "question, whose text it is through a YAML alias (Give both entries the same translation, or write the "
        "text of question 2 (second): question out in the quiz file instead of the alias)"]
    assert path.read_text(encoding="utf-8") == ALIASED
    _set_translation(po, "alias:question:second:question", "파드란?")
    result = _import(site_copy, po)
    assert result.returncode == 0, result.stdout + result.stderr
    assert path.read_text(encoding="utf-8") == ALIASED.replace(
        "      en: What is a pod?\n", "      en: What is a pod?\n      ko: 파드란?\n")
    quiz = _loaded(site_copy, path.relative_to(site_copy), "alias")
    assert [q.prompt.get("ko") for q in quiz.questions] == ["파드란?", "파드란?"]


@pytest.mark.parametrize("args, message", [
    (["export", "--language", "en"], "quizpages translate export: error: 'en' cannot be translated into (Give a "
                                     "language code other than the source language en, such as ko)"),
    (["init", "en"], "quizpages translate init: error: 'en' is not a new language's code (Give a code such as ja)"),
    (["init", "j a"], "quizpages translate init: error: 'j a' is not a new language's code (Give a code such as ja)"),
])
def test_a_bad_translate_command_line_names_the_command_as_its_usage_does(site_copy, args, message):
    """A language that cannot be exported or started is a bad command line: exit 2, one line naming the command as
    argparse names it (`quizpages translate init: error:`), no traceback, nothing written."""
    result = quizpages(site_copy, "translate", *args)
    assert result.returncode == 2
    assert result.stderr == message + "\n"
    assert not (site_copy / "translations" / "export").exists()
