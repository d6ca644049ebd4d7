"""Under `mkdocs serve`, a save shows on every page it affects, and the served site is the one a fresh build makes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import (ENGLISH_ONLY, KUBEFLOW_QUIZ, ROOT, Serve, assert_served_as_built, copy_site, edit_config,
                      quizpages_options, wait_for)

QUIZ = "quizzes/ai-ml/kubeflow-trainer/"
HELM = "quizzes/helm/"
HELM_FILE = Path("content/quizzes/helm.yml")
PRACTICE_FILE = Path("content/quizzes/ai-ml/kubeflow-trainer-practice.yml")
STRINGS = Path("strings/en.yml")
TEMPLATE = Path("overrides/fragments/quizpages/quiz.md.j2")
LEARNING = Path("content/en/ai-ml/kubeflow-trainer.md")


@pytest.fixture
def site(tmp_path) -> Path:
    """The bundled site, an English-only quiz whose "Next Quiz" is the Kubeflow quiz, and the site's own
    strings file and quiz template."""
    (tmp_path / "site").mkdir()
    site = copy_site(tmp_path / "site")
    (site / HELM_FILE).write_text(ENGLISH_ONLY, encoding="utf-8")
    (site / STRINGS).parent.mkdir(exist_ok=True)
    (site / STRINGS).write_text("return_to_learning: Back to the study guide\n", encoding="utf-8")
    (site / TEMPLATE).parent.mkdir(parents=True)
    shutil.copy(ROOT / "plugins/quizpages/fragments/quiz.md.j2", site / TEMPLATE)
    edit_config(site, lambda c: quizpages_options(c).update(strings_dir="strings"))
    return site


def _soup(server: Serve, url: str) -> BeautifulSoup | None:
    status, body = server.page(url)
    return BeautifulSoup(body, "html.parser") if status == 200 else None


def _text(server: Serve, url: str) -> str:
    page = _soup(server, url)
    return page.select_one("article").get_text(" ", strip=True) if page else ""


def _edit(site: Path, path: Path, *replacements: str) -> None:
    """Save `path` once with each (old, new) pair of `replacements` replaced, as an editor saves: the new
    text written beside the site, then moved into place, so the server never sees half a file."""
    text = (site / path).read_text(encoding="utf-8")
    for old, new in zip(replacements[::2], replacements[1::2]):
        assert old in text, old
        text = text.replace(old, new)
    saved = site.parent / "saved.tmp"
    saved.write_text(text, encoding="utf-8")
    os.replace(saved, site / path)


def _nav(server: Serve, url: str) -> str:
    page = _soup(server, url)
    return page.select_one("nav.md-nav--primary").get_text(" ", strip=True) if page else ""


def _every_language_built(server: Serve, sub_path: str = "") -> None:
    """Wait for the languages the server builds after it starts: a save before then may reach them in that
    build, and fewer pages are rendered again."""
    assert server.page(sub_path + "ko/" + QUIZ)[0] == 200


def _switcher(server: Serve, url: str) -> dict[str, str]:
    """Where each entry of the page's language switcher leads, as a URL path from the site root."""
    page = _soup(server, url)
    base = "/" + url
    return {a["hreflang"]: str(Path(base, a["href"]).resolve()).rstrip("/") + "/"
            for a in page.select("a.md-select__link")}


