"""Read a site's settings from mkdocs.yml without importing MkDocs, for the CLI.

mkdocs.yml may hold MkDocs' own YAML tags (``!ENV``, ``!relative``,
``!!python/name:``). They are read as plain values here: ``!ENV`` resolves
from the environment, every other tag yields its value as written. The
plugin's options go through the same declarations and checks MkDocs runs
(`options`, `site_settings`), and every problem is located in mkdocs.yml.
"""

from __future__ import annotations

import os
from typing import Any

import yaml

from .markdown_extensions import ExtensionsError, python_tag, read_extensions
from .options import BY_NAME, OptionError, check_options, check_value, unknown_option
from .site_settings import I18nLanguage, I18nSettings, SiteSettings, check_site, site_warnings

CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")


class SettingsError(Exception):
    """mkdocs.yml cannot be used; each line of the message is one located ``path:line:col: error: ...``."""

    def __init__(self, messages: list[str]):
        self.messages = messages
        super().__init__("\n".join(messages))


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
_TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", python_tag)  # built where used, if at all


def find_config(start: str = ".") -> str | None:
    """The nearest mkdocs.yml at or above `start`."""
    folder = os.path.abspath(start)
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


class _Located:
    """mkdocs.yml's data and its node tree, to say where a setting was written."""

    def __init__(self, shown: str, root: yaml.Node | None):
        self.shown = shown
        self.root = root
        self.plugin_paths: dict[str, list] = {}  # plugin name -> where its options are, for `where`

    def where(self, path: list) -> str:
        """``mkdocs.yml:line:col`` of the deepest node along `path` (keys and list indexes)."""
        node, found = self.root, self.root
        for step in path:
            if isinstance(node, yaml.MappingNode):
                node = next((value for key, value in node.value
                             if isinstance(key, yaml.ScalarNode) and key.value == step), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
                node = node.value[step]
            else:
                node = None
            if node is None:
                break
            found = node
        if found is None:
            return self.shown
        return f"{self.shown}:{found.start_mark.line + 1}:{found.start_mark.column + 1}"

    def error(self, path: list, message: str) -> str:
        return f"{self.where(path)}: error: {message}"


def read_settings(config_file: str | None = None) -> tuple[SiteSettings, list[str]]:
    """The site's settings from `config_file` (or the nearest mkdocs.yml; defaults when there is none),
    and warnings to show. Raises SettingsError with every problem, each located."""
    path = config_file or find_config()
    if path is None:
        root = os.path.abspath(".")
        return SiteSettings(root=root, docs_dir=os.path.join(root, "docs")), []
    shown = os.path.relpath(path) if os.path.abspath(path).startswith(os.getcwd() + os.sep) else path
    data, located = _read(path, shown)
    root = os.path.dirname(os.path.abspath(path))
    values, i18n, errors, warnings = _plugin_settings(data, located)
    theme = data.get("theme") or {}
    custom_dir = theme.get("custom_dir") if isinstance(theme, dict) else None
    settings = SiteSettings(
        root=root, docs_dir=os.path.join(root, str(data.get("docs_dir") or "docs")),
        config_file=os.path.abspath(path),
        languages=values["languages"], quizzes_dir=values["quizzes_dir"], allowed_html=values["allowed_html"],
        strings_dir=os.path.join(root, values["strings_dir"]) if values["strings_dir"] else None,
        custom_dir=os.path.join(root, str(custom_dir)) if custom_dir else None,
        cache=values["cache"], cache_dir=os.path.join(root, values["cache_dir"]), enabled=values["enabled"],
        use_directory_urls=data.get("use_directory_urls", True) is not False, i18n=i18n,
        markdown_extensions=_markdown_extensions(data, located, errors),
    )
    if not errors:
        for setting, message in check_site(settings):
            errors.append(located.error(_path_of(setting, located.plugin_paths), f"{setting}: {message}"))
    if errors:
        raise SettingsError(errors)
    for setting, message in site_warnings(settings):
        warnings.append(f"{located.where(_path_of(setting, located.plugin_paths))}: warning: {setting}: {message}")
    return settings, warnings


def _read(path: str, shown: str) -> tuple[dict, _Located]:
    try:
        with open(path, encoding="utf-8-sig") as f:
            text = f.read()
    except OSError as exc:
        raise SettingsError([f"{shown}: error: cannot read the file: {exc.strerror}"]) from None
    except UnicodeDecodeError:
        raise SettingsError([f"{shown}: error: the file is not UTF-8 (Save it with UTF-8 encoding)"]) from None
    loader = _TolerantLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{shown}:{mark.line + 1}:{mark.column + 1}" if mark else shown
        problem = getattr(exc, "problem", None) or "syntax error"
        raise SettingsError([f"{where}: error: invalid YAML: {problem} "
                             "(Check the quoting and indentation on this line and the one before)"]) from None
    finally:
        loader.dispose()
    located = _Located(shown, node)
    if not isinstance(data, dict):
        raise SettingsError([located.error([], "the configuration must be a mapping of settings "
                                               "(Start from `site_name: ...`)")])
    return data, located


def _plugin_settings(data: dict, located: _Located
                     ) -> tuple[dict[str, Any], I18nSettings | None, list[str], list[str]]:
    """The quizpages options (defaults filled in), mkdocs-static-i18n's settings, errors and warnings."""
    values = {option.name: option.default for option in BY_NAME.values()}
    errors: list[str] = []
    warnings: list[str] = []
    plugins = data.get("plugins") or []
    if isinstance(plugins, dict):  # MkDocs also accepts plugins as a mapping of name to options
        entries = [(["plugins", name], name, options) for name, options in plugins.items()]
    elif isinstance(plugins, list):
        entries = []
        for index, entry in enumerate(plugins):
            if isinstance(entry, str):
                entries.append((["plugins", index], entry, None))
            elif isinstance(entry, dict) and len(entry) == 1:
                name, options = next(iter(entry.items()))
                entries.append((["plugins", index, name], name, options))
    else:
        raise SettingsError([located.error(["plugins"], "plugins must be a list "
                                                        "(Write `plugins:` followed by `- quizpages:`)")])
    i18n = None
    for path, name, options in entries:
        located.plugin_paths[name] = path
        if name == "i18n":
            i18n = _i18n(options)
        if name != "quizpages":
            continue
        if options is None:
            continue
        if not isinstance(options, dict):
            errors.append(located.error(path, "plugins.quizpages: the options of quizpages must be a mapping "
                                              "(Indent `languages: [en, ko]` under `- quizpages:`)"))
            continue
        for key, value in options.items():
            option = BY_NAME.get(key)
            if option is None:
                errors.append(located.error(path + [key], f"plugins.quizpages.{key}: {unknown_option(key)}"))
                continue
            try:
                values[key] = check_value(option, value)
            except OptionError as exc:
                errors.append(located.error(path + [key], f"plugins.quizpages.{key}: {exc}"))
        if not errors:
            for setting, message in check_options(values):
                errors.append(located.error(_path_of(f"plugins.quizpages.{setting}", located.plugin_paths),
                                            f"plugins.quizpages.{setting}: {message}"))
    if "quizpages" not in located.plugin_paths and not errors:
        errors.append(located.error(["plugins"], "plugins: quizpages is not one of this site's plugins (Add "
                                                 "`- quizpages:` under `plugins:`, with `languages: [en, ko]` under it)"))
    values["languages"] = tuple(values["languages"])
    values["allowed_html"] = tuple(values["allowed_html"])
    return values, i18n, errors, warnings


def _i18n(options: Any) -> I18nSettings | None:
    """mkdocs-static-i18n's settings as far as quiz pages need them; MkDocs reports what is malformed."""
    if not isinstance(options, dict) or not isinstance(options.get("languages"), list):
        return None
    languages = []
    for entry in options["languages"]:
        if isinstance(entry, dict) and isinstance(entry.get("locale"), str):
            languages.append(I18nLanguage(entry["locale"], str(entry.get("name") or entry["locale"]),
                                          entry.get("default") is True, entry.get("build", True) is not False))
    return I18nSettings(str(options.get("docs_structure") or "suffix"), tuple(languages))


def _markdown_extensions(data: dict, located: _Located, errors: list[str]) -> tuple:
    """The site's Markdown extensions as MkDocs loads them (see markdown_extensions); an error when they
    cannot be read."""
    try:
        return read_extensions(data.get("markdown_extensions"))
    except ExtensionsError as exc:
        errors.append(located.error(["markdown_extensions"], f"markdown_extensions: {exc}"))
        return ()


def _path_of(setting: str, plugin_paths: dict[str, list]) -> list:
    """The node path in mkdocs.yml of a setting named like ``plugins.quizpages.languages[0]``."""
    _, plugin, *rest = setting.replace("[", ".").replace("]", "").split(".")
    path = list(plugin_paths.get(plugin, ["plugins"]))
    return path + [int(step) if step.isdigit() else step for step in rest]
