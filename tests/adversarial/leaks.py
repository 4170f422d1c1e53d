"""The adversarial leak suite's fixtures (issue 18): documents without labels — the
realistic case — with personal names where they are easy to miss.  Each fixture says which
strings must never reach the engine.  Made on the spot; not a test module.

A fixture is (file name, source language, bytes, strings never sent)."""
from __future__ import annotations

import json
from typing import List, NamedTuple, Tuple

from tests.adversarial.docx_build import REL_TYPE, docx, para, run


class Leak(NamedTuple):
    name: str
    lang: str
    data: bytes
    never: Tuple[str, ...]
    # a string of the output file that must not be there (XLIFF/TMX: where the target
    # should hold only the translation); empty: the output is not checked
    not_in_target: Tuple[str, ...] = ()


PERSON = "Margaret Thornton"
NEVER = ("Margaret", "Thornton")
INTRO = "The committee received the annual report and approved it without changes."


def _d(name: str, body: str, never=NEVER, **kw) -> Leak:
    return Leak(name, "en", docx(para(run(INTRO)) + body, **kw), tuple(never))


def _xliff(units: str) -> bytes:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:'
            'names:tc:xliff:document:1.2"><file source-language="en" target-language="es" '
            f'datatype="plaintext" original="x"><body>{units}</body></file></xliff>\n').encode()


def _jsonl(*texts: str) -> bytes:
    return "".join(json.dumps({"text": t, "label": []}, ensure_ascii=False) + "\n"
                   for t in texts).encode("utf-8")


FLD = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve">'
       ' {instr} </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
       '{result}<w:r><w:fldChar w:fldCharType="end"/></w:r>')
HYPERLINK_REL = (f'<Relationship Id="rIdH1" Type="{REL_TYPE}hyperlink" '
                 'Target="mailto:margaret.thornton@example.com" TargetMode="External"/>')


