"""A site's settings, read and checked the same way for the MkDocs plugin and for every command."""

from .config_source import SettingsError, find_config
from .mkdocs_yml import read_settings
from .options import OPTIONS, Option
from .site_settings import I18nLanguage, I18nSettings, SiteSettings, check_site, site_warnings

__all__ = ["OPTIONS", "I18nLanguage", "I18nSettings", "Option", "SettingsError", "SiteSettings", "check_site",
           "find_config", "read_settings", "site_warnings"]
