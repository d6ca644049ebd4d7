"""Every mkdocs.yml MkDocs reads gives the same settings to every quizpages command as to the build:
INHERIT, !ENV, !relative, -f from another folder, every way of writing plugins and the theme."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from conftest import copy_site, mkdocs, quizpages

from quizpages.settings import SettingsError
from quizpages.settings.mkdocs_yml import read_settings

PLUGINS = """\
plugins:
  - search
  - quizpages:
      languages: [en]
"""
I18N = """\
plugins:
  - i18n:
      docs_structure: folder
      languages:
        - {locale: en, name: English, default: true}
        - {locale: ko, name: 한국어}
  - quizpages:
      languages: [en, ko]
"""
FOLDERS = ["docs/", "content/", "overrides/", "strings/"]  # under the folder of the config file


def _case(files: dict[str, str], config: str | None = "mkdocs.yml", cwd: str = ".", env: dict | None = None,
          folders: tuple[str, ...] = (".",), encodings: dict[str, str] | None = None) -> dict:
    """A site: `files` (relative to tmp_path), the -f given (None: the one in `cwd`), run from `cwd`; each file
    saved in UTF-8 unless `encodings` names another (with its byte order mark: `utf-16`, `utf-16-be`, `utf-8-sig`)."""
    return {"files": files, "config": config, "cwd": cwd, "env": env or {}, "folders": folders,
            "encodings": encodings or {}}


def _site(name: str = "T") -> str:
    return f"site_name: {name}\n"


CASES = {
    "plain": _case({"mkdocs.yml": _site() + PLUGINS}),
    "mkdocs.yaml found in the folder": _case({"mkdocs.yaml": _site() + PLUGINS}, config=None),
    "plugins as a mapping": _case({"mkdocs.yml": _site() + "plugins:\n  search: {}\n  quizpages:\n"
                                                           "    languages: [en]\n    cache: false\n"}),
    "a bare plugin name": _case({"mkdocs.yml": _site() + "plugins:\n  - search\n  - quizpages\n"}),
    "a plugin named past the theme's namespace": _case({"mkdocs.yml": _site() + "theme: material\nplugins:\n"
                                                                                "  - /quizpages: {cache: false}\n"}),
    "the bundled site's i18n": _case({"mkdocs.yml": _site() + I18N + "docs_dir: content\n"}),
    "i18n disabled": _case({"mkdocs.yml": _site() + I18N.replace("docs_structure: folder",
                                                                 "enabled: false\n      docs_structure: suffix")}),
    "i18n building one locale only": _case({"mkdocs.yml": _site() + I18N.replace(
        "docs_structure: folder", "docs_structure: folder\n      build_only_locale: en").replace(
        "languages: [en, ko]", "languages: [en]")}),
    "i18n with a switcher-only entry": _case({"mkdocs.yml": _site() + I18N.replace(
        "- {locale: ko, name: 한국어}", "- {locale: ko, name: 한국어}\n"
                                      "        - {locale: 'null', name: Blog, fixed_link: 'https://example.org/'}")}),
    "theme as a string, folders as written": _case({"mkdocs.yml": _site() + "theme: material\ndocs_dir: content\n"
                                                   "use_directory_urls: false\n" + PLUGINS.replace(
                                                       "languages: [en]", "languages: [en]\n      strings_dir: "
                                                       "strings\n      cache_dir: build/cache\n      quizzes_dir: q")}),
    "theme as a mapping with custom_dir": _case({"mkdocs.yml": _site() + "theme:\n  name: material\n"
                                                "  custom_dir: overrides\n" + PLUGINS}),
    "theme without a name": _case({"mkdocs.yml": _site() + "theme:\n  name: null\n  custom_dir: overrides\n"
                                  + PLUGINS}),
    "docs_dir outside the config's folder": _case(
        {"site/mkdocs.yml": _site() + "docs_dir: ../pages/./docs\n" + PLUGINS, "pages/docs/": ""},
        config="site/mkdocs.yml"),
    "INHERIT": _case({"mkdocs.yml": "INHERIT: base.yml\n" + _site(),
                      "base.yml": _site("Base") + "docs_dir: content\n" + I18N}),
    "INHERIT chain, each relative to the file inheriting": _case(
        {"site/mkdocs.yml": "INHERIT: config/middle.yml\n" + _site(),
         "site/config/middle.yml": "INHERIT: ../../shared/base.yml\ntheme: {custom_dir: overrides}\n",
         "shared/base.yml": _site("Base") + "theme: {name: material, language: ko}\ndocs_dir: content\n"
                            + PLUGINS.replace("languages: [en]", "languages: [en]\n      strings_dir: strings")},
        config="site/mkdocs.yml", folders=("site",)),
    "INHERIT merges mappings, the inheriting file's lists replace": _case(
        {"mkdocs.yml": "INHERIT: base.yml\n" + _site() + "plugins:\n  quizpages:\n    cache: false\n"
                       "theme:\n  features: [navigation.sections]\nmarkdown_extensions: [toc]\n",
         "base.yml": "theme:\n  name: material\n  custom_dir: overrides\n  features: [search.highlight]\n"
                     "markdown_extensions: [attr_list, admonition]\n"
                     "plugins:\n  search: {}\n  quizpages:\n    languages: [en]\n    quizzes_dir: q\n"}),
    "INHERIT whose plugins list the inheriting file replaces": _case(
        {"mkdocs.yml": "INHERIT: base.yml\n" + _site() + "plugins:\n  - quizpages:\n      languages: [en]\n",
         "base.yml": I18N + "docs_dir: content\n"}),
    "!ENV": _case({"mkdocs.yml": _site() + "site_url: !ENV SITE_URL_UNSET\ndocs_dir: !ENV [QP_DOCS, docs]\n"
                                           "use_directory_urls: !ENV [QP_UNSET, QP_URLS, true]\n" + PLUGINS.replace(
                                               "languages: [en]", "languages: !ENV [QP_LANGS_UNSET, [en, ko]]\n"
                                               "      cache: !ENV [QP_CACHE, true]\n"
                                               "      quizzes_dir: !ENV QP_QUIZZES")},
                  env={"QP_DOCS": "content", "QP_URLS": "false", "QP_CACHE": "false", "QP_QUIZZES": "tests"}),
    "enabled: false": _case({"mkdocs.yml": _site() + PLUGINS + "      enabled: false\n"}),
    "enabled: !ENV [X, true]": _case({"mkdocs.yml": _site() + PLUGINS + "      enabled: !ENV [QP_ENABLED, true]\n"},
                                     env={"QP_ENABLED": "false"}),
    "!relative in markdown_extensions and extra": _case(
        {"mkdocs.yml": _site() + "markdown_extensions:\n  - pymdownx.snippets:\n"
                                 "      base_path: [!relative $config_dir, !relative $docs_dir/snippets]\n"
                                 "extra:\n  here: !relative\n" + PLUGINS}),
    "!relative in folder options": _case(
        {"mkdocs.yml": _site() + "theme:\n  name: material\n  custom_dir: !relative $config_dir/overrides\n"
         + PLUGINS.replace("languages: [en]", "languages: [en]\n      strings_dir: !relative $config_dir/strings\n"
                                              "      cache_dir: !relative $docs_dir/../build")}),
    "a bare !relative, which is docs_dir while MkDocs validates the config": _case(
        {"mkdocs.yml": _site() + "theme:\n  name: material\n  custom_dir: !relative\n"
         + PLUGINS.replace("languages: [en]", "languages: [en]\n      strings_dir: !relative")}),
    "-f from another folder": _case(
        {"site/mkdocs.yml": _site() + "docs_dir: content\ntheme: {name: material, custom_dir: overrides}\n"
                            + PLUGINS.replace("languages: [en]", "languages: [en]\n      strings_dir: strings\n"
                                                                 "      cache_dir: .cache/q"), "elsewhere/": ""},
        config="../site/mkdocs.yml", cwd="elsewhere", folders=("site",)),
    "-f from another folder, INHERIT": _case(
        {"site/mkdocs.yml": "INHERIT: ../shared/base.yml\n" + _site(),
         "shared/base.yml": "docs_dir: content\ntheme: {name: material, custom_dir: overrides}\n"
                            + PLUGINS.replace("languages: [en]", "languages: [en]\n      strings_dir: strings"),
         "elsewhere/deeper/": ""},
        config="../../site/mkdocs.yml", cwd="elsewhere/deeper", folders=("site",)),
    "saved as UTF-16 with its byte order mark (Notepad's \"Unicode\")": _case(
        {"mkdocs.yml": _site("퀴즈") + I18N + "docs_dir: content\n"}, encodings={"mkdocs.yml": "utf-16"}),
    "UTF-16 big-endian inheriting UTF-8 with a byte order mark": _case(
        {"mkdocs.yml": "INHERIT: base.yml\n" + _site("퀴즈"), "base.yml": "docs_dir: content\n" + I18N},
        encodings={"mkdocs.yml": "utf-16-be", "base.yml": "utf-8-sig"}),
    "folders with spaces and Korean names": _case(
        {"내 사이트/mkdocs.yml": "INHERIT: '../공용 설정/base.yml'\n" + _site("퀴즈 사이트"),
         "공용 설정/base.yml": "docs_dir: !ENV [QP_DOCS, docs]\n" + PLUGINS.replace(
             "languages: [en]", "languages: [en]\n      quizzes_dir: 퀴즈 모음\n      strings_dir: 문자열 ")},
        config="내 사이트/mkdocs.yml", env={"QP_DOCS": "문서 폴더"}, folders=("내 사이트", "내 사이트/문서 폴더")),
}


def _write(root: Path, case: dict) -> None:
    for folder in case["folders"]:
        for name in FOLDERS:
            (root / folder / name).mkdir(parents=True, exist_ok=True)
    for name, text in case["files"].items():
        path = root / name
        if name.endswith("/"):
            path.mkdir(parents=True, exist_ok=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            encoding = case["encodings"].get(name, "utf-8")
            mark = "\ufeff" if encoding == "utf-16-be" else ""  # Python's utf-16 and utf-8-sig write their own
            path.write_bytes((mark + textwrap.dedent(text)).encode(encoding))


def _as_mkdocs_reads_it(config_file: str | None):
    """The settings the plugin derives from MkDocs' own config of the site (quizpages.mkdocs.config)."""
    from mkdocs.config import load_config

    from quizpages.mkdocs.config import site_settings

    config = load_config(config_file)
    return site_settings(config, config.plugins["quizpages"].config)


