"""Answer blocks taken whole however they close, HTML answer blocks, placeholders as text, hands-on tasks."""

from __future__ import annotations

import re

import pytest

from quizpages import load_quiz
from quizpages.check.html_policy import allowed_tags
from quizpages.load import dump_quiz, importer

STRAY = """# Quiz

1. What does a `Pod` hold?
   - A) Nodes
   - B) Containers

<details>
<summary>Show Answer</summary>

**Answer: B**

**Explanation:** One or more containers.</details>
</details>

2. Which command lists them?
   - A) `kubectl get pods`
   - B) `kubectl get nodes`

   <details>
   <summary>Show Answer</summary>

   **Answer: A**

   Close a block with `</details>`, shown as code.
   </details>

## Hands-on Questions

3. Write a Pod manifest.

<details>
<summary>Show Answer</summary>

```yaml
kind: Pod
```</details>

4. Run it.

<details>
<summary>Show Answer</summary>

```bash
kubectl apply -f pod.yaml
```
</details>

> Well done.
> </details>

---
</details>
"""


def texts(quiz) -> list[str]:
    return [value for slot in quiz.texts() for _, value in slot.text.items()]


def valid(quiz, tmp_path) -> list:
    """What `quizpages validate` says of the quiz's file (its checks on one file, HTML policy included)."""
    path = tmp_path / "quiz.yml"
    path.write_text(dump_quiz(quiz), encoding="utf-8")
    return load_quiz(str(path), quiz.id, quiz.languages)[1]


def merged(text: str, language: str = "en"):
    page = importer.parse_page("p.md", text, language, allowed_tags())
    return page, importer.merge_pages("x/quiz", {language: page}, (language,)).quiz


def test_a_stray_details_close_is_left_out_wherever_it_is(tmp_path):
    """A `</details>` after a sentence, after a block, after a code block, in a closing quote or after a rule
    never reaches a text; each answer block is read whole, and the file validates."""
    page, quiz = merged(STRAY)
    assert [q.answer_key or q.answer for q in page.questions] == [
        "B", "A", "```yaml\nkind: Pod\n```", "```bash\nkubectl apply -f pod.yaml\n```"]
    assert page.questions[0].explanation == "One or more containers."
    assert page.questions[1].explanation == "Close a block with `</details>`, shown as code."
    assert page.closing == "> Well done."
    assert not any("</details>" in re.sub(r"`[^`]*`", "", t) for t in texts(quiz))
    assert [f.problem.source.line for f in page.findings if f.kind == "stray-details"] == [13, 49, 52]
    assert valid(quiz, tmp_path) == []


def test_placeholders_in_prose_become_text_and_code_stays(tmp_path):
    """`<endpoint-id>` and `<YOUR_TOKEN>` read as text; in code they stay as written; allowed HTML stays HTML."""
    page, quiz = merged("1. What is <endpoint-id> in `get <endpoint-id>`, with <YOUR_TOKEN>?\n\n"
                        "<details>\n<summary>Show Answer</summary>\n\n"
                        "**Answer:** An address of <service-name>, see <https://kubernetes.io> and <br> "
                        "<a href=\"https://k8s.io\">docs</a>.\n\n```bash\ncurl http://<host>:<port>/\n```\n"
                        "</details>\n")
    [question] = page.questions
    assert question.prompt == "What is &lt;endpoint-id&gt; in `get <endpoint-id>`, with &lt;YOUR_TOKEN&gt;?"
    assert question.answer == ("An address of &lt;service-name&gt;, see <https://kubernetes.io> and <br> "
                               "[docs](https://k8s.io).\n\n```bash\ncurl http://<host>:<port>/\n```")
    assert page.findings == []
    assert valid(quiz, tmp_path) == []


def test_html_the_site_does_not_allow_becomes_text_with_a_warning(tmp_path):
    """`<kbd>` on the source page was HTML: written as text, with a warning naming the setting that allows it."""
    page, quiz = merged("1. Which keys copy?\n\n" + "<details>\n<summary>Show Answer</summary>\n\n"
                        "Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n</details>\n")
    assert page.questions[0].answer == "Press &lt;kbd&gt;Ctrl&lt;/kbd&gt;+&lt;kbd&gt;C&lt;/kbd&gt;."
    [finding] = page.findings
    assert (finding.kind, finding.problem.source.line) == ("html-as-text", 6)
    assert "plugins.quizpages.allowed_html" in finding.problem.hint
    assert valid(quiz, tmp_path) == []
    kept = importer.parse_page("p.md", "1. Which keys?\n\n<details>\n<summary>Show Answer</summary>\n\n"
                               "<kbd>C</kbd>\n</details>\n", "en", allowed_tags(["kbd"]))
    assert kept.questions[0].answer == "<kbd>C</kbd>"


