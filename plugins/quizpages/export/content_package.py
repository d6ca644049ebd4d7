"""A QTI content package: a zip with `imsmanifest.xml` at its root, one file per item, and the assessment test.

The manifest lists every item as a resource of the version's item type and the test,
which lists the items in the quiz's order. The zip's entries carry a fixed date, so
exporting the same quiz again makes the same bytes.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from .format import Writer
from .items import ExportQuiz
from .xhtml import BLOCK, INLINE
from .qti_items import E, identifier, item_element, item_identifier, test_element, test_identifier

_DATE = (2000, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Version:
    """What differs between QTI versions in a package: names, namespaces, and how an element is written."""

    item_type: str  # imsqti_item_xmlv3p0
    test_type: str
    manifest_namespace: str
    schema: str  # the manifest's <schema> and <schemaversion>
    schema_version: str
    write: Callable[[ET.Element], bytes]  # an item or test built in QTI 2.1's vocabulary -> this version's XML


def _indent(element: ET.Element, level: int = 0) -> None:
    """Indent QTI's own elements, one per line; XHTML content is left as written (whitespace in `<pre>`
    is the reader's code)."""
    children = list(element)
    if not children or (element.text and element.text.strip()) or _is_content(element):
        return
    pad = "\n" + "  " * (level + 1)
    element.text = pad
    for child in children:
        if child.tail and child.tail.strip():
            return  # mixed content: leave it
    for child in children:
        _indent(child, level + 1)
        child.tail = pad
    children[-1].tail = "\n" + "  " * level


def _is_content(element: ET.Element) -> bool:
    tag = element.tag.removeprefix("qti-")
    return tag in INLINE or tag in BLOCK


def xml_bytes(element: ET.Element) -> bytes:
    _indent(element)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(element, encoding="utf-8") + b"\n"


def writer_of(version: Version) -> Callable[[ExportQuiz, Writer], bytes]:
    """A format's `write`: packages of `version`."""
    return lambda export, writer: package(export, writer, version)


def package(export: ExportQuiz, writer: Writer, version: Version) -> bytes:
    files: dict[str, bytes] = {}
    refs = []
    for item in export.items:
        href = f"items/{identifier(item.name)}.xml"
        files[href] = version.write(item_element(export, item, writer))
        refs.append((item_identifier(export, item), href))
    test_href = "assessment-test.xml"
    files[test_href] = version.write(test_element(export, refs, writer))
    test_id = test_identifier(export)
    resources = E("resources", None,
                  E("resource", {"identifier": f"{test_id}.test", "type": version.test_type, "href": test_href},
                    E("file", {"href": test_href}), *[E("dependency", {"identifierref": ref}) for ref, _ in refs]),
                  *[E("resource", {"identifier": ref, "type": version.item_type, "href": href},
                      E("file", {"href": href})) for ref, href in refs])
    manifest = E("manifest", {"xmlns": version.manifest_namespace, "identifier": f"{test_id}.manifest"},
                 E("metadata", None, E("schema", text=version.schema),
                   E("schemaversion", text=version.schema_version)),
                 E("organizations"), resources)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in {"imsmanifest.xml": xml_bytes(manifest), **files}.items():
            archive.writestr(zipfile.ZipInfo(name, _DATE), data, zipfile.ZIP_DEFLATED)
    return out.getvalue()