@pytest.mark.parametrize("name", list(CASES))
def test_every_command_reads_the_settings_the_build_reads(tmp_path, monkeypatch, name):
    """The CLI's reader of mkdocs.yml and MkDocs' own loader give quizpages the same settings."""
    case = CASES[name]
    _write(tmp_path, case)
    for variable, value in case["env"].items():
        monkeypatch.setenv(variable, value)
    monkeypatch.chdir(tmp_path / case["cwd"])
    expected = _as_mkdocs_reads_it(case["config"])
    settings, _ = read_settings(case["config"])
    assert settings == expected


@pytest.mark.parametrize("name", ["INHERIT", "!ENV", "enabled: !ENV [X, true]", "-f from another folder, INHERIT"])
def test_inherited_and_environment_settings_are_the_ones_written(tmp_path, monkeypatch, name):
    """Settings from an inherited file, from the environment and from -f elsewhere are the values written there,
    not defaults (so the comparison above cannot pass by both sides reading nothing)."""
    case = CASES[name]
    _write(tmp_path, case)
    for variable, value in case["env"].items():
        monkeypatch.setenv(variable, value)
    monkeypatch.chdir(tmp_path / case["cwd"])
    settings, _ = read_settings(case["config"])
    expected = {
        "INHERIT": {"languages": ("en", "ko"), "docs_dir": str(tmp_path / "content"), "i18n_built": ("en", "ko")},
        "!ENV": {"languages": ("en", "ko"), "cache": False, "quizzes_dir": "tests", "use_directory_urls": False,
                 "docs_dir": str(tmp_path / "content")},
        "enabled: !ENV [X, true]": {"enabled": False},
        "-f from another folder, INHERIT": {"docs_dir": str(tmp_path / "site/content"),
                                            "strings_dir": str(tmp_path / "site/strings"),
                                            "custom_dir": str(tmp_path / "site/overrides")},
    }[name]
    read = {key: settings.i18n.built if key == "i18n_built" else getattr(settings, key) for key in expected}
    assert read == expected