@pytest.mark.parametrize("tag", ['<img src="x.png" onerror="alert(1)">', '<a href="javascript:alert(1)">docs</a>',
                                 '<a href="jav&#x61;script:alert(1)">docs</a>', '<img src="x" ONLOAD=alert(1)>',
                                 '<a href=" java\tscript:alert(1)">docs</a>'])
def test_allowed_html_given_a_handler_or_a_script_url_becomes_text_with_a_warning(tmp_path, tag):
    """An `<img>` or `<a>` the site allows, given an event handler or a script URL on the source page, is written
    as text with a warning at its line, and the quiz is imported (the validator would refuse the whole quiz)."""
    page, quiz = merged("1. Which image?\n\n<details>\n<summary>Show Answer</summary>\n\n"
                        f"This one: {tag}.\n</details>\n")
    assert page.questions[0].answer == "This one: " + tag.replace("<", "&lt;").replace(">", "&gt;") + "."  # text
    [finding] = page.findings
    assert (finding.kind, finding.problem.source.line) == ("html-as-text", 6)
    assert "event handler or a script URL" in finding.problem.message
    assert "allowed_html" not in finding.problem.hint  # allowing the tag is no fix
    assert valid(quiz, tmp_path) == []


def test_a_handler_in_a_tag_over_two_lines_or_after_a_quoted_angle_bracket_is_found_and_nothing_else_is(tmp_path):
    """A browser reads a tag over two lines and a `>` inside quotes as part of the tag: such a tag with a handler
    is written as text too, its `>` on a line of its own included (no quote starts there); an unclosed unsafe
    link in one answer leaves another answer's link alone."""
    page, quiz = merged("1. Which image?\n\n<details>\n<summary>Show Answer</summary>\n\n"
                        '<img src="x.png"\n  onerror="alert(1)"> and <a title=">" onclick="alert(1)">docs</a>\n\n'
                        'Because <a href = "JaVaScRiPt:alert(4)"\n>click</a> is bad.\n\n'
                        'An unclosed <a href="javascript:x">bad.\n</details>\n\n'
                        "2. Which docs?\n\n<details>\n<summary>Show Answer</summary>\n\n"
                        'See <a href="https://k8s.io" title="t">the docs</a>.\n</details>\n')
    first, second = page.questions
    assert "<img" not in first.answer and "<a " not in first.answer and "</a>" not in first.answer
    assert [(f.kind, f.problem.source.line) for f in page.findings] == [("html-as-text", line) for line in (6, 7, 9, 12)]
    import markdown

    assert "<blockquote>" not in markdown.markdown(first.answer)  # a tag's ">" opening a line is no quote
    assert second.answer == "See [the docs](https://k8s.io)."  # a link, as the importer writes a safe <a>
    assert valid(quiz, tmp_path) == []


def test_allowed_html_with_safe_attributes_stays_html():
    """The same tags with a plain image or an https link stay HTML."""
    page = importer.parse_page("p.md", "1. Which?\n\n<details>\n<summary>Show Answer</summary>\n\n"
                               '<img src="x.png" alt="onion"> <a href="https://k8s.io/data:x">docs</a>\n</details>\n',
                               "en", allowed_tags([]))
    assert page.questions[0].answer.startswith('<img src="x.png" alt="onion">') and page.findings == []


HTML_ANSWERS = """1. Which object asks for a backup?
   - A) `Backup`
   - B) `CronJob`

<details>
<summary>Show Answer</summary>
<p><strong>Answer</strong>: A) <code>Backup</code></p>
<p><strong>Explanation</strong>: The operator watches <code>Backup</code> objects;<br>see
<a href="https://cloudnative-pg.io">the docs</a>.</p>
</details>

2. List the clusters.

<details>
  <summary><strong>Show Answer</strong></summary>
  <p><strong>Answer:</strong></p>
  <pre><code class="language-bash">kubectl get clusters -n db &amp;&amp; echo &lt;done&gt;
  </code></pre>
</details>
"""


