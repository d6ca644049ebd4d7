"""Caches between builds, keyed by content: loaded quizzes and rendered pages, and (under `serve`) their HTML."""

from .build_cache import BuildCache, inputs_key, inputs_stamp
from .html_cache import HtmlCache

__all__ = ["BuildCache", "HtmlCache", "inputs_key", "inputs_stamp"]
