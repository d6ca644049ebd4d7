"""Read a site's settings from mkdocs.yml without importing MkDocs, for the CLI.

`config_source` reads mkdocs.yml as MkDocs does (INHERIT, ``!ENV``, ``!relative``); here its
settings become the core's `SiteSettings`, with paths taken relative to the folder of the file
MkDocs was given, as MkDocs takes them. The plugin's options go through the same declarations
and checks MkDocs runs (`options`, `site_settings`), and every problem is located in the file
it was written in.
"""

from __future__ import annotations

import os
from typing import Any

from .config_source import ConfigSource, SettingsError, find_config, read_config
from .markdown_extensions import ExtensionsError, read_extensions
from .options import BY_NAME, OptionError, check_options, check_value, unknown_option
from .site_settings import I18nLanguage, I18nSettings, SiteSettings, check_site, site_warnings

__all__ = ["SettingsError", "find_config", "read_settings"]


def read_settings(config_file: str | None = None) -> tuple[SiteSettings, list[str]]:
    """The site's settings from `config_file` (or the nearest mkdocs.yml; defaults when there is none),
    and warnings to show. Raises SettingsError with every problem, each located."""
    path = config_file or find_config()
    if path is None:
        root = os.path.abspath(".")
        return SiteSettings(root=root, docs_dir=os.path.join(root, "docs")), []
    source = read_config(path)
    root = os.path.dirname(os.path.abspath(path))
    errors: list[str] = []
    docs_dir = os.path.abspath(os.path.join(root, _folder(source, ["docs_dir"], "docs", errors)))
    source.resolve_docs_dir(docs_dir)
    data = source.data  # the merged settings, every path of `!relative` known
    custom_dir = _folder(source, ["theme", "custom_dir"], None, errors, tagged=True)
    entries = _plugin_entries(source)
    plugin_paths = {name: entry_path for entry_path, name, _ in reversed(entries)}  # the first one counts
    values, i18n = _plugin_settings(entries, source, plugin_paths, errors)
    settings = SiteSettings(
        root=root, docs_dir=docs_dir, config_file=os.path.abspath(path),
        languages=values["languages"], quizzes_dir=values["quizzes_dir"], allowed_html=values["allowed_html"],
        strings_dir=os.path.join(root, values["strings_dir"]) if values["strings_dir"] else None,
        custom_dir=os.path.join(root, custom_dir) if custom_dir is not None else None,
        cache=values["cache"], cache_dir=os.path.join(root, values["cache_dir"]), enabled=values["enabled"],
        use_directory_urls=data.get("use_directory_urls", True) is not False, i18n=i18n,
        exports=values["exports"], site_url=str(data["site_url"]) if data.get("site_url") else None,
        markdown_extensions=_markdown_extensions(data, source, errors),
        exclude_docs=tuple(data["exclude_docs"].splitlines()) if isinstance(data.get("exclude_docs"), str) else (),
    )
    if not errors:
        for setting, message in check_site(settings):
            errors.append(source.error(_path_of(setting, plugin_paths), f"{setting}: {message}"))
    if errors:
        raise SettingsError(errors)
    warnings = [f"{source.where(_path_of(setting, plugin_paths))}: warning: {setting}: {message}"
                for setting, message in site_warnings(settings)]
    return settings, warnings


def _folder(source: ConfigSource, path: list, default: str | None, errors: list[str], tagged: bool = False
            ) -> str | None:
    """A folder setting of MkDocs' as text, `default` when it is not written; `tagged` when MkDocs takes a
    ``!relative`` path there too (it does for theme.custom_dir, not for docs_dir)."""
    value = source.data
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    if value is None:
        return default
    if isinstance(value, str) or (tagged and isinstance(value, os.PathLike)):
        return os.fspath(value)
    errors.append(source.error(path, f"{'.'.join(path)}: expected a folder name (Write `{path[-1]}: "
                                     f"{default or 'overrides'}`, relative to the folder of {source.shown})"))
    return default