def test_saved_quiz_shows_on_every_page_that_shows_it(site, tmp_path):
    """Retitling a quiz and editing a question in both languages updates its pages, both indexes and the
    "Next Quiz" of the quiz before it; switchers still lead to the same quiz; nothing else is rendered again."""
    with Serve(site) as server:
        _every_language_built(server)
        _edit(site, KUBEFLOW_QUIZ,
              "en: Kubeflow Trainer and Distributed Training Quiz", "en: Trainer Deep Dive",
              "ko: Kubeflow Trainer와 분산 학습 퀴즈", "ko: 트레이너 심화",
              "What was the fundamental architectural approach", "What was the core design",
              "근본적인 아키텍처 방식은", "핵심 설계는")
        wait_for(lambda: "What was the core design" in _text(server, QUIZ), "the edited English page", server.log)
        assert "핵심 설계는" in _text(server, "ko/" + QUIZ)
        assert "트레이너 심화" in _text(server, "ko/" + QUIZ)
        assert "Trainer Deep Dive" in _text(server, "quizzes/")
        assert "트레이너 심화" in _text(server, "ko/quizzes/")
        assert "Next Quiz: Trainer Deep Dive" in _text(server, HELM)
        for url in (QUIZ, "ko/" + QUIZ):
            assert _switcher(server, url) == {"en": "/" + QUIZ, "ko": "/ko/" + QUIZ}
        assert _switcher(server, HELM) == {"en": "/" + HELM, "ko": "/ko/quizzes/"}  # no Korean page: its index
        # the quiz in each language, each language's index, the Helm quiz and the practice quiz in each
        # language (their "Next Quiz"): all that shows the quiz
        assert "Updated 7 pages" in server.output()
        assert "Traceback" not in server.output()
        assert_served_as_built(server, site, tmp_path)


# Run by the served process at its start (PYTHONPATH): until the test opens the gate (a file it makes), each Korean
# page takes up to 2 s more to build, so the first build of the Korean pages, beside the server, is still going on
# when the save comes and while its English page is checked, and ends soon after the test has seen it. The hold is
# per page because the build lets a save's update in only between two pages; its bound keeps a test that fails
# before opening the gate from holding the server for long.
HELD_KOREAN = """\
import os
import time

import mkdocs.commands.build as build

_build_page = build._build_page
_gate = os.environ["QUIZPAGES_TEST_GATE"]


def _held_until_the_gate_opens(page, config, doc_files, nav, env, dirty=False, excluded=False):
    if page.file.src_uri.startswith("ko/"):
        until = time.monotonic() + 2
        while not os.path.exists(_gate) and time.monotonic() < until:
            time.sleep(0.05)
    return _build_page(page, config, doc_files, nav, env, dirty, excluded)


build._build_page = _held_until_the_gate_opens
"""


