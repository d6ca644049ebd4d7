"""QTI 3.0 content packages (`.qti3.zip`): items of type imsqti_item_xmlv3p0 and an assessment test.

QTI 3.0 names QTI's own elements `qti-` and kebab case (`qti-choice-interaction`) and its
attributes in kebab case (`response-identifier`); the XHTML inside keeps its names.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET

from .content_package import Version, writer_of, xml_bytes
from .format import Format
from .xhtml import BLOCK, INLINE

NAMESPACE = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"
_VALUES = {"preFormatted": "preformatted"}  # an extended text's format


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)([A-Z])", r"-\1", name).lower()


def _rename(element: ET.Element) -> None:
    if element.tag not in INLINE and element.tag not in BLOCK:
        element.tag = "qti-" + _kebab(element.tag)
    for name in [n for n in element.attrib if not n.startswith("{") and any(c.isupper() for c in n)]:
        element.set(_kebab(name), element.attrib.pop(name))
    if element.get("format") in _VALUES:
        element.set("format", _VALUES[element.get("format")])
    for child in element:
        _rename(child)


def to_qti3(element: ET.Element) -> bytes:
    element = copy.deepcopy(element)
    _rename(element)
    element.set("xmlns", NAMESPACE)
    return xml_bytes(element)


VERSION = Version(item_type="imsqti_item_xmlv3p0", test_type="imsqti_test_xmlv3p0",
                  manifest_namespace="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1", schema="QTI Package",
                  schema_version="3.0.0", write=to_qti3)


FORMAT = Format(name="qti3", label="QTI 3.0", suffix=".qti3.zip", write=writer_of(VERSION),
                doc="an IMS QTI 3.0 content package")
