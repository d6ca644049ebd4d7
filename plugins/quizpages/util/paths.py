"""Whether one path lies inside a folder: what the commands and the server ask of paths."""

from __future__ import annotations

import os


def is_inside(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or lies below it (both made absolute, so relative paths compare)."""
    path, folder = os.path.abspath(path), os.path.abspath(folder)
    return path == folder or path.startswith(os.path.join(folder, ""))
