"""Screenshots for the README: the quiz page in each language (docs/screenshots/quiz-<lang>.png) and one
question of each kind, answered through its self-check (docs/screenshots/kind-<kind>.png).

Builds the bundled site, serves it on loopback and photographs it with Debian's Chromium.
Run: .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import Question, StaticServer, launch  # noqa: E402
from conftest import build, copy_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PAGES = {"en": "quizzes/ai-ml/kubeflow-trainer/", "ko": "ko/quizzes/ai-ml/kubeflow-trainer/"}
PRACTICE = "quizzes/ai-ml/kubeflow-trainer-practice/"
# How to answer each kind on the practice page before photographing it (a Question of tests/browser.py).
ANSWERS = {
    "multiple_choice": lambda q: q.controls("input[value=C]").check(),
    "multiple_select": lambda q: [q.controls(f"input[value={x}]").check() for x in "ACD"],
    "true_false": lambda q: q.controls("input[value=true]").check(),
    "matching": lambda q: [q.controls("select").nth(n).select_option(index=n + 1) for n in range(3)],
    "ordering": lambda q: [q.controls("select").nth(n).select_option(str(n + 1)) for n in range(4)],
    "fill_in": lambda q: (q.controls("input").nth(0).fill("MASTER_ADDR"), q.controls("input").nth(1).fill("WORLD_SIZE")),
    "numeric": lambda q: q.controls("input").fill("32"),
}
KINDS = list(__import__("quizpages").KINDS.names())


def shoot_kinds(page, origin: str, out: Path) -> None:
    """One picture per kind: the question, its self-check answered, and its answer block open."""
    page.goto(f"{origin}/{PRACTICE}")
    page.evaluate("() => localStorage.clear()")
    page.reload()  # a page without anything kept from an earlier run
    questions = page.locator("ol.quizpages-question")
    for index, kind in enumerate(KINDS):
        question = questions.nth(index)
        details = page.locator("details.quizpages-answer").nth(index)
        if kind in ANSWERS:
            q = Question(page, question.locator("> li[id]").get_attribute("id"))
            ANSWERS[kind](q)
            q.check()
        else:
            details.locator("summary").click()
            details.locator("button[data-judged=got]").click()
        page.wait_for_timeout(300)
        top = question.bounding_box()
        bottom = details.bounding_box()
        page.screenshot(path=str(out / f"kind-{kind}.png"), clip={
            "x": top["x"] - 24, "y": top["y"] - 12, "width": 880,
            "height": bottom["y"] + bottom["height"] - top["y"] + 24})
        print(out / f"kind-{kind}.png")


def main() -> None:
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = copy_site(Path(tmp))
        build(site)
        with StaticServer(site / "site") as server, sync_playwright() as p:
            browser = launch(p)
            page = browser.new_page(viewport={"width": 1100, "height": 1000})
            for language, path in PAGES.items():
                page.goto(f"{server.origin}/{path}")
                page.locator("details.quizpages-answer > summary").nth(2).click()  # reviewed, then closed
                page.locator("details.quizpages-answer > summary").nth(2).click()
                first = Question(page, page.locator("ol.quizpages-question > li[id]").first.get_attribute("id"))
                first.controls("input").nth(1).check()  # a self-check, answered
                first.check()
                page.mouse.move(0, 0)
                page.evaluate("() => window.scrollTo(0, 0)")
                page.wait_for_timeout(800)  # let the header title and details transitions finish
                page.screenshot(path=str(out / f"quiz-{language}.png"))
                page.evaluate("() => localStorage.clear()")
                print(out / f"quiz-{language}.png")
            page.set_viewport_size({"width": 1100, "height": 2400})
            shoot_kinds(page, server.origin, out)
            browser.close()


if __name__ == "__main__":
    main()
