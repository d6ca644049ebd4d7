"""Model + language -> Markdown pages, through Jinja fragments a site can override."""

from .renderer import Renderer
from .strings import Strings

__all__ = ["Renderer", "Strings"]