def _plugin_entries(source: ConfigSource) -> list[tuple[list, str, Any]]:
    """(node path, name, options) of each plugin MkDocs loads, in the order written."""
    plugins = source.data.get("plugins") or []
    if isinstance(plugins, dict):  # MkDocs also accepts plugins as a mapping of name to options
        written = [(["plugins", name], name, options) for name, options in plugins.items()]
    elif isinstance(plugins, list):
        written = []
        for index, entry in enumerate(plugins):
            if isinstance(entry, str):
                written.append((["plugins", index], entry, None))
            elif isinstance(entry, dict) and len(entry) == 1:
                name, options = next(iter(entry.items()))
                written.append((["plugins", index, name], name, options))
    else:
        raise SettingsError([source.error(["plugins"], "plugins must be a list "
                                                       "(Write `plugins:` followed by `- quizpages:`)")])
    entries = []
    for path, name, options in written:
        if not isinstance(name, str):
            continue  # MkDocs refuses it
        # `- /quizpages:` asks MkDocs not to look for the theme's own plugin of that name first.
        name = name[1:] if name.startswith("/") else name
        # MkDocs skips a plugin with `enabled: false`, unless it has its own `enabled` option, as quizpages has.
        if name != "quizpages" and isinstance(options, dict) and options.get("enabled") is False:
            continue
        entries.append((path, name, options))
    return entries


def _plugin_settings(entries: list[tuple[list, str, Any]], source: ConfigSource, plugin_paths: dict[str, list],
                     errors: list[str]) -> tuple[dict[str, Any], I18nSettings | None]:
    """The quizpages options (defaults filled in) and mkdocs-static-i18n's settings; problems go to `errors`."""
    values = {option.name: option.default for option in BY_NAME.values()}
    i18n = None
    for path, name, options in entries:
        if path != plugin_paths[name]:
            continue  # a second entry of a plugin, which MkDocs reads as another instance of it
        if name == "i18n":
            i18n = _i18n(options)
        if name != "quizpages" or options is None:
            continue
        if not isinstance(options, dict):
            errors.append(source.error(path, "plugins.quizpages: the options of quizpages must be a mapping "
                                             "(Indent `languages: [en, ko]` under `- quizpages:`)"))
            continue
        failed = False
        for key, value in options.items():
            option = BY_NAME.get(key)
            if option is None:
                errors.append(source.error(path + [key], f"plugins.quizpages.{key}: {unknown_option(key)}"))
                failed = True
                continue
            try:
                values[key] = check_value(option, value)
            except OptionError as exc:
                errors.append(source.error(path + [key], f"plugins.quizpages.{key}: {exc}"))
                failed = True
        if not failed:
            for setting, message in check_options(values):
                errors.append(source.error(_path_of(f"plugins.quizpages.{setting}", plugin_paths),
                                           f"plugins.quizpages.{setting}: {message}"))
    if "quizpages" not in plugin_paths and not errors:
        errors.append(source.error(["plugins"], "plugins: quizpages is not one of this site's plugins (Add `- "
                                                "quizpages:` under `plugins:`, with `languages: [en, ko]` under it)"))
    values["languages"] = tuple(values["languages"])
    values["allowed_html"] = tuple(values["allowed_html"])
    values["exports"] = tuple(values["exports"])
    return values, i18n


def _i18n(options: Any) -> I18nSettings | None:
    """mkdocs-static-i18n's settings as far as quiz pages need them, with the defaults its config
    validation fills in; MkDocs reports what is malformed."""
    if not isinstance(options, dict) or not isinstance(options.get("languages"), list):
        return None
    entries = [entry for entry in options["languages"] if isinstance(entry, dict)
               and isinstance(entry.get("locale"), str)]
    only = options.get("build_only_locale")
    only = only if any(entry["locale"] == only for entry in entries) else None  # else MkDocs reports it
    languages = []
    for entry in entries:
        locale = entry["locale"]
        default, build = entry.get("default") is True, entry.get("build", True) is not False
        if locale == "null":  # an entry of the language switcher only, never built
            build = False
        if only is not None:
            default = build = locale == only
        languages.append(I18nLanguage(locale, str(entry.get("name") or locale), default, build))
    return I18nSettings(str(options.get("docs_structure") or "suffix"), tuple(languages))


def _markdown_extensions(data: dict, source: ConfigSource, errors: list[str]) -> tuple:
    """The site's Markdown extensions as MkDocs loads them, merged from the config files (see
    markdown_extensions); an error when they cannot be read."""
    try:
        return read_extensions(data.get("markdown_extensions"))
    except ExtensionsError as exc:
        errors.append(source.error(["markdown_extensions"], f"markdown_extensions: {exc}"))
        return ()


def _path_of(setting: str, plugin_paths: dict[str, list]) -> list:
    """The node path in mkdocs.yml of a setting named like ``plugins.quizpages.languages[0]``."""
    _, plugin, *rest = setting.replace("[", ".").replace("]", "").split(".")
    path = list(plugin_paths.get(plugin, ["plugins"]))
    return path + [int(step) if step.isdigit() else step for step in rest]
