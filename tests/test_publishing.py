"""Publishing files: GitHub workflows, the pre-commit hook, and the ProperDocs build."""

from __future__ import annotations

import re
import shlex
import subprocess

import pytest
import yaml
from conftest import BIN, KUBEFLOW_QUIZ, ROOT, copy_site, run, soup

WORKFLOWS = [ROOT / ".github" / "workflows" / "ci.yml", ROOT / ".github" / "workflows" / "pages.yml"]
QUIZ_FILE = str(KUBEFLOW_QUIZ)


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_matches_githubs_schema(workflow):
    """Each workflow file is valid against GitHub's workflow schema, so GitHub will run it."""
    result = run([str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows", str(workflow)],
                 cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


# actionlint with shellcheck on every `run:` script, both from the test extra, as the pre-commit hook runs it.
ACTIONLINT_HOOK = ".venv/bin/actionlint -shellcheck=.venv/bin/shellcheck"


def _actionlint(*workflows) -> subprocess.CompletedProcess:
    return run([str(BIN / "actionlint"), f"-shellcheck={BIN / 'shellcheck'}", "-no-color", "-oneline",
                *map(str, workflows)], cwd=ROOT)


def test_actionlint_finds_nothing_in_the_workflows():
    """actionlint finds nothing in any workflow: every action runs on a runtime GitHub's runners still have
    (Node 20 is dropped on 2026-09-23), and every expression, runner label and script is sound."""
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.y*ml"))
    assert workflows == sorted(WORKFLOWS)
    result = _actionlint(*workflows)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


BAD_WORKFLOW = """\
on: pull_request
permissions: {}
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: echo "${{ github.event.pull_request.title }}"
      - run: cat $GITHUB_EVENT_PATH
"""


def test_actionlint_fails_on_a_workflow_with_findings(tmp_path):
    """The check above fails, naming file and line, on an action that runs on Node 20, on untrusted input in a
    script and on what shellcheck reports in a script."""
    workflow = tmp_path / ".github" / "workflows" / "bad.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text(BAD_WORKFLOW, encoding="utf-8")
    result = _actionlint(workflow)
    assert result.returncode == 1, result.stdout + result.stderr
    findings = result.stdout.splitlines()
    assert [re.search(r"bad\.yml:(\d+):\d+: .*\[(\w+)\]$", line).groups() for line in findings] == [
        ("7", "action"), ("8", "expression"), ("9", "shellcheck")], result.stdout
    assert 'runtime "node20" is deprecated' in findings[0]


def test_pre_commit_runs_actionlint_on_the_workflows():
    """The project's pre-commit config runs the same actionlint check on every workflow it changes."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hook = next(h for repo in config["repos"] for h in repo["hooks"] if h["id"] == "actionlint")
    assert hook["entry"] == ACTIONLINT_HOOK and hook["language"] == "system"
    assert all(re.search(hook["files"], p.relative_to(ROOT).as_posix()) for p in WORKFLOWS)
    assert not re.search(hook["files"], "mkdocs.yml")


def _steps(workflow) -> str:
    data = yaml.safe_load(workflow.read_text(encoding="utf-8"))
    return "\n".join(str(step.get("run", step.get("uses", ""))) for job in data["jobs"].values()
                     for step in job.get("steps", []))


def test_ci_workflow_runs_every_check_on_pull_requests():
    """Pull requests get validate, status annotations, a strict build, ProperDocs and make test."""
    data = yaml.safe_load(WORKFLOWS[0].read_text(encoding="utf-8"))
    assert "pull_request" in data[True]  # PyYAML reads the key `on` as True
    steps = _steps(WORKFLOWS[0])
    for command in ("quizpages validate", "quizpages status --format github", "mkdocs build --strict",
                    "properdocs build --strict -f mkdocs.yml", "make test"):
        assert command in steps


def test_pages_workflow_builds_the_project_site_and_deploys():
    """Pushes to main build with SITE_URL on <owner>.github.io/<repo>/ and deploy with the Pages actions."""
    data = yaml.safe_load(WORKFLOWS[1].read_text(encoding="utf-8"))
    assert data[True]["push"]["branches"] == ["main"]
    assert data["jobs"]["build"]["env"]["SITE_URL"] == (
        "https://${{ github.repository_owner }}.github.io/${{ github.event.repository.name }}/")
    steps = _steps(WORKFLOWS[1])
    assert "make build" in steps and "actions/upload-pages-artifact" in steps and "actions/deploy-pages" in steps
    assert "mkdocs build --strict" in (ROOT / "Makefile").read_text(encoding="utf-8")


def test_pre_commit_hook_entry_is_a_working_command(site_copy):
    """The hook's entry runs: it passes a valid quiz and fails a broken one with a located error."""
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "quizpages-validate")
    entry = shlex.split(hook["entry"])
    assert entry[0] == "quizpages"
    assert hook["language"] == "python"
    assert re.search(hook["files"], QUIZ_FILE) and not re.search(hook["files"], "mkdocs.yml")
    command = [str(BIN / entry[0]), *entry[1:]]
    ok = run([*command, QUIZ_FILE], cwd=site_copy)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    broken = site_copy / QUIZ_FILE
    broken.write_text(broken.read_text(encoding="utf-8").replace("kind: short_answer", "kind: essay", 1),
                      encoding="utf-8")
    failed = run([*command, QUIZ_FILE], cwd=site_copy)
    assert failed.returncode == 1
    assert re.search(r"kubeflow-trainer\.yml:\d+:\d+: error: .*essay", failed.stdout), failed.stdout


def test_project_pre_commit_config_uses_the_same_command():
    """The project's own pre-commit config validates quiz files and checks the schema."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    entries = [h["entry"] for repo in config["repos"] for h in repo["hooks"]]
    assert ".venv/bin/quizpages validate --strict" in entries
    assert ".venv/bin/quizpages schema --check" in entries
    schema_hook = next(h for repo in config["repos"] for h in repo["hooks"] if h["id"] == "quizpages-schema")
    declarations = [p.relative_to(ROOT).as_posix() for p in (ROOT / "plugins/quizpages").rglob("*.py")
                    if "declared(" in p.read_text(encoding="utf-8") or p.name == "schema.py"]
    assert declarations and all(re.search(schema_hook["files"], d) for d in declarations), declarations


def test_site_builds_with_properdocs(tmp_path):
    """`properdocs build --strict -f mkdocs.yml` builds the site with its quiz pages in both languages."""
    site = copy_site(tmp_path)
    result = run([str(BIN / "properdocs"), "build", "--strict", "-f", "mkdocs.yml"], cwd=site)
    assert result.returncode == 0, result.stdout + result.stderr
    for prefix in ("", "ko/"):
        page = soup(site / "site" / prefix / "quizzes/ai-ml/kubeflow-trainer/index.html")
        assert len(page.select("article details")) == 10