def test_html_answer_blocks_give_their_letter_and_explanation(tmp_path):
    """`<p><strong>Answer</strong>: A) ...</p>` names A; the explanation and a `<pre><code>` block read as Markdown."""
    page, quiz = merged(HTML_ANSWERS)
    first, second = page.questions
    assert (first.answer_key, first.answer_line) == ("A", 7)
    assert first.explanation == ("The operator watches `Backup` objects;<br>see\n"
                                 "[the docs](https://cloudnative-pg.io).")
    assert second.answer == "```bash\nkubectl get clusters -n db && echo <done>\n```"
    assert page.findings == []
    assert valid(quiz, tmp_path) == []


def test_a_hands_on_task_keeps_its_heading_sentence_steps_and_block():
    """A task written as a heading, a sentence, numbered steps and a shell block is one question, whole, even
    as the first question of a page."""
    page, _ = merged("# Lab\n\n## Hands-on Questions\n\n### Roll back the release\n\nThe new version fails.\n\n1. Check the history.\n"
                     "2. Undo the rollout.\n\n```bash\nkubectl rollout history deployment/web\n```\n\n"
                     "<details>\n<summary>Show Answer</summary>\n\n```bash\nkubectl rollout undo deployment/web\n```\n"
                     "</details>\n\n### Scale it\n\nScale the Deployment to 5 replicas:\n\n```yaml\nspec:\n"
                     "  replicas: 2\n```\n\n<details>\n<summary>Show Answer</summary>\n\n"
                     "```bash\nkubectl scale deployment/web --replicas=5\n```\n</details>\n")
    first, second = page.questions
    assert (first.title, first.prompt) == ("Roll back the release", "The new version fails.\n\n"
                                           "1. Check the history.\n2. Undo the rollout.\n\n```bash\n"
                                           "kubectl rollout history deployment/web\n```")
    assert (second.title, second.prompt) == ("Scale it", "Scale the Deployment to 5 replicas:\n\n```yaml\nspec:\n"
                                             "  replicas: 2\n```")
    assert (first.kind, second.kind, page.intro) == ("hands_on", "hands_on", None)


CHOOSE_ALL = """# Quiz

1. Which ones are {kind}?
   A) Alpha
   B) Beta
   C) Gamma

<details>
<summary>Show Answer</summary>

**Answer: {answer}**

Both.

</details>
"""


def test_an_answer_naming_several_options_is_refused_not_imported_as_its_first():
    """`**Answer: A, C**` (and A and C, A & C, (A), (C), A와 C) would have become `answer: A`, so a reader who
    picks A alone is marked right: the page is refused at its answer block, with the letters it names. An
    answer that names one option, or prose, is read as before."""
    for answer in ("A, C", "A and C", "A & C", "(A), (C)", "A, B, and C", "A와 C", "A, C.", "Ａ，Ｃ"):
        page, _quiz = merged(CHOOSE_ALL.format(kind="right", answer=answer))
        [finding] = [f for f in page.findings if f.kind == "answer-several-letters"]
        assert finding.problem.severity == "error" and finding.problem.source.line == 8, answer  # its block
        assert "names several options (A, " in finding.problem.message, answer
    for answer, key in (("B", "B"), ("B) Beta", "B"), ("A/B", None), ("A pod and B", None)):
        page, _quiz = merged(CHOOSE_ALL.format(kind="right", answer=answer))
        assert "answer-several-letters" not in [f.kind for f in page.findings], answer
        if key:
            assert page.questions[0].answer_key == key


@pytest.mark.parametrize("second, warned", [("**Answer: A**", True), ("**Answer: B**", False),
                                            ("**Answer:** A) Chart", True)])
def test_a_second_answer_line_naming_another_option_is_a_warning(tmp_path, second, warned):
    """An answer block holding "**Answer: B) ...**" then "**Answer: A**" keeps B (the first) and says so, since
    the explanation would then start with the other letter; a second line agreeing with the first is no news."""
    page, quiz = merged("1. What is a release?\n   - A) Chart\n   - B) An installed chart\n\n"
                        "<details>\n<summary>Show Answer</summary>\n\n**Answer: B) An installed chart**\n\n"
                        f"{second}\n\n**Explanation:** One install.\n</details>\n")
    assert page.questions[0].answer_key == "B"
    twice = [f for f in page.findings if f.kind == "answer-twice"]
    assert [(f.problem.source.line, "option B, then option A" in f.problem.message) for f in twice] == (
        [(10, True)] if warned else [])  # at the second answer line
    assert valid(quiz, tmp_path) == []
