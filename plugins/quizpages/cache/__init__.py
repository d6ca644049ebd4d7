"""Caches between builds: loaded quizzes and rendered pages keyed by content, and page files for `serve --dirty`."""

from .build_cache import BuildCache, inputs_key
from .page_cache import PageCache

__all__ = ["BuildCache", "PageCache", "inputs_key"]
