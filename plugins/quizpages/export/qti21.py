"""QTI 2.1 content packages (`.qti21.zip`): items of type imsqti_item_xmlv2p1 and an assessment test."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

from .content_package import Version, writer_of, xml_bytes
from .format import Format
from .qti_items import CONTENT_BODY

NAMESPACE = "http://www.imsglobal.org/xsd/imsqti_v2p1"
_NOT_IN_21 = ("externalScored",)  # QTI 2.2 and 3.0 only


def _unwrap(parent: ET.Element) -> None:
    """QTI 2.1 puts feedback and rubric content straight inside their element."""
    for index, child in reversed(list(enumerate(parent))):
        _unwrap(child)
        if child.tag == CONTENT_BODY:
            parent.remove(child)
            inner = list(child)
            if child.text:
                if index > 0:
                    parent[index - 1].tail = (parent[index - 1].tail or "") + child.text
                else:
                    parent.text = (parent.text or "") + child.text
            for offset, node in enumerate(inner):
                parent.insert(index + offset, node)
    for name in _NOT_IN_21:
        parent.attrib.pop(name, None)


def to_qti21(element: ET.Element) -> bytes:
    element = copy.deepcopy(element)
    _unwrap(element)
    element.set("xmlns", NAMESPACE)
    return xml_bytes(element)


VERSION = Version(item_type="imsqti_item_xmlv2p1", test_type="imsqti_test_xmlv2p1",
                  manifest_namespace="http://www.imsglobal.org/xsd/imscp_v1p1", schema="QTIv2.1 Package",
                  schema_version="1.0.0", write=to_qti21)


FORMAT = Format(name="qti21", label="QTI 2.1", suffix=".qti21.zip", write=writer_of(VERSION),
                doc="an IMS QTI 2.1 content package")
