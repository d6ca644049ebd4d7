"""mkdocs.yml and the files it inherits, read and merged as MkDocs reads them, without importing MkDocs.

MkDocs (mkdocs/utils/yaml.py) loads a config file, pops its top-level ``INHERIT``, loads that
file relative to the inheriting one (so chains work) and merges the two with mergedeep: a
mapping merges key by key, any other value of the inheriting file, a list included, replaces
the inherited one. MkDocs' tags read as MkDocs reads them: ``!ENV`` as yaml_env_tag does,
``!relative`` as a path (`RelativePath`); any other tag (``!!python/name:``) yields its value as
written, since no setting quizpages reads depends on one. Every setting keeps the file, line and
column it was written at (`ConfigSource.where`), so an error in base.yml names base.yml.
"""

from __future__ import annotations

import codecs
import os
from dataclasses import dataclass
from typing import Any

import yaml

from .markdown_extensions import python_tag

CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")


class SettingsError(Exception):
    """mkdocs.yml cannot be used; each line of the message is one located ``path:line:col: error: ...``."""

    def __init__(self, messages: list[str]):
        self.messages = messages
        super().__init__("\n".join(messages))


@dataclass(frozen=True)
class RelativePath(os.PathLike):
    """MkDocs' ``!relative`` tag: `suffix` under the folder of the config file (``$config_dir``) or under
    docs_dir (``$docs_dir``); written bare, the folder of the page being rendered, which MkDocs takes to
    be docs_dir while it validates the config (so does `folder` here). Used as a path, it is what
    MkDocs' placeholder is used as a path."""

    base: str  # "$config_dir", "$docs_dir", or "" for the page being rendered
    suffix: str = ""
    folder: str | None = None  # the folder `base` names, once known

    def __fspath__(self) -> str:
        if self.folder is None:
            raise ValueError(f"`!relative {self.base}` was read before docs_dir was known")
        return os.path.join(self.folder, self.suffix)


class _Loader(yaml.SafeLoader):
    """A SafeLoader with MkDocs' tags, reading any other tag as plain data instead of failing."""

    config_dir = ""  # the folder of the config file MkDocs was given: what `!relative $config_dir` names
    shown = ""  # the file being read, as messages name it


def _tag_error(loader: _Loader, node: yaml.Node, message: str) -> SettingsError:
    mark = node.start_mark
    return SettingsError([f"{loader.shown}:{mark.line + 1}:{mark.column + 1}: error: {message}"])


def _env(loader: _Loader, node: yaml.Node) -> Any:
    """``!ENV NAME`` or ``!ENV [NAME, OTHER, default]``, read as yaml_env_tag reads it: a variable's
    value takes the YAML type it reads as (``false`` is false), the default is YAML as written."""
    default = None
    if isinstance(node, yaml.ScalarNode):
        names = [loader.construct_scalar(node)]
    elif isinstance(node, yaml.SequenceNode):
        children = node.value
        if len(children) > 1:
            default, children = loader.construct_object(children[-1], deep=True), children[:-1]
        names = [loader.construct_scalar(child) for child in children]
    else:
        raise _tag_error(loader, node, "!ENV takes a variable's name or a list of names ending with a default, "
                                       "not a mapping (Write `!ENV [NAME, default]`)")
    for name in names:
        if name in os.environ:
            value = os.environ[name]
            try:
                return loader.construct_object(
                    yaml.ScalarNode(loader.resolve(yaml.ScalarNode, value, (True, False)), value))
            except (ValueError, yaml.YAMLError):  # such as a date that is no date: the text as it is
                return value
    return default