def _inheriting_site(site: Path) -> Path:
    """The bundled site with all of its settings moved to base.yml, which mkdocs.yml inherits."""
    config = site / "mkdocs.yml"
    (site / "base.yml").write_text(config.read_text(encoding="utf-8"), encoding="utf-8")
    config.write_text("INHERIT: base.yml\nsite_name: Inherited\n", encoding="utf-8")
    return site


def test_validate_and_build_work_on_a_site_whose_settings_are_inherited(site_copy, tmp_path_factory):
    """`quizpages validate` checks the quizzes of a site whose plugins are in an INHERITed file, from its folder
    and with -f from another, and `mkdocs build` builds it."""
    site = _inheriting_site(site_copy)
    here = quizpages(site, "validate", "--strict")
    assert here.returncode == 0, here.stderr
    assert "2 quiz files checked: 0 errors, 0 warnings" in here.stderr
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    there = quizpages(elsewhere, "-f", str(Path(os.path.relpath(site, elsewhere)) / "mkdocs.yml"), "validate")
    assert there.returncode == 0 and "2 quiz files checked" in there.stderr, there.stderr
    built = mkdocs(site, "build", "--strict")
    assert built.returncode == 0, built.stderr
    assert (site / "site/ko/quizzes/ai-ml/kubeflow-trainer/index.html").is_file()


