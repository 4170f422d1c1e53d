"""Minimal DOCX packages written by hand (zipfile), for the adversarial tests: each part is
given as WordprocessingML, so a test shows exactly where a name sits (a header, a footnote,
a text box, a tracked deletion, a field result...).  Not a test module."""
from __future__ import annotations

import io
import zipfile
from typing import Dict, Optional

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
NS = (f'xmlns:w="{W}" xmlns:r="{R}" xmlns:v="urn:schemas-microsoft-com:vml" '
      'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
      'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"')
REL_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
CT = {"document": "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
      "header": "application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml",
      "footer": "application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml",
      "footnotes": "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml",
      "endnotes": "application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml",
      "comments": "application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"}
ROOTS = {"header": "hdr", "footer": "ftr", "footnotes": "footnotes", "endnotes": "endnotes",
         "comments": "comments"}


def run(text: str, props: str = "") -> str:
    rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{text}</w:t></w:r>'


def para(*runs: str) -> str:
    return "<w:p>" + "".join(runs) + "</w:p>"


def docx(body: str, parts: Optional[Dict[str, str]] = None, core: str = "", custom: str = "",
         extra_rels: str = "") -> bytes:
    """A package whose ``word/document.xml`` body is ``body``; ``parts`` maps a part kind
    (header, footer, footnotes, endnotes, comments) to its inner XML; ``core`` and ``custom``
    are the inner XML of docProps/core.xml and docProps/custom.xml; ``extra_rels`` more
    relationships of the main part (hyperlinks)."""
    parts = parts or {}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        overrides = [f'<Override PartName="/word/document.xml" ContentType="{CT["document"]}"/>']
        rels = [extra_rels]
        for n, (kind, inner) in enumerate(parts.items(), 1):
            fname = f"{kind}{n}.xml"
            overrides.append(f'<Override PartName="/word/{fname}" ContentType="{CT[kind]}"/>')
            rels.append(f'<Relationship Id="rIdP{n}" Type="{REL_TYPE}{kind}" Target="{fname}"/>')
            z.writestr(f"word/{fname}", f'<?xml version="1.0" encoding="UTF-8"?>'
                                        f'<w:{ROOTS[kind]} {NS}>{inner}</w:{ROOTS[kind]}>')
        pkg_rels = [f'<Relationship Id="rId1" Type="{REL_TYPE}officeDocument" '
                    f'Target="word/document.xml"/>']
        if core:
            overrides.append('<Override PartName="/docProps/core.xml" ContentType="application/'
                             'vnd.openxmlformats-package.core-properties+xml"/>')
            pkg_rels.append('<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/'
                            'package/2006/relationships/metadata/core-properties" '
                            'Target="docProps/core.xml"/>')
            z.writestr("docProps/core.xml", '<?xml version="1.0" encoding="UTF-8"?>'
                       '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/'
                       '2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/'
                       f'1.1/">{core}</cp:coreProperties>')
        if custom:
            overrides.append('<Override PartName="/docProps/custom.xml" ContentType="application/'
                             'vnd.openxmlformats-officedocument.custom-properties+xml"/>')
            pkg_rels.append(f'<Relationship Id="rId3" Type="{REL_TYPE}custom-properties" '
                            'Target="docProps/custom.xml"/>')
            z.writestr("docProps/custom.xml", '<?xml version="1.0" encoding="UTF-8"?>'
                       '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/'
                       '2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/'
                       f'officeDocument/2006/docPropsVTypes">{custom}</Properties>')
        z.writestr("[Content_Types].xml",
                   '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.'
                   'openxmlformats.org/package/2006/content-types"><Default Extension="rels" '
                   'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                   '<Default Extension="xml" ContentType="application/xml"/>'
                   + "".join(overrides) + "</Types>")
        z.writestr("_rels/.rels", f'<?xml version="1.0" encoding="UTF-8"?><Relationships '
                                  f'xmlns="{PKG_REL}">' + "".join(pkg_rels) + "</Relationships>")
        z.writestr("word/_rels/document.xml.rels",
                   f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PKG_REL}">'
                   + "".join(rels) + "</Relationships>")
        z.writestr("word/document.xml", f'<?xml version="1.0" encoding="UTF-8"?>'
                                        f'<w:document {NS}><w:body>{body}</w:body></w:document>')
    return buf.getvalue()