def _relative(loader: _Loader, node: yaml.Node) -> RelativePath:
    """``!relative``, ``!relative $config_dir/sub`` or ``!relative $docs_dir/sub``, as MkDocs reads them."""
    if not isinstance(node, yaml.ScalarNode):
        raise _tag_error(loader, node, f"!relative takes a path, not a {node.id} "
                                       "(Write `!relative $config_dir/folder`)")
    value = node.value or ""
    prefix, _, suffix = value.partition("/")
    if prefix == "$config_dir":
        return RelativePath(prefix, suffix, loader.config_dir)
    if prefix == "$docs_dir":
        return RelativePath(prefix, suffix)
    if prefix.startswith("$"):
        raise _tag_error(loader, node, f"unknown prefix '{prefix}' in !relative (Make sure to start the path "
                                       "with $config_dir or $docs_dir)")
    if value:
        raise _tag_error(loader, node, f"!relative alone means the folder of the page being rendered and takes no "
                                       f"path (Write `!relative $config_dir/{value}` for a path beside the "
                                       "config file)")
    return RelativePath("")


def _any_tag(loader: _Loader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)


_Loader.add_constructor("!ENV", _env)
_Loader.add_constructor("!relative", _relative)
_Loader.add_multi_constructor("!", _any_tag)
_Loader.add_multi_constructor("tag:yaml.org,2002:python/", python_tag)  # built where used, if at all


def find_config(start: str = ".") -> str | None:
    """The nearest mkdocs.yml (or mkdocs.yaml) at or above `start`."""
    folder = os.path.abspath(start)
    while True:
        for name in CONFIG_NAMES:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


@dataclass
class _File:
    """One config file of the chain: how messages name it, its node tree and its data (INHERIT popped)."""

    shown: str
    node: yaml.Node | None
    data: Any


class ConfigSource:
    """The settings of a config file merged with those of the files it inherits, and where each was written."""

    def __init__(self, files: list[_File]):
        self.files = files  # the config file first, then the file it inherits, and so on
        self.data: dict = {}
        for file in reversed(files):
            self.data = _merge(self.data, file.data)

    @property
    def shown(self) -> str:
        return self.files[0].shown

    def where(self, path: list) -> str:
        """``file:line:col`` of the deepest node along `path` (keys and list indexes), in the file whose
        value the merged settings hold there."""
        found = (self.files[0], self.files[0].node)
        holders = [(file, file.node, file.data) for file in self.files]
        for step in path:
            having = [(file, *child) for file, node, data in holders if (child := _child(node, data, step))]
            if not having:
                break
            # The newest file with `step` wins; older ones merge into it only while both are mappings.
            holders = having[:1]
            for holder in having[1:]:
                if not (isinstance(holders[-1][2], dict) and isinstance(holder[2], dict)):
                    break
                holders.append(holder)
            if having[0][1] is None:
                break
            found = having[0][:2]
        file, node = found
        if node is None:
            return file.shown
        return f"{file.shown}:{node.start_mark.line + 1}:{node.start_mark.column + 1}"

    def error(self, path: list, message: str) -> str:
        return f"{self.where(path)}: error: {message}"

    def resolve_docs_dir(self, docs_dir: str) -> None:
        """Give every ``!relative $docs_dir`` and bare ``!relative`` its folder, once docs_dir is known."""
        self.data = _with_docs_dir(self.data, docs_dir)


def _child(node: yaml.Node | None, data: Any, step: Any) -> tuple[yaml.Node | None, Any] | None:
    """(node, data) one step down, or None when `data` has no such key or index."""
    if isinstance(data, dict) and step in data:
        value = data[step]
    elif isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data):
        value = data[step]
    else:
        return None
    child = None
    if isinstance(node, yaml.MappingNode):
        for key, item in node.value:  # the last one, as YAML keeps the last of repeated keys
            if isinstance(key, yaml.ScalarNode) and key.value == str(step):
                child = item
    elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
        child = node.value[step]
    return child, value