BAD = {
    "an INHERIT that does not exist": (
        {"mkdocs.yml": _site() + "INHERIT: nope/base.yml\n" + PLUGINS},
        "mkdocs.yml:2:10: error: INHERIT: nope/base.yml does not exist (Make sure the path is relative to the "
        "folder of mkdocs.yml)"),
    "an INHERIT loop": (
        {"mkdocs.yml": "INHERIT: a/base.yml\n" + _site(), "a/base.yml": "INHERIT: ../b.yml\n" + PLUGINS,
         "b.yml": "INHERIT: a/base.yml\n"},
        "b.yml:1:10: error: INHERIT: the files inherit from each other in a loop (mkdocs.yml -> a/base.yml -> "
        "b.yml -> a/base.yml) (Remove the INHERIT that leads back)"),
    "an INHERIT of itself": (
        {"mkdocs.yml": "INHERIT: ./mkdocs.yml\n" + _site()},
        "mkdocs.yml:1:10: error: INHERIT: the files inherit from each other in a loop (mkdocs.yml -> mkdocs.yml) "
        "(Remove the INHERIT that leads back)"),
    "an INHERIT that is no file name": (
        {"mkdocs.yml": "INHERIT: [base.yml]\n" + _site()},
        "mkdocs.yml:1:10: error: INHERIT: expected the name of a config file (Write `INHERIT: base.yml`, relative "
        "to this file's folder)"),
    "an INHERIT of a folder": (
        {"mkdocs.yml": "INHERIT: docs\n" + _site() + PLUGINS},
        "mkdocs.yml:1:10: error: INHERIT: docs: cannot read the file: Is a directory (INHERIT names a config file, "
        "relative to the folder of the file that inherits it)"),
    "a bad option in the inherited file": (
        {"mkdocs.yml": "INHERIT: base.yml\n" + _site(), "base.yml": PLUGINS.replace("[en]", "[en, en]")},
        "base.yml:4:23: error: plugins.quizpages.languages[1]: 'en' is listed twice (List each language once)"),
    "a bad option inherited and merged": (
        {"mkdocs.yml": "INHERIT: base.yml\n" + _site() + "plugins:\n  quizpages: {cache: false}\n",
         "base.yml": "plugins:\n  quizpages:\n    langauges: [en]\n"},
        "base.yml:3:16: error: plugins.quizpages.langauges: unknown option (Did you mean 'languages'? Known options: "
        "enabled, languages, quizzes_dir, allowed_html, strings_dir, cache, cache_dir, exports)"),
    "invalid YAML in the inherited file": (
        {"mkdocs.yml": "INHERIT: base.yml\n" + _site(), "base.yml": "plugins:\n  - quizpages: {languages: [en}\n"},
        "base.yml:2:31: error: invalid YAML: expected ',' or ']', but got '}' (Check the quoting and indentation on "
        "this line and the one before)"),
    "an unknown !relative prefix": (
        {"mkdocs.yml": _site() + "extra:\n  x: !relative $site_dir/x\n" + PLUGINS},
        "mkdocs.yml:3:6: error: unknown prefix '$site_dir' in !relative (Make sure to start the path with "
        "$config_dir or $docs_dir)"),
    "a path after a bare !relative": (
        {"mkdocs.yml": _site() + "extra:\n  x: !relative snippets\n" + PLUGINS},
        "mkdocs.yml:3:6: error: !relative alone means the folder of the page being rendered and takes no path "
        "(Write `!relative $config_dir/snippets` for a path beside the config file)"),
    "!relative as docs_dir": (
        {"mkdocs.yml": _site() + "docs_dir: !relative $config_dir/docs\n" + PLUGINS},
        "mkdocs.yml:2:11: error: docs_dir: expected a folder name (Write `docs_dir: docs`, relative to the folder "
        "of mkdocs.yml)"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_config_mkdocs_refuses_is_one_located_error(tmp_path, name):
    """A config file MkDocs cannot use is one error naming the file, line and column it was written at, exit 2,
    no traceback; and MkDocs refuses it too."""
    files, message = BAD[name]
    _write(tmp_path, _case(files))
    result = quizpages(tmp_path, "validate")
    assert "Traceback" not in result.stderr
    assert (result.returncode, result.stderr.strip()) == (2, message)
    assert mkdocs(tmp_path, "build").returncode != 0


def test_a_site_left_without_the_plugin_by_the_inheriting_files_list_is_told_so(tmp_path):
    """The inheriting file's `plugins:` list replaces the inherited one, so quizpages listed in base.yml only is not
    one of the site's plugins: a located error, as with no INHERIT."""
    _write(tmp_path, _case({"mkdocs.yml": "INHERIT: base.yml\n" + _site() + "plugins: [search]\n",
                            "base.yml": PLUGINS}))
    result = quizpages(tmp_path, "validate")
    assert (result.returncode, result.stderr.strip()) == (2, (
        "mkdocs.yml:3:10: error: plugins: quizpages is not one of this site's plugins (Add `- quizpages:` under "
        "`plugins:`, with `languages: [en, ko]` under it)"))


def test_an_inherited_file_outside_the_working_folder_is_named_as_reached(tmp_path, monkeypatch):
    """An error in a file outside the working folder names it by the path INHERIT reaches it by."""
    _write(tmp_path, _case({"site/mkdocs.yml": "INHERIT: ../shared/base.yml\n" + _site(),
                            "shared/base.yml": "plugins:\n  - quizpages: {cache: 1}\n"}))
    monkeypatch.chdir(tmp_path / "site")
    with pytest.raises(SettingsError) as raised:
        read_settings("mkdocs.yml")
    assert raised.value.messages == [
        "../shared/base.yml:2:24: error: plugins.quizpages.cache: expected true or false, not a number "
        "(Write `cache: true` or `cache: false`)"]


@pytest.mark.parametrize("given", ["nowhere.yml", "content"])
def test_a_config_file_given_with_f_that_cannot_be_read_says_how_to_name_one(site_copy, given):
    """`quizpages -f nowhere.yml validate` (a typo, or a folder) is a bad command line: exit 2, one line saying
    what is wrong and what to pass instead, no traceback."""
    result = quizpages(site_copy, "-f", given, "validate")
    assert result.returncode == 2
    reason = "No such file or directory" if given == "nowhere.yml" else "Is a directory"
    assert result.stderr == (f"{given}: error: cannot read the file: {reason} (Pass the site's mkdocs.yml with -f, "
                             "or run the command in the site's folder)\n"), result.stderr
