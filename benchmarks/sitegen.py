"""Generate the three benchmark sites from N seed-shaped quizzes.

Every site shares the bundled site's theme, Markdown extensions, language setup
(mkdocs-static-i18n, en + ko) and small explicit nav; only the quiz pages differ:

- ``quizpages``: YAML files under content/quizzes, built through the plugin;
- ``floor``: the very Markdown the plugin would generate, written by hand into
  content/<lang>/quizzes/, built without the plugin (the cost of the pages themselves);
- ``mkdocs-quiz``: the same questions in mkdocs-quiz 1.7.1's ``<quiz>`` syntax.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SITES = ("quizpages", "floor", "mkdocs-quiz")
GROUP = "bench"  # quiz ids are bench/q0001 ...: one folder of the index, like one topic
LANGUAGES = ("en", "ko")

_EN = {
    "title": "Distributed Training Quiz {n}",
    "intro": "This quiz tests your understanding of operators, `TrainJob` runtimes and gang scheduling, part {n}.",
    "mc": "Which statement about the `TrainJob` controller is true in scenario {n}.{q}?",
    "opt": ["It injects `MASTER_ADDR`, `RANK` and `WORLD_SIZE` into every worker ({n}.{q})",
            "It requires one CRD per framework, each with its own controller ({n}.{q})",
            "It schedules pods one by one without any gang semantics ({n}.{q})",
            "It submits jobs with `kubectl run` and bakes arguments into the image ({n}.{q})"],
    "expl": "The unified runtime model sets the rendezvous variables for `torch.distributed`, so every "
            "worker can join the process group; the other options describe the legacy operator ({n}.{q}).",
    "sa": "Why does a headless Service matter for distributed training in case {n}.{q}?",
    "sa_answer": "It gives every worker pod a stable DNS name, so peers find each other without a load "
                  "balancer in the way ({n}.{q}).",
}
_KO = {
    "title": "분산 학습 퀴즈 {n}",
    "intro": "이 퀴즈는 오퍼레이터, `TrainJob` 런타임, 갱 스케줄링에 대한 이해를 확인합니다. {n}부.",
    "mc": "시나리오 {n}.{q}에서 `TrainJob` 컨트롤러에 대한 설명으로 옳은 것은?",
    "opt": ["모든 워커에 `MASTER_ADDR`, `RANK`, `WORLD_SIZE`를 주입한다 ({n}.{q})",
            "프레임워크마다 CRD와 컨트롤러가 하나씩 필요하다 ({n}.{q})",
            "갱 스케줄링 없이 파드를 하나씩 스케줄링한다 ({n}.{q})",
            "`kubectl run`으로 작업을 제출하고 인자를 이미지에 넣는다 ({n}.{q})"],
    "expl": "통합 런타임 모델은 `torch.distributed`의 랑데부 변수를 설정하므로 모든 워커가 프로세스 그룹에 "
            "참여할 수 있습니다. 나머지 보기는 레거시 오퍼레이터를 설명합니다 ({n}.{q}).",
    "sa": "사례 {n}.{q}에서 헤드리스 서비스가 분산 학습에 중요한 이유는?",
    "sa_answer": "모든 워커 파드에 고정 DNS 이름을 주므로 로드 밸런서 없이 서로를 찾을 수 있습니다 ({n}.{q}).",
}
_TEXTS = {"en": _EN, "ko": _KO}


def quiz_id(n: int) -> str:
    return f"{GROUP}/q{n:04d}"


def quiz_data(n: int, count: int) -> dict:
    """Quiz number `n` (1-based) of `count`: 7 multiple-choice questions with 4 options, 3 short answers."""
    def both(key: str, q: int = 0, index: int | None = None) -> dict:
        out = {}
        for lang, texts in _TEXTS.items():
            text = texts[key] if index is None else texts[key][index]
            out[lang] = text.format(n=n, q=q)
        return out

    questions = []
    for q in range(1, 8):
        questions.append({
            "id": f"mc-{q}", "kind": "multiple_choice", "question": both("mc", q),
            "options": [both("opt", q, i) for i in range(4)],
            "answer": "A",  # option A is the true statement
            "explanation": both("expl", q),
        })
    for q in range(8, 11):
        questions.append({"id": f"sa-{q}", "kind": "short_answer", "question": both("sa", q),
                          "answer": both("sa_answer", q), "explanation": both("expl", q)})
    data = {"title": both("title"), "intro": both("intro"),
            "learning_material": "../../ai-ml/kubeflow-trainer.md", "questions": questions}
    if n < count:
        data["next"] = f"./q{n + 1:04d}.md"
    return data


def _base_site(dest: Path) -> str:
    """Copy the bundled site's pages, overrides and strings (without its quizzes); return its mkdocs.yml."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    shutil.copytree(ROOT / "content", dest / "content", ignore=shutil.ignore_patterns("quizzes"))
    for name in ("overrides", "strings"):
        shutil.copytree(ROOT / name, dest / name)
    for page in (dest / "content").glob("*/ai-ml/*.md"):  # its seed quiz is not in the benchmark sites
        page.write_text(page.read_text(encoding="utf-8").replace(
            "../quizzes/ai-ml/kubeflow-trainer.md", "../quizzes/index.md"), encoding="utf-8")
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return text


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _config_without_quizpages(text: str, replacement: str = "") -> str:
    """mkdocs.yml with the `- quizpages:` plugin entry (the last one) replaced."""
    head, sep, _tail = text.partition("  - quizpages:")
    assert sep, "the bundled mkdocs.yml lists quizpages last among its plugins"
    return head + replacement