def test_a_save_right_after_start_shows_before_the_other_languages_are_built(site, tmp_path, monkeypatch):
    """A quiz saved as soon as the server answers shows on its English page while the Korean pages are still being
    built, then on the Korean pages too: the served site is the one a build makes."""
    patches = tmp_path / "patches"
    patches.mkdir()
    (patches / "sitecustomize.py").write_text(HELD_KOREAN, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(patches))
    gate = tmp_path / "korean-may-build"
    monkeypatch.setenv("QUIZPAGES_TEST_GATE", str(gate))
    with Serve(site) as server:
        _edit(site, KUBEFLOW_QUIZ, "What was the fundamental architectural approach", "What was the core design",
              "근본적인 아키텍처 방식은", "핵심 설계는")
        wait_for(lambda: "What was the core design" in _text(server, QUIZ), "the edited English page", server.log)
        assert "Built ko" not in server.output()  # the Korean pages are still being built
        assert "(the other languages once they are built)" in server.output()
        gate.touch()
        wait_for(lambda: "핵심 설계는" in _text(server, "ko/" + QUIZ), "the edited Korean page", server.log)
        assert "Traceback" not in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_saved_yaml_quiz_updates_only_its_page(site, tmp_path):
    """A quiz file named `.yaml` is updated on its own when saved, as a `.yml` one is: no full rebuild."""
    (site / HELM_FILE).rename(site / HELM_FILE.with_suffix(".yaml"))
    with Serve(site) as server:
        _every_language_built(server)
        _edit(site, HELM_FILE.with_suffix(".yaml"), "What is a Helm release?", "What is a Helm chart release?")
        wait_for(lambda: "What is a Helm chart release?" in _text(server, HELM), "the edited quiz", server.log)
        assert "Updated 1 page in" in server.output()  # its one English page: nothing else shows that text
        assert "building the whole site" not in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_added_renamed_and_removed_quizzes(site, tmp_path):
    """A new quiz appears in its pages and the index, a renamed one moves, a removed one is gone (404)."""
    with Serve(site) as server:
        added = site / "content/quizzes/argo.yml"
        added.write_text(ENGLISH_ONLY.replace("Helm Basics Quiz", "Argo Workflows Quiz")
                         .replace("next: ./ai-ml/kubeflow-trainer.md\n", ""), encoding="utf-8")
        wait_for(lambda: "Argo Workflows Quiz" in _text(server, "quizzes/argo/"), "the new quiz", server.log)
        assert "Argo Workflows Quiz" in _text(server, "quizzes/")
        assert "Argo Workflows Quiz" in _text(server, "ko/quizzes/")
        assert_served_as_built(server, site, tmp_path)

        added.rename(site / "content/quizzes/argo-workflows.yml")
        wait_for(lambda: server.page("quizzes/argo/")[0] == 404, "the renamed quiz's old page to go", server.log)
        assert "Argo Workflows Quiz" in _text(server, "quizzes/argo-workflows/")

        (site / KUBEFLOW_QUIZ).unlink()
        _edit(site, PRACTICE_FILE, "next: ./kubeflow-trainer.md\n", "")
        _edit(site, HELM_FILE, "next: ./ai-ml/kubeflow-trainer.md\n", "")
        wait_for(lambda: server.page(QUIZ)[0] == 404, "the removed quiz's page to go", server.log)
        assert server.page("ko/" + QUIZ)[0] == 404
        assert "Kubeflow Trainer and Distributed Training Quiz" not in _text(server, "quizzes/")
        assert "Traceback" not in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_learning_page_strings_template_and_mkdocs_yml_reach_the_served_site(site, tmp_path):
    """Saving a learning page, the site's strings file, its quiz template or mkdocs.yml shows on the pages."""
    with Serve(site) as server:
        assert "Back to the study guide" in _text(server, QUIZ)
        _edit(site, LEARNING, "# Kubeflow Trainer and Distributed Training", "# Kubeflow Trainer, edited")
        wait_for(lambda: "Kubeflow Trainer, edited" in _text(server, "ai-ml/kubeflow-trainer/"),
                 "the edited learning page", server.log)

        _edit(site, STRINGS, "Back to the study guide", "Back to the reading")
        wait_for(lambda: "Back to the reading" in _text(server, QUIZ), "the edited string", server.log)
        assert "Back to the reading" in _text(server, HELM)

        with (site / TEMPLATE).open("a", encoding="utf-8") as template:
            template.write("\nRendered by the site's own template.\n")
        wait_for(lambda: "Rendered by the site's own template." in _text(server, "ko/" + QUIZ),
                 "the edited template", server.log)
        assert "Rendered by the site's own template." in _text(server, HELM)
        assert_served_as_built(server, site, tmp_path)

        edit_config(site, lambda c: c.update(site_name="Cloud Native Notes"))
        wait_for(lambda: "Cloud Native Notes" in server.page("ko/" + QUIZ)[1], "the new site name", server.log)
        assert "Traceback" not in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_retitled_quiz_in_the_navigation_is_retitled_on_every_page(site, tmp_path):
    """A quiz listed in `nav:` by its page is in every page's navigation: retitling it rebuilds them all with the
    new title."""
    edit_config(site, lambda c: c["nav"].append("quizzes/ai-ml/kubeflow-trainer.md"))
    with Serve(site) as server:
        _edit(site, KUBEFLOW_QUIZ, "en: Kubeflow Trainer and Distributed Training Quiz", "en: Trainer Deep Dive")
        wait_for(lambda: "Trainer Deep Dive" in _nav(server, QUIZ), "the new title in the navigation", server.log)
        assert "building the whole site" in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_saved_quiz_under_a_sub_path(site, tmp_path):
    """A project site (its URL under /quizsite/) is served there, and a save updates it as a build would."""
    edit_config(site, lambda c: c["site_url"].value.__setitem__(1, "http://127.0.0.1:8000/quizsite/"))
    with Serve(site) as server:
        _every_language_built(server, "quizsite/")
        _edit(site, KUBEFLOW_QUIZ, "en: Kubeflow Trainer and Distributed Training Quiz", "en: Trainer Deep Dive")
        wait_for(lambda: "Trainer Deep Dive" in _text(server, "quizsite/quizzes/"), "the new title", server.log)
        assert _switcher(server, "quizsite/" + QUIZ) == {"en": "/quizsite/" + QUIZ, "ko": "/quizsite/ko/" + QUIZ}
        # the quiz's English page, the English index, the footers of Helm's and the practice quiz's English pages
        assert "Updated 4 pages" in server.output()
        assert_served_as_built(server, site, tmp_path, "quizsite/")