def _merge(inherited: dict, config: dict) -> dict:
    """mergedeep's merge as MkDocs calls it: mappings merge key by key, any other value replaces."""
    merged = dict(inherited)
    for key, value in config.items():
        if isinstance(merged.get(key), dict) and isinstance(value, dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _with_docs_dir(value: Any, docs_dir: str) -> Any:
    if isinstance(value, RelativePath) and value.base != "$config_dir":
        return RelativePath(value.base, value.suffix, docs_dir)
    if isinstance(value, dict):
        return {key: _with_docs_dir(item, docs_dir) for key, item in value.items()}
    if isinstance(value, list):
        return [_with_docs_dir(item, docs_dir) for item in value]
    return value


def _shown(path: str, written: str) -> str:
    """How messages name a config file: relative to the working folder when it is under it."""
    return os.path.relpath(path) if path.startswith(os.getcwd() + os.sep) else written


def read_config(config_file: str) -> ConfigSource:
    """`config_file` and the files it inherits. Raises SettingsError, located, when one cannot be read,
    is not a mapping of settings, or INHERIT names a file that is missing or inherits back."""
    path = os.path.abspath(config_file)
    config_dir = os.path.dirname(path)
    files = [_read_file(path, _shown(path, config_file), config_dir)]
    chain = [os.path.realpath(path)]
    while "INHERIT" in files[-1].data:
        file = files[-1]
        where = ConfigSource([file]).where(["INHERIT"])
        written = file.data.pop("INHERIT")
        if not isinstance(written, str) or not written.strip():
            raise SettingsError([f"{where}: error: INHERIT: expected the name of a config file "
                                 "(Write `INHERIT: base.yml`, relative to this file's folder)"])
        parent = os.path.normpath(os.path.join(os.path.dirname(path), written))
        shown = _shown(parent, os.path.normpath(os.path.join(os.path.dirname(file.shown), written)))
        if not os.path.exists(parent):
            raise SettingsError([f"{where}: error: INHERIT: {shown} does not exist (Make sure the path is "
                                 f"relative to the folder of {file.shown})"])
        if os.path.realpath(parent) in chain:
            loop = " -> ".join([f.shown for f in files] + [shown])
            raise SettingsError([f"{where}: error: INHERIT: the files inherit from each other in a loop ({loop}) "
                                 "(Remove the INHERIT that leads back)"])
        files.append(_read_file(parent, shown, config_dir, where))
        chain.append(os.path.realpath(parent))
        path = parent
    return ConfigSource(files)


def _decoded(data: bytes) -> str:
    """A config file's text as MkDocs reads it: it hands PyYAML the bytes, which reads UTF-16 after its byte
    order mark (as Windows' Notepad saves "Unicode") and UTF-8 otherwise, a UTF-8 mark or not."""
    for mark, encoding in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(mark):
            return data[len(mark):].decode(encoding)
    return data.decode("utf-8-sig")


def _read_file(path: str, shown: str, config_dir: str, inherited_at: str | None = None) -> _File:
    """One config file's node tree and data; `inherited_at` is where INHERIT names it."""
    try:
        with open(path, "rb") as f:
            text = _decoded(f.read())
    except OSError as exc:
        where = f"{inherited_at}: error: INHERIT: {shown}" if inherited_at else f"{shown}: error"
        hint = ("INHERIT names a config file, relative to the folder of the file that inherits it" if inherited_at else
                "Pass the site's mkdocs.yml with -f, or run the command in the site's folder")
        raise SettingsError([f"{where}: cannot read the file: {exc.strerror} ({hint})"]) from None
    except UnicodeDecodeError:
        raise SettingsError([f"{shown}: error: the file is not UTF-8 (Save it with UTF-8 encoding)"]) from None
    loader = _Loader(text)
    loader.config_dir, loader.shown = config_dir, shown
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{shown}:{mark.line + 1}:{mark.column + 1}" if mark else shown
        problem = getattr(exc, "problem", None) or "syntax error"
        raise SettingsError([f"{where}: error: invalid YAML: {problem} "
                             "(Check the quoting and indentation on this line and the one before)"]) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        raise SettingsError([ConfigSource([_File(shown, node, {})]).error(
            [], "the configuration must be a mapping of settings (Start from `site_name: ...`)")])
    return _File(shown, node, data)
