"""Model + language -> Markdown pages, through Jinja fragments a site can override."""

from .renderer import Renderer
from .strings import Strings, strings_problems

__all__ = ["Renderer", "Strings", "strings_problems"]