def fixtures() -> List[Leak]:
    said = f"The application was signed by {{}} on behalf of the company."
    return [
        # -- names split across inline codes and differently formatted runs
        Leak("split-inline-codes.xlf", "en", _xliff(
            '<trans-unit id="1"><source>The application was signed by Mar<g id="1">garet '
            'Thorn</g>ton on behalf of the company.</source></trans-unit>'
            '<trans-unit id="2"><source>The hearing was adjourned at the request of '
            '<bpt id="1">&lt;b&gt;</bpt>Marg<ept id="1">&lt;/b&gt;</ept>aret Thornton.'
            '</source></trans-unit>'), NEVER),
        _d("split-runs.docx", para(run("The application was signed by "), run("Mar", "<w:b/>"),
                                   run("garet Tho", "<w:i/>"), run("rnton", "<w:u w:val=\"single\"/>"),
                                   run(" on behalf of the company."))),
        # -- names in the parts of a DOCX
        _d("header.docx", "", parts={"header": para(run(f"Prepared by {PERSON}"))}),
        _d("footer.docx", "", parts={"footer": para(run(f"Contact: {PERSON}, Legal Department"))}),
        _d("footnotes.docx", para(run("See the statement."), '<w:r><w:footnoteReference w:id="1"/></w:r>'),
           parts={"footnotes": '<w:footnote w:id="1">' + para(run(f"Statement of {PERSON}, 12 pages.")) + "</w:footnote>"}),
        _d("endnotes.docx", para(run("See the letter."), '<w:r><w:endnoteReference w:id="1"/></w:r>'),
           parts={"endnotes": '<w:endnote w:id="1">' + para(run(f"Letter from {PERSON} to the board.")) + "</w:endnote>"}),
        _d("comments.docx", para('<w:commentRangeStart w:id="0"/>', run("The amount is disputed."),
                                 '<w:commentRangeEnd w:id="0"/>', '<w:r><w:commentReference w:id="0"/></w:r>'),
           parts={"comments": '<w:comment w:id="0" w:author="Reviewer" w:initials="R">'
                              + para(run(f"Please ask {PERSON} about this.")) + "</w:comment>"}),
        _d("textbox-vml.docx", para(run("Box: "), '<w:r><w:pict><v:shape><v:textbox><w:txbxContent>'
                                    + para(run(f"Witness: {PERSON}")) + "</w:txbxContent></v:textbox></v:shape></w:pict></w:r>")),
        _d("textbox-dml.docx", para(run("Figure: "), '<w:r><w:drawing><wp:anchor><wp:docPr id="2" name="Text Box 2"/>'
                                    '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">'
                                    '<wps:wsp><wps:txbx><w:txbxContent>' + para(run(f"Witness: {PERSON}"))
                                    + "</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>")),
        _d("hyperlink.docx", para(run("Write to "), '<w:hyperlink r:id="rIdH1">'
                                  + run(PERSON, '<w:rStyle w:val="Hyperlink"/>') + "</w:hyperlink>",
                                  run(" for the documents.")) + para(
            run("Or to "), FLD.format(instr='HYPERLINK "mailto:margaret.thornton@example.com"',
                                      result=run("her office")), run(" directly.")),
           extra_rels=HYPERLINK_REL),
        _d("tracked-changes.docx", never=NEVER + ("Peter", "Hallworth"), body=para(run("The application was signed by "),
                                        '<w:ins w:id="1" w:author="Editor" w:date="2024-01-01T00:00:00Z">'
                                        + run(PERSON) + "</w:ins>",
                                        '<w:del w:id="2" w:author="Editor" w:date="2024-01-01T00:00:00Z">'
                                        '<w:r><w:delText xml:space="preserve">Peter Hallworth</w:delText></w:r></w:del>',
                                        run(" on behalf of the company."))),
        _d("hidden-text.docx", para(run("The application was signed "),
                                    run(f"by {PERSON} ", "<w:vanish/>"), run("on behalf of the company."))),
        _d("alt-text.docx", para(run("The photograph is attached."),
                                 '<w:r><w:drawing><wp:inline><wp:extent cx="1" cy="1"/>'
                                 f'<wp:docPr id="1" name="Picture 1" descr="Photo of {PERSON}" title="{PERSON}"/>'
                                 "</wp:inline></w:drawing></w:r>")),
        _d("properties.docx", para(run("The letter is attached.")),
           core=f"<dc:creator>{PERSON}</dc:creator><dc:title>Letter to {PERSON}</dc:title>",
           custom='<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" '
                  f'name="Client"><vt:lpwstr>{PERSON}</vt:lpwstr></property>'),
        _d("field-result.docx", para(run("The application was signed by "),
                                     FLD.format(instr="MERGEFIELD ClientName", result=run(PERSON)),
                                     run(" on behalf of the company."))),
        # -- one person in three inflected forms (lv, lt, et)
        Leak("inflected.lv.jsonl", "lv", _jsonl(
            "Andris Bērziņš iesniedza prasību tiesā.",
            "Tiesa noraidīja Andra Bērziņa prasību.",
            "Spriedums tika nosūtīts Andrim Bērziņam pa pastu."),
            ("Andris", "Andra", "Andrim", "Bērziņ", "Berzin")),
        Leak("inflected.lt.jsonl", "lt", _jsonl(
            "Jonas Petraitis pateikė ieškinį teismui.",
            "Teismas atmetė Jono Petraičio ieškinį.",
            "Sprendimas buvo išsiųstas Jonui Petraičiui paštu."),
            ("Jonas", "Jono", "Jonui", "Petrait", "Petraič")),
        Leak("inflected.et.jsonl", "et", _jsonl(
            "Kadri Kask esitas kohtule hagi.",
            "Kohus jättis Kadri Kase hagi rahuldamata.",
            "Otsus saadeti Kadri Kasele posti teel."),
            ("Kadri", "Kask", "Kase", "Kasele")),
        # -- a name inside an e-mail address or a URL path
        Leak("email-url.jsonl", "en", _jsonl(
            f"{said.format(PERSON)}",
            "Questions go to margaret.thornton@example.com before Friday.",
            "Her CV is at https://example.org/people/margaret-thornton/cv.pdf for the panel."),
            NEVER + ("margaret", "thornton")),
        # -- ALL CAPS and lower case
        Leak("case-variants.jsonl", "en", _jsonl(
            said.format(PERSON),
            f"APPLICANT: {PERSON.upper()}",
            f"the file of {PERSON.lower()} was closed."),
            NEVER + ("MARGARET", "THORNTON", "margaret", "thornton")),
        Leak("all-caps-only.jsonl", "en", _jsonl(
            f"APPLICANT: {PERSON.upper()}, BORN 1970, RESIDENT IN LEEDS.",
            "The application was examined at the hearing."),
            ("MARGARET", "THORNTON")),
        # -- names that are also common words
        Leak("common-words.jsonl", "en", _jsonl(
            "The witnesses Rose Young and George Bush gave evidence on Monday.",
            "Ms Young confirmed that Mr Bush had signed the lease."),
            ("Rose Young", "Young", "Bush")),
        # -- with and without diacritics
        Leak("diacritics.jsonl", "en", _jsonl(
            "The contract was signed by Jānis Bērziņš in Riga.",
            "Mr Berzins later confirmed his signature.",
            "JANIS BERZINS appears on the list of shareholders."),
            ("Jānis", "Janis", "JANIS", "Bērziņš", "Berzins", "BERZINS")),
        # -- XLIFF <note> and <alt-trans>, TMX <prop> and <note>: not sent, not in the target
        Leak("note-alttrans.xlf", "en", _xliff(
            '<trans-unit id="1"><source>The meeting is postponed until Monday.</source>'
            f'<alt-trans><source>The meeting with {PERSON} is postponed.</source>'
            f'<target xml:lang="es">La reunión con {PERSON} se aplaza.</target></alt-trans>'
            f'<note>Ask {PERSON} before translating.</note></trans-unit>'),
            NEVER, not_in_target=NEVER),
        Leak("prop-note.tmx", "en", (
            '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" '
            'creationtool="x" creationtoolversion="1" segtype="sentence" o-tmf="x" '
            'adminlang="en" datatype="plaintext"/><body><tu tuid="1">'
            f'<prop type="x-client">{PERSON}</prop><note>Reviewed by {PERSON}.</note>'
            '<tuv xml:lang="en"><seg>The meeting is postponed until Monday.</seg></tuv>'
            '</tu></body></tmx>\n').encode(), NEVER, not_in_target=NEVER),
    ]
