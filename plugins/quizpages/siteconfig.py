"""Read the quizpages settings from mkdocs.yml without importing MkDocs.

mkdocs.yml may hold MkDocs' own YAML tags (``!ENV``, ``!relative``,
``!!python/name:``). They are read as plain values here: ``!ENV`` resolves
from the environment, every other tag yields its value as written.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import yaml


class _TolerantLoader(yaml.SafeLoader):
    """A SafeLoader that reads unknown tags as plain data instead of failing."""


def _env(loader: yaml.SafeLoader, node: yaml.Node):
    if isinstance(node, yaml.ScalarNode):
        names, default = [loader.construct_scalar(node)], None
    else:
        values = loader.construct_sequence(node)
        names, default = values[:-1] or values, values[-1] if len(values) > 1 else None
    for name in names:
        if name in os.environ:
            return os.environ[name]
    return default


def _any_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node):
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)


_TolerantLoader.add_constructor("!ENV", _env)
_TolerantLoader.add_multi_constructor("!", _any_tag)
_TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", _any_tag)


class SettingsError(Exception):
    """mkdocs.yml cannot be read; the message is one line in the usual `path:line:col: error:` form."""


@dataclass
class SiteSettings:
    """What the CLI needs to know about a site: its folders and the plugin's options."""

    root: str
    docs_dir: str
    languages: tuple[str, ...] = ("en",)
    quizzes_dir: str = "quizzes"
    allowed_html: tuple[str, ...] = ()
    custom_dir: str | None = None
    strings_dir: str | None = None
    site_url: str = ""
    found: bool = False  # True when a mkdocs.yml with a quizpages block was read
    extra: dict = field(default_factory=dict)

    @property
    def quizzes_path(self) -> str:
        return os.path.join(self.docs_dir, self.quizzes_dir)


def find_config(start: str = ".") -> str | None:
    """The nearest mkdocs.yml at or above `start`."""
    folder = os.path.abspath(start)
    while True:
        for name in ("mkdocs.yml", "mkdocs.yaml"):
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def read_settings(config_file: str | None = None) -> SiteSettings:
    """Settings from `config_file` (or the nearest mkdocs.yml); defaults when there is none."""
    path = config_file or find_config()
    if path is None:
        root = os.path.abspath(".")
        return SiteSettings(root=root, docs_dir=os.path.join(root, "docs"))
    shown = os.path.relpath(path) if os.path.abspath(path).startswith(os.getcwd() + os.sep) else path
    try:
        with open(path, encoding="utf-8-sig") as f:
            data = yaml.load(f, Loader=_TolerantLoader) or {}
    except OSError as exc:
        raise SettingsError(f"{shown}: error: cannot read the file: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise SettingsError(f"{shown}: error: the file is not UTF-8 (Save it with UTF-8 encoding)") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{shown}:{mark.line + 1}:{mark.column + 1}" if mark else shown
        problem = getattr(exc, "problem", None) or "syntax error"
        raise SettingsError(f"{where}: error: invalid YAML: {problem} "
                            "(Check the quoting and indentation on this line and the one before)") from None
    if not isinstance(data, dict):
        raise SettingsError(f"{shown}: error: the configuration must be a mapping of settings "
                            "(Start from `site_name: ...`)")
    root = os.path.dirname(os.path.abspath(path))
    settings = SiteSettings(root=root, docs_dir=os.path.join(root, str(data.get("docs_dir") or "docs")))
    settings.site_url = str(data.get("site_url") or "")
    theme = data.get("theme") or {}
    if isinstance(theme, dict) and theme.get("custom_dir"):
        settings.custom_dir = os.path.join(root, str(theme["custom_dir"]))
    plugins = data.get("plugins") or []
    if isinstance(plugins, dict):  # MkDocs also accepts plugins as a mapping of name to options
        plugins = [{name: options} for name, options in plugins.items()]
    elif not isinstance(plugins, list):
        raise SettingsError(f"{shown}: error: plugins must be a list (Write `plugins:` followed by `- quizpages:`)")
    for entry in plugins:
        options = None
        if entry == "quizpages":
            options = {}
        elif isinstance(entry, dict) and "quizpages" in entry:
            options = entry["quizpages"] or {}
        if options is None:
            continue
        if not isinstance(options, dict):
            raise SettingsError(f"{shown}: error: the options of quizpages must be a mapping "
                                "(Indent `languages: [en, ko]` under `- quizpages:`)")
        settings.found = True
        if options.get("languages"):
            value = options["languages"]  # one language may be written without a list
            settings.languages = tuple(str(x) for x in (value if isinstance(value, list) else [value]))
        if options.get("quizzes_dir"):
            settings.quizzes_dir = str(options["quizzes_dir"])
        settings.allowed_html = tuple(str(x) for x in options.get("allowed_html") or ())
        if options.get("strings_dir"):
            settings.strings_dir = os.path.join(root, str(options["strings_dir"]))
    return settings