def write_quiz_files(quizzes_dir: Path, count: int) -> list[Path]:
    out = []
    for n in range(1, count + 1):
        path = quizzes_dir / f"{quiz_id(n)}.yml"
        _write(path, yaml.safe_dump(quiz_data(n, count), allow_unicode=True, sort_keys=False, width=100))
        out.append(path)
    return out


def make_quizpages(dest: Path, count: int) -> Path:
    config = _base_site(dest)
    _write(dest / "mkdocs.yml", config)
    write_quiz_files(dest / "content" / "quizzes", count)
    return dest


def make_floor(dest: Path, count: int) -> Path:
    """The pages the plugin generates, rendered once here and written out as plain Markdown."""
    from quizpages import QuizSite, SiteSettings  # the core only: no MkDocs

    config = _base_site(dest)
    _write(dest / "mkdocs.yml", _config_without_quizpages(config))
    staging = dest / "_yaml"
    write_quiz_files(staging, count)
    site = QuizSite(SiteSettings(root=str(dest), docs_dir=str(dest / "content"), languages=LANGUAGES),
                    use_cache=False)
    catalog = site.load(folder=str(staging))
    assert not catalog.errors, [p.render() for p in catalog.errors]
    renderer = site.renderer(catalog)
    for lang in LANGUAGES:
        for qid, quiz in catalog.quizzes.items():
            _write(dest / "content" / lang / "quizzes" / f"{qid}.md", renderer.quiz_page(quiz, lang))
        _write(dest / "content" / lang / "quizzes" / "index.md", renderer.index_page(lang))
    shutil.rmtree(staging)
    return dest


def _mkdocs_quiz_page(data: dict, lang: str) -> str:
    """One quiz page in mkdocs-quiz syntax: a <quiz> block per question, answers marked [x]."""
    t = lambda d: d[lang]  # noqa: E731
    lines = [f"# {t(data['title'])}", "", t(data["intro"]), "", "## Questions", ""]
    for q in data["questions"]:
        lines.append("<quiz>")
        lines.append(t(q["question"]))
        if q["kind"] == "multiple_choice":
            correct = "ABCD".index(q["answer"])
            for i, option in enumerate(q["options"]):
                lines.append(f"- [{'x' if i == correct else ' '}] {t(option)}")
            lines += ["", t(q["explanation"]), "</quiz>", ""]
        else:  # short answers are mkdocs-quiz's fill-in-the-blank: the answer in [[...]], content after ---
            lines += ["", f"[[{t(q['answer'])}]]", "", "---", t(q["explanation"]), "</quiz>", ""]
    footer = "[Return to Learning Materials](../../ai-ml/kubeflow-trainer.md)"
    if "next" in data:
        footer += f" | [Next]({data['next']})"
    lines += ["---", "", footer, ""]
    return "\n".join(lines)


def make_mkdocs_quiz(dest: Path, count: int) -> Path:
    config = _base_site(dest)
    _write(dest / "mkdocs.yml", _config_without_quizpages(config, "  - mkdocs_quiz\n"))
    for lang in LANGUAGES:
        index = ["# Quizzes", ""]
        for n in range(1, count + 1):
            data = quiz_data(n, count)
            _write(dest / "content" / lang / "quizzes" / f"{quiz_id(n)}.md", _mkdocs_quiz_page(data, lang))
            index.append(f"- [{data['title'][lang]}]({quiz_id(n)}.md)")
        _write(dest / "content" / lang / "quizzes" / "index.md", "\n".join(index) + "\n")
    return dest


MAKERS = {"quizpages": make_quizpages, "floor": make_floor, "mkdocs-quiz": make_mkdocs_quiz}


def make_sites(root: Path, count: int, sites: tuple[str, ...] = SITES) -> dict[str, Path]:
    return {name: MAKERS[name](root / name, count) for name in sites}
