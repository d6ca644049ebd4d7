"""Caches between builds: loaded quizzes and rendered pages keyed by content."""

from .build_cache import BuildCache, inputs_key, inputs_stamp

__all__ = ["BuildCache", "inputs_key", "inputs_stamp"]