def test_saved_quiz_without_mkdocs_static_i18n(site, tmp_path):
    """Without mkdocs-static-i18n, one build makes every language's quiz pages, and a save updates them all."""
    edit_config(site, lambda c: c.update(plugins=[p for p in c["plugins"] if not (isinstance(p, dict) and "i18n" in p)],
                                         nav=["index.md", "quizzes/index.md"]))
    (site / "content/index.md").write_text("# Home\n", encoding="utf-8")  # no language folders at the root now
    with Serve(site) as server:
        _edit(site, KUBEFLOW_QUIZ, "What was the fundamental architectural approach", "What was the core design",
              "근본적인 아키텍처 방식은", "핵심 설계는")
        wait_for(lambda: "핵심 설계는" in _text(server, "ko/" + QUIZ), "the edited Korean page", server.log)
        assert "What was the core design" in _text(server, QUIZ)
        assert "Updated 2 pages" in server.output()
        assert_served_as_built(server, site, tmp_path)


def _without_custom_dir(config: dict) -> None:
    del config["theme"]["custom_dir"]


def _with_custom_dir(config: dict) -> None:
    config["theme"]["custom_dir"] = "overrides"
    quizpages_options(config).update(strings_dir="strings")


def test_strings_and_template_folders_added_to_mkdocs_yml_are_watched(site, tmp_path):
    """`strings_dir` and the theme's `custom_dir` added to mkdocs.yml while serving: later saves in those folders
    show too, not only after a restart."""
    edit_config(site, lambda c: (_without_custom_dir(c), quizpages_options(c).pop("strings_dir")))
    with Serve(site) as server:
        assert "Back to the study guide" not in _text(server, QUIZ)
        edit_config(site, _with_custom_dir)
        wait_for(lambda: "Back to the study guide" in _text(server, QUIZ), "the site's strings", server.log)

        _edit(site, STRINGS, "Back to the study guide", "Back to the reading")
        wait_for(lambda: "Back to the reading" in _text(server, QUIZ), "the edited string", server.log)
        with (site / TEMPLATE).open("a", encoding="utf-8") as template:
            template.write("\nRendered by the site's own template.\n")
        wait_for(lambda: "Rendered by the site's own template." in _text(server, HELM), "the edited template",
                 server.log)
        assert "Traceback" not in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_strings_and_template_folders_made_while_serving_are_watched(site, tmp_path):
    """A configured `strings_dir`, or the quiz templates' folder, that does not exist when the server starts:
    made later, its files show, and so do their later saves."""
    shutil.rmtree(site / STRINGS.parent)
    shutil.rmtree(site / "overrides/fragments")
    with Serve(site) as server:
        assert "Back to the study guide" not in _text(server, QUIZ)
        (site / STRINGS.parent).mkdir()
        (site / STRINGS).write_text("return_to_learning: Back to the study guide\n", encoding="utf-8")
        wait_for(lambda: "Back to the study guide" in _text(server, QUIZ), "the new strings file", server.log)
        _edit(site, STRINGS, "Back to the study guide", "Back to the reading")
        wait_for(lambda: "Back to the reading" in _text(server, QUIZ), "the edited string", server.log)

        (site / TEMPLATE).parent.mkdir(parents=True)
        template = (ROOT / "plugins/quizpages/fragments/quiz.md.j2").read_text(encoding="utf-8")
        (site / TEMPLATE).write_text(template + "\nRendered by the site's own template.\n", encoding="utf-8")
        wait_for(lambda: "Rendered by the site's own template." in _text(server, HELM), "the new template",
                 server.log)
        _edit(site, TEMPLATE, "Rendered by the site's own template.", "Rendered by the edited template.")
        wait_for(lambda: "Rendered by the edited template." in _text(server, HELM), "the edited template",
                 server.log)
        assert "Traceback" not in server.output()
        assert_served_as_built(server, site, tmp_path)


