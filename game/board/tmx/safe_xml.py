"""Safe parsing of untrusted TMX bytes and safe handling of the file references inside them.

A board source may come from anyone, so the XML is parsed with defusedxml (no DTD, no entities,
no external references), sizes are bounded, and a referenced file is accepted only when it lies
inside the board's own folder. Nothing referenced is ever opened here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path, PurePosixPath

import defusedxml  # type: ignore[import-untyped]
import defusedxml.ElementTree as SafeET  # type: ignore[import-untyped]

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_ELEMENTS = 500_000


class SourceRefused(Exception):
    """The bytes cannot be read as a TMX map; the message says why in one line."""


def parse_xml(data: bytes) -> ET.Element:
    """Parse TMX bytes into an element tree, refusing anything unsafe or oversized."""
    if len(data) > MAX_FILE_BYTES:
        raise SourceRefused(f"the file is {len(data):,} bytes; board sources are limited to {MAX_FILE_BYTES:,}")
    if not data.strip():
        raise SourceRefused("the file is empty")
    try:
        root: ET.Element = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except defusedxml.DTDForbidden:
        raise SourceRefused("the file declares a DTD (<!DOCTYPE …>), which board sources may not use") from None
    except defusedxml.EntitiesForbidden:
        raise SourceRefused("the file declares XML entities, which board sources may not use") from None
    except defusedxml.ExternalReferenceForbidden:
        raise SourceRefused("the file refers to an external resource, which board sources may not do") from None
    except defusedxml.DefusedXmlException as error:
        raise SourceRefused(f"the file uses an XML feature board sources may not use: {error}") from None
    except ET.ParseError as error:
        raise SourceRefused(f"not well-formed XML: {error}") from None
    except (ValueError, UnicodeError, LookupError) as error:  # LookupError: an unknown encoding declared
        raise SourceRefused(f"cannot be read as XML: {str(error)[:200]}") from None
    for count, _ in enumerate(root.iter(), start=1):
        if count > MAX_ELEMENTS:
            raise SourceRefused(f"the file holds more than {MAX_ELEMENTS:,} XML elements")
    return root


_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def check_reference(source: str, base_dir: Path | None) -> str | None:
    """Why a referenced file name is refused, or None when it stays inside the board's folder.

    Absolute paths, drive letters, URLs and `..` are refused outright; with a known folder the
    resolved path (following symbolic links) must still lie inside it.
    """
    text = source.replace("\\", "/")
    if not text.strip():
        return "an empty file name"
    if "\x00" in text:
        return "a file name with a NUL character"
    if text.startswith("/") or _SCHEME.match(text):
        return f"{source!r} is an absolute path or URL; only files inside the board's folder may be used"
    parts = PurePosixPath(text).parts
    if ".." in parts:
        return f"{source!r} leads out of the board's folder ('..'); only files inside it may be used"
    if base_dir is not None:
        try:
            root = base_dir.resolve()
            target = (root / text).resolve()
        except (OSError, RuntimeError, ValueError):
            return f"{source!r} cannot be resolved"
        if target != root and root not in target.parents:
            return f"{source!r} leads out of the board's folder (through a link); only files inside it may be used"
    return None


def normalise_reference(source: str) -> str:
    """The file name as stored in the board: forward slashes, no './'."""
    return PurePosixPath(source.replace("\\", "/")).as_posix()
