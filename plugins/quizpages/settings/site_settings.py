"""What quizpages knows of a site: its folders, the plugin's options, and mkdocs-static-i18n's languages.

Made from MkDocs' own config by the plugin (quizpages.mkdocs.config) and from
mkdocs.yml by the CLI (`mkdocs_yml`), then checked by the same `check_site`,
so the build and every command agree on what a site's settings mean.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..check.rendered_html import DEFAULT_EXTENSIONS, Extensions
from .options import BY_NAME


@dataclass(frozen=True)
class I18nLanguage:
    """One entry of mkdocs-static-i18n's `languages`."""

    locale: str
    name: str
    default: bool = False
    build: bool = True


@dataclass(frozen=True)
class I18nSettings:
    """The parts of mkdocs-static-i18n's configuration that quiz pages depend on."""

    docs_structure: str
    languages: tuple[I18nLanguage, ...]

    @property
    def default(self) -> str | None:
        """The language at the site root: the one with `default: true` and `build: true`."""
        return next((lang.locale for lang in self.languages if lang.default and lang.build), None)

    @property
    def built(self) -> tuple[str, ...]:
        return tuple(lang.locale for lang in self.languages if lang.build)


@dataclass(frozen=True)
class SiteSettings:
    root: str  # the folder of mkdocs.yml (or the working folder when there is none)
    docs_dir: str  # absolute
    config_file: str | None = None
    languages: tuple[str, ...] = BY_NAME["languages"].default
    quizzes_dir: str = BY_NAME["quizzes_dir"].default  # under docs_dir
    allowed_html: tuple[str, ...] = ()
    strings_dir: str | None = None  # absolute
    custom_dir: str | None = None  # the theme's custom_dir, absolute
    cache: bool = True
    cache_dir: str = ""  # absolute; "" means the default beside mkdocs.yml
    enabled: bool = True
    use_directory_urls: bool = True
    i18n: I18nSettings | None = None
    exports: tuple[str, ...] = ()  # the LMS export formats the site publishes
    # MkDocs' `exclude_docs`, its gitignore-style lines: files of the docs folder MkDocs never builds
    exclude_docs: tuple[str, ...] = ()
    site_url: str | None = field(default=None, compare=False)  # where exports' links lead; pages need it not
    # The site's Markdown extensions with their options, as MkDocs loads them: quiz text is checked as they
    # render it, and exports in HTML use them. Not compared: an option built from a Python tag (a slugify
    # function) and another plugin's extension object are new objects at every build.
    markdown_extensions: Extensions = field(default=DEFAULT_EXTENSIONS, compare=False)

    @property
    def source_language(self) -> str:
        return self.languages[0]

    @property
    def quizzes_path(self) -> str:
        return os.path.join(self.docs_dir, self.quizzes_dir)

    @property
    def cache_path(self) -> str:
        return self.cache_dir or os.path.join(self.root, BY_NAME["cache_dir"].default)

    @property
    def override_dirs(self) -> tuple[str, ...]:
        return (self.custom_dir,) if self.custom_dir else ()

    @property
    def strings_dirs(self) -> tuple[str, ...]:
        return (self.strings_dir,) if self.strings_dir else ()

    def language_name(self, language: str) -> str | None:
        """The name the site gives a language (mkdocs-static-i18n's `name:`), if it gives one."""
        for entry in self.i18n.languages if self.i18n else ():
            if entry.locale == language:
                return entry.name
        return None


def check_site(settings: SiteSettings) -> list[tuple[str, str]]:
    """Checks of the quiz languages against mkdocs-static-i18n's: (setting, message) pairs."""
    i18n = settings.i18n
    if i18n is None or not settings.languages:
        return []
    problems = []
    if i18n.docs_structure != "folder":
        problems.append(("plugins.i18n.docs_structure", "quizpages needs 'folder' (Make sure to keep each "
                                                         "language's pages under docs/<lang>/)"))
    default = i18n.default
    if settings.languages[0] != default:
        problems.append(("plugins.quizpages.languages[0]",
                         f"'{settings.languages[0]}' must be the source language, which is the default language "
                         f"of plugins.i18n ('{default}') (Make sure both list it first)"))
    for index, language in enumerate(settings.languages):
        if language not in i18n.built:
            problems.append((f"plugins.quizpages.languages[{index}]",
                             f"'{language}' is not a language that plugins.i18n builds "
                             f"({', '.join(i18n.built)}) (Make sure to add it to plugins.i18n.languages)"))
    return problems


def site_warnings(settings: SiteSettings) -> list[tuple[str, str]]:
    """What is odd but not wrong about a site's settings: (setting, message) pairs."""
    if os.path.isdir(settings.quizzes_path):
        return []
    shown = os.path.relpath(settings.quizzes_path, settings.root)
    return [("plugins.quizpages.quizzes_dir", f"the quizzes folder {shown} does not exist, so no quiz is built (Create "
                                               "it, or set `quizzes_dir:` to the folder under docs_dir that holds "
                                               "the quiz files)")]