def test_a_server_started_on_wrong_languages_serves_the_site_and_its_quizzes_once_fixed(site):
    """`make serve` on a mkdocs.yml whose quiz languages mkdocs-static-i18n does not build starts all the same:
    the error is in the log, the rest of the site is served, and saving mkdocs.yml fixed brings the quizzes."""
    good = (site / "mkdocs.yml").read_text(encoding="utf-8")
    edit_config(site, lambda c: quizpages_options(c).update(languages=["en", "kor"]))
    with Serve(site) as server:
        assert server.output().count("plugins.quizpages.languages[1]") == 1  # once, not per language built
        assert server.page("")[0] == 200 and server.page(QUIZ)[0] == 404
        (site / "mkdocs.yml").write_text(good, encoding="utf-8")
        wait_for(lambda: "Kubeflow Trainer" in server.page(QUIZ)[1], "the quiz page once fixed", server.log)
        assert "Traceback" not in server.output()


def test_a_broken_mkdocs_yml_keeps_the_last_site_served_until_it_is_fixed(site, tmp_path):
    """Saving mkdocs.yml with a wrong option names it in the log, and the server keeps answering with the
    last build (it used to hold every request); saving it fixed shows the change."""
    good = (site / "mkdocs.yml").read_text(encoding="utf-8")
    with Serve(site) as server:
        edit_config(site, lambda c: quizpages_options(c).update(languages=[]))
        wait_for(lambda: "mkdocs.yml has errors" in server.output(), "the config error", server.log)
        assert "plugins" in server.output() and "languages" in server.output()
        status, page = server.page(QUIZ)
        assert status == 200 and "Kubeflow Trainer" in page
        (site / "mkdocs.yml").write_text(good.replace("site_name: Cloud Native Operations",
                                                      "site_name: Cloud Native Notes"), encoding="utf-8")
        wait_for(lambda: "Cloud Native Notes" in server.page(QUIZ)[1], "the fixed mkdocs.yml", server.log)
        before = server.output().count("mkdocs.yml has errors")
        (site / "mkdocs.yml").write_text("site_name: [unclosed\n" + good, encoding="utf-8")
        wait_for(lambda: server.output().count("mkdocs.yml has errors") > before, "the YAML error", server.log)
        assert "error parsing the configuration file" in server.output()
        assert server.page(QUIZ)[0] == 200
        # settings each right alone and wrong together (quizpages' languages against mkdocs-static-i18n's),
        # saved twice: named each time, and the last site still answers
        for languages, named in ((["en", "kor"], "plugins.quizpages.languages[1]"),
                                 (["ko", "en"], "plugins.quizpages.languages[0]")):
            for _ in range(2):
                before = server.output().count(named)
                (site / "mkdocs.yml").write_text(good, encoding="utf-8")
                edit_config(site, lambda c: quizpages_options(c).update(languages=languages))
                wait_for(lambda: server.output().count(named) > before, f"the error naming {named}", server.log)
                status, page = server.page(QUIZ)
                assert status == 200 and "Kubeflow Trainer" in page
        assert "Traceback" not in server.output()
