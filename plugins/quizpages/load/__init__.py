"""Quiz files and source-site pages -> model + located problems; and model -> quiz files."""

from .loader import find_other_files, find_quiz_files, read_quiz
from .schema import json_schema
from .yaml_writer import dump_quiz

__all__ = ["dump_quiz", "find_other_files", "find_quiz_files", "json_schema", "read_quiz"]
