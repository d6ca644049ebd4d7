"""Screenshots of the quiz page in each language for the README: docs/screenshots/quiz-<lang>.png.

Builds the bundled site, serves it on loopback and photographs it with Debian's Chromium.
Run: .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import StaticServer, launch  # noqa: E402
from conftest import build, copy_site  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PAGES = {"en": "quizzes/ai-ml/kubeflow-trainer/", "ko": "ko/quizzes/ai-ml/kubeflow-trainer/"}


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
                check = page.locator("fieldset.quizpages-selfcheck").first  # a self-check, answered
                check.locator("input").nth(1).check()
                check.get_by_role("button").click()
                page.mouse.move(0, 0)
                page.evaluate("() => window.scrollTo(0, 0)")
                page.wait_for_timeout(800)  # let the header title and details transitions finish
                page.screenshot(path=str(out / f"quiz-{language}.png"))
                page.evaluate("() => localStorage.clear()")
                print(out / f"quiz-{language}.png")
            browser.close()


if __name__ == "__main__":
    main()
