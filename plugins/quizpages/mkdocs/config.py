"""The plugin's options as MkDocs sees them, built from the one declaration in quizpages.settings.options.

MkDocs validates ``plugins: - quizpages:`` through `QuizPagesConfig`, with the same
type checks and cross-field checks (`check_options`) the CLI runs on mkdocs.yml,
so a bad option reads the same in `mkdocs build` and in every `quizpages` command.
`site_settings` turns the validated config into the core's `SiteSettings`.
"""

from __future__ import annotations

import os

from mkdocs.config.base import BaseConfigOption, Config, ValidationError
from mkdocs.config.defaults import MkDocsConfig

from ..settings import I18nLanguage, I18nSettings, SiteSettings
from ..settings.options import BY_NAME, OPTIONS, Option, OptionError, check_options, check_value, unknown_option


class _Declared(BaseConfigOption):
    """One option of OPTIONS, validated by its declaration."""

    def __init__(self, option: Option):
        super().__init__()
        self.option = option
        self.default = option.default

    def run_validation(self, value: object) -> object:
        try:
            return check_value(self.option, value)
        except OptionError as exc:
            raise ValidationError(str(exc)) from None


def _validate(self: Config):
    failed, warnings = Config.validate(self)
    # An unknown option is most likely a typo of a known one (`langauges:`): going on with the default would
    # bury the one mistake under a flood of quiz errors, so it is an error here, as in every command.
    unknown = [name for name in self.keys() if name not in BY_NAME]
    warnings = [(name, message) for name, message in warnings if name not in unknown]
    failed += [(name, ValidationError(unknown_option(name))) for name in unknown]
    if not failed:  # checks across entries need every option to have its type first
        failed += [(name, ValidationError(message)) for name, message in check_options(dict(self))]
    return failed, warnings


QuizPagesConfig = type("QuizPagesConfig", (Config,),
                       {**{option.name: _Declared(option) for option in OPTIONS}, "validate": _validate,
                        "__doc__": "The options of ``plugins: - quizpages:``; see quizpages.settings.options."})


def site_settings(config: MkDocsConfig, options: Config) -> SiteSettings:
    """The core's settings of the site MkDocs is building."""
    root = os.path.dirname(os.path.abspath(config.config_file_path)) if config.config_file_path else os.getcwd()
    i18n = config.plugins.get("i18n")
    return SiteSettings(
        root=root, docs_dir=os.path.abspath(config.docs_dir), config_file=config.config_file_path,
        languages=tuple(options["languages"]), quizzes_dir=options["quizzes_dir"],
        allowed_html=tuple(options["allowed_html"]),
        strings_dir=os.path.join(root, options["strings_dir"]) if options["strings_dir"] else None,
        custom_dir=None if config.theme.custom_dir is None else os.fspath(config.theme.custom_dir),  # maybe !relative
        cache=options["cache"], cache_dir=os.path.join(root, options["cache_dir"]), enabled=options["enabled"],
        use_directory_urls=config.use_directory_urls, exports=tuple(options["exports"]), site_url=config.site_url,
        # MkDocs keeps `exclude_docs` as a pathspec of the lines written (each pattern's `pattern`)
        exclude_docs=tuple(getattr(p, "pattern", "") for p in config.exclude_docs.patterns)
        if config.exclude_docs is not None else (),
        markdown_extensions=tuple((name, config.mdx_configs.get(name, {}) if isinstance(name, str) else {})
                                  for name in config.markdown_extensions),
        i18n=None if i18n is None else I18nSettings(
            i18n.config.docs_structure,
            tuple(I18nLanguage(lang.locale, lang.name, lang.default, lang.build) for lang in i18n.config.languages)),
    )
