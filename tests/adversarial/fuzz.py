"""Fuzz targets (issue 18): hypothesis strategies that make files — built from random
structure and text, or a valid file with random byte edits — and the checks each must pass.
``tests/test_fuzz.py`` runs them on a short profile; ``scripts/fuzz_readers.py`` runs at
least 10,000 examples per target.  Not a test module.

What may escape: ``FormatError`` (the reader's and the writer's documented error: "a file
that cannot be read or written; the message names the file and the problem").  Restoration
and the markup round trip raise nothing.  Anything else is a bug."""
from __future__ import annotations

import io
import json
import zipfile
from collections import Counter
from typing import Callable, Dict
from xml.sax.saxutils import escape

from hypothesis import strategies as st

from schemas.records import Code, RestoredSegment, code_char, code_index
from tests.adversarial.docx_build import docx, para
from transforms import formats, markup
from transforms.formats import FormatError

OUTCOMES: Dict[str, Counter] = {}

# text that hurts: markup characters, quotes, entities, private-use (our code markers),
# combining marks, right-to-left, emoji, the BOM, line breaks; and, in one text of four,
# the controls XML 1.0 cannot carry (such a file must be refused, not half-read)
HARD = "<>&\"' ;#\ue000\ue001\uf8ff\u0301\u200f\u202e\U0001F600\ufeff\r\n\t"
ILLEGAL = "\x00\x01\x0b\x1f\ufffe"
_clean = st.text(alphabet=st.one_of(st.characters(codec="utf-8", exclude_categories=["Cc"]),
                                    st.sampled_from(HARD)), max_size=40)
_dirty = st.text(alphabet=st.one_of(st.characters(codec="utf-8"), st.sampled_from(HARD + ILLEGAL)),
                 max_size=40)
text = st.one_of(_clean, _clean, _clean, _dirty)
word = st.text(alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=12)


def _esc(s: str) -> str:
    return escape(s)


@st.composite
def mutated(draw, seed: bytes) -> bytes:
    """``seed`` with up to five random byte edits (replace, insert, delete, truncate)."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(0, 5))):
        op = draw(st.sampled_from(["replace", "insert", "delete", "truncate"]))
        pos = draw(st.integers(0, max(0, len(data) - 1)))
        if op == "replace" and data:
            data[pos] = draw(st.integers(0, 255))
        elif op == "insert":
            data[pos:pos] = draw(st.binary(min_size=1, max_size=8))
        elif op == "delete" and data:
            del data[pos:pos + draw(st.integers(1, 8))]
        elif op == "truncate":
            del data[pos:]
    return bytes(data)


# -- XML inline content ---------------------------------------------------------------------
def _inline(draw, kinds, depth=0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        k = draw(st.sampled_from(["text", "text"] + kinds))
        n = draw(st.integers(1, 3))
        if k == "text":
            parts.append(_esc(draw(text)))
        elif k == "g" and depth < 3:
            parts.append(f'<g id="{n}">{_inline(draw, kinds, depth + 1)}</g>')
        elif k == "pc" and depth < 3:
            parts.append(f'<pc id="{n}">{_inline(draw, kinds, depth + 1)}</pc>')
        elif k == "hi" and depth < 3:
            parts.append(f"<hi>{_inline(draw, kinds, depth + 1)}</hi>")
        elif k == "x":
            parts.append(f'<x id="{n}"/>')
        elif k == "ph":
            if "hi" in kinds:                        # TMX
                parts.append(f'<ph x="{n}">{{0}}</ph>')
            elif "pc" in kinds:                      # XLIFF 2
                parts.append(f'<ph id="{n}"/>')
            else:                                    # XLIFF 1.2
                parts.append(f'<ph id="{n}">&lt;br/&gt;</ph>')
        elif k == "bpt":
            i = draw(st.integers(1, 3))
            parts.append(f'<bpt {"i" if "hi" in kinds else "id"}="{i}">&lt;b&gt;</bpt>'
                         + _esc(draw(text)) + f'<ept {"i" if "hi" in kinds else "id"}="{i}">&lt;/b&gt;</ept>')
        elif k == "sc":
            parts.append(f'<sc id="s{n}"/>' + _esc(draw(text)) + f'<ec startRef="s{n}"/>')
        elif k == "mrk" and depth < 3:
            parts.append(f'<mrk id="m{n}" translate="{draw(st.sampled_from(["yes", "no"]))}">'
                         f'{_inline(draw, kinds, depth + 1)}</mrk>')
        elif k == "entity":
            parts.append(draw(st.sampled_from(["&amp;", "&#233;", "&#x1F600;", "&undefined;",
                                               "&#0;", "&lt;"])))
        elif k == "comment":
            parts.append(f"<!--{draw(st.sampled_from(['c', 'a--b', '']))}-->")
        elif k == "cdata":
            parts.append(f"<![CDATA[{draw(text).replace(']]>', '')}]]>")
    return "".join(parts)


@st.composite
def xliff12(draw) -> bytes:
    units = []
    for i in range(draw(st.integers(0, 4))):
        src = _inline(draw, ["g", "x", "bpt", "ph", "mrk", "entity", "comment", "cdata"])
        extra = draw(st.sampled_from(["", f"<target>{_esc(draw(text))}</target>",
                                      f"<note>{_esc(draw(text))}</note>",
                                      "<seg-source><mrk mtype=\"seg\" mid=\"1\">a</mrk></seg-source>"]))
        attrs = draw(st.sampled_from(["", ' translate="no"', ' xml:space="preserve"']))
        units.append(f'<trans-unit id="{i}"{attrs}><source>{src}</source>{extra}</trans-unit>')
    enc = draw(st.sampled_from(["utf-8", "utf-16-le", "utf-16-be"]))
    decl = draw(st.sampled_from(["", '<?xml version="1.0"?>\n', '<?xml version="1.0" encoding="UTF-8"?>\n']))
    if enc != "utf-8" and "UTF-8" in decl:
        decl = '<?xml version="1.0" encoding="UTF-16"?>\n'
    xml = (decl + '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file '
           'source-language="en" target-language="es" datatype="plaintext" original="f"><body>'
           + "".join(units) + "</body></file></xliff>")
    bom = draw(st.booleans())
    data = xml.encode(enc, errors="surrogatepass")
    if bom:
        data = {"utf-8": b"\xef\xbb\xbf", "utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}[enc] + data
    return data


@st.composite
def xliff2(draw) -> bytes:
    units = []
    for i in range(draw(st.integers(0, 4))):
        segs = ""
        for _ in range(draw(st.integers(1, 3))):
            state = draw(st.sampled_from(["", ' state="final"']))
            src = _inline(draw, ["pc", "ph", "sc", "mrk", "entity", "cdata"])
            tgt = draw(st.sampled_from(["", "<target>x</target>"]))
            ign = draw(st.sampled_from(["", "<ignorable><source> </source></ignorable>"]))
            segs += f"<segment{state}><source>{src}</source>{tgt}</segment>{ign}"
        no = draw(st.sampled_from(["", ' translate="no"']))
        units.append(f'<unit id="u{i}"{no}>{segs}</unit>')
    ver = draw(st.sampled_from(["2.0", "2.1"]))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:'
            f'document:{ver}" version="{ver}" srcLang="en" trgLang="es"><file id="f">'
            + "".join(units) + "</file></xliff>").encode("utf-8")


@st.composite
def tmx(draw) -> bytes:
    tus = []
    for i in range(draw(st.integers(0, 4))):
        tuvs = f'<tuv xml:lang="{draw(st.sampled_from(["en", "EN-us", "en_GB", "de"]))}">' \
               f'<seg>{_inline(draw, ["hi", "ph", "bpt", "x", "entity"])}</seg></tuv>'
        if draw(st.booleans()):
            tuvs += f'<tuv xml:lang="es"><seg>{_esc(draw(text))}</seg></tuv>'
        props = draw(st.sampled_from(["", f'<prop type="x">{_esc(draw(text))}</prop>',
                                      f"<note>{_esc(draw(text))}</note>"]))
        tus.append(f'<tu tuid="{i}">{props}{tuvs}</tu>')
    src = draw(st.sampled_from(["en", "*all*", ""]))
    xml = ('<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header '
           f'srclang="{src}" creationtool="x" creationtoolversion="1" segtype="sentence" '
           'o-tmf="x" adminlang="en" datatype="plaintext"/><body>' + "".join(tus)
           + "</body></tmx>")
    enc = draw(st.sampled_from(["utf-8", "utf-16-be"]))
    return xml.encode(enc, errors="surrogatepass") if enc == "utf-8" else \
        xml.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode(enc, errors="surrogatepass")


# -- DOCX parts -----------------------------------------------------------------------------
@st.composite
def docx_body(draw) -> str:
    paras = []
    for _ in range(draw(st.integers(0, 4))):
        runs = []
        for _ in range(draw(st.integers(0, 5))):
            k = draw(st.sampled_from(["t", "t", "b", "tab", "br", "del", "ins", "fld", "sym",
                                      "hyperlink", "vanish", "bookmark", "txbx"]))
            t = _esc(draw(text))
            if k == "t":
                runs.append(f'<w:r><w:t xml:space="preserve">{t}</w:t></w:r>')
            elif k == "b":
                runs.append(f'<w:r><w:rPr><w:b/></w:rPr><w:t>{t}</w:t></w:r>')
            elif k == "vanish":
                runs.append(f'<w:r><w:rPr><w:vanish/></w:rPr><w:t>{t}</w:t></w:r>')
            elif k == "tab":
                runs.append("<w:r><w:tab/></w:r>")
            elif k == "br":
                runs.append(f"<w:r><w:t>{t}</w:t><w:br/><w:t>{t}</w:t></w:r>")
            elif k == "del":
                runs.append(f'<w:del w:id="1" w:author="a"><w:r><w:delText>{t}</w:delText></w:r></w:del>')
            elif k == "ins":
                runs.append(f'<w:ins w:id="2" w:author="a"><w:r><w:t>{t}</w:t></w:r></w:ins>')
            elif k == "fld":
                runs.append('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>'
                            f' MERGEFIELD {t} </w:instrText></w:r>'
                            + draw(st.sampled_from(['<w:r><w:fldChar w:fldCharType="separate"/></w:r>', '']))
                            + f'<w:r><w:t>{t}</w:t></w:r>'
                            + draw(st.sampled_from(['<w:r><w:fldChar w:fldCharType="end"/></w:r>', ''])))
            elif k == "sym":
                runs.append('<w:r><w:sym w:font="Wingdings" w:char="F0E0"/></w:r>')
            elif k == "hyperlink":
                runs.append(f'<w:hyperlink w:anchor="x"><w:r><w:t>{t}</w:t></w:r></w:hyperlink>')
            elif k == "bookmark":
                runs.append('<w:bookmarkStart w:id="0" w:name="b"/><w:bookmarkEnd w:id="0"/>')
            elif k == "txbx":
                runs.append('<w:r><w:pict><v:shape><v:textbox><w:txbxContent>'
                            f'<w:p><w:r><w:t>{t}</w:t></w:r></w:p></w:txbxContent></v:textbox>'
                            '</v:shape></w:pict></w:r>')
        paras.append(para(*runs))
    return "".join(paras)


@st.composite
def docx_file(draw) -> bytes:
    body = draw(docx_body())
    parts = {}
    for kind in draw(st.sets(st.sampled_from(["header", "footer", "footnotes", "comments"]))):
        inner = draw(docx_body())
        if kind == "footnotes":
            inner = f'<w:footnote w:id="1">{inner or "<w:p/>"}</w:footnote>'
        elif kind == "comments":
            inner = f'<w:comment w:id="0" w:author="x">{inner or "<w:p/>"}</w:comment>'
        parts[kind] = inner
    data = docx(body, parts)
    if draw(st.booleans()):          # and then one part's bytes damaged
        z = zipfile.ZipFile(io.BytesIO(data))
        names = z.namelist()
        victim = draw(st.sampled_from(names))
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as out:
            for n in names:
                blob = z.read(n)
                out.writestr(n, draw(mutated(blob)) if n == victim else blob)
        data = buf.getvalue()
    return data


# -- JSONL and CoNLL-U ----------------------------------------------------------------------
json_value = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | text,
                          lambda c: st.lists(c, max_size=3) | st.dictionaries(text, c, max_size=3),
                          max_leaves=6)


@st.composite
def jsonl(draw) -> bytes:
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        t = draw(text)
        kind = draw(st.sampled_from(["ok", "ok", "labels", "value", "garbage"]))
        if kind == "ok":
            lines.append(json.dumps({"text": t, "label": []}))
        elif kind == "labels":
            labels = draw(st.lists(st.tuples(st.integers(-2, 45), st.integers(-2, 45),
                                             st.sampled_from(["PER", "ORG", "LOC", "", "X"])),
                                   max_size=3))
            lines.append(json.dumps({"text": t, "label": [list(x) for x in labels]}))
        elif kind == "value":
            lines.append(json.dumps(draw(json_value)))
        else:
            lines.append(draw(text))
    return "\n".join(lines).encode("utf-8", errors="surrogatepass")


@st.composite
def conllu(draw) -> bytes:
    sents = []
    for _ in range(draw(st.integers(0, 3))):
        toks = []
        n = draw(st.integers(1, 5))
        for i in range(1, n + 1):
            form = draw(word)
            misc = draw(st.sampled_from(["_", "ner=B-PER", "ner=I-PER", "ner=O", "NE=B-PER",
                                         "SpaceAfter=No", "ner=E-LOC|SpaceAfter=No", "ner=S-ORG"]))
            cols = [str(i), form, form.lower(), draw(st.sampled_from(["PROPN", "NOUN", "_"])),
                    "_", draw(st.sampled_from(["_", "Case=Nom", "Case=Gen|Number=Sing"])),
                    str(draw(st.integers(0, n))), "_", "_", misc]
            if draw(st.integers(0, 20)) == 0:
                cols = cols[:draw(st.integers(1, 9))]        # a broken line
            toks.append("\t".join(cols))
        sents.append(f"# text = {' '.join(t.split(chr(9))[1] for t in toks if chr(9) in t)}\n"
                     + "\n".join(toks) + "\n")
    return "\n".join(sents).encode("utf-8")


# -- the checks -------------------------------------------------------------------------------
def _results(doc) -> Dict[str, RestoredSegment]:
    """Every segment through the markup round trip, "translated" by upper-casing."""
    out = {}
    for s in doc.segments:
        sent = markup.to_markup(s.text, s.codes)
        text, _ = markup.from_markup(sent.upper() if "<" not in sent else sent, s.codes)
        out[s.id] = RestoredSegment(document=doc.name, id=s.id, index=s.index, text=text,
                                    status="translated")
    return out


def check_file(target: str, name: str, data: bytes, src: str = "en", tgt: str = "es") -> str:
    """Read, write back unchanged, write translated, read the translation back.  Returns
    the outcome; raises whatever undocumented exception a stage lets out."""
    count = OUTCOMES.setdefault(target, Counter())
    try:
        doc = formats.read_document(name, name, data, src, tgt)
    except FormatError as exc:
        assert exc.problem and name in str(exc)
        count["refused on reading"] += 1
        return "refused"
    assert formats.write_document(doc, {}) == data      # documented: no results, same bytes
    try:
        out = formats.write_document(doc, _results(doc))
    except FormatError as exc:
        assert exc.problem
        count["refused on writing"] += 1
        return "write-refused"
    fmt = formats.BY_NAME[doc.format]
    if doc.segments and doc.format in ("xliff12", "xliff2", "tmx", "docx"):
        back = fmt.read_back(doc, out)           # our own output must read again
        assert set(back) <= {s.id for s in doc.segments}
    count["read and written"] += 1
    return "ok"


def check_markup(text_: str, codes) -> None:
    """to_markup / from_markup: a payload that comes back as sent restores every code once,
    in order, with no problem; whatever an engine returns, nothing is lost and nothing
    raises."""
    count = OUTCOMES.setdefault("markup", Counter())
    sent = markup.to_markup(text_, codes)
    back, problems = markup.from_markup(sent, codes)
    assert problems == [], (text_, sent, problems)
    assert back == markup.join_split_words(text_, codes)
    count["round trip"] += 1


def check_engine_output(returned: str, codes) -> None:
    count = OUTCOMES.setdefault("markup-engine-output", Counter())
    back, problems = markup.from_markup(returned, codes)
    present = sorted(code_index(c) for c in back if code_index(c) is not None
                     and code_index(c) < len(codes))
    assert present == list(range(len(codes))), (returned, back)     # each code exactly once
    count["with problems" if problems else "clean"] += 1


@st.composite
def coded_text(draw):
    """A segment's text with well-nested paired codes and isolated codes."""
    codes, parts, stack = [], [], []
    for _ in range(draw(st.integers(0, 12))):
        k = draw(st.sampled_from(["text", "word", "open", "close", "iso"]))
        if k in ("text", "word"):
            s = draw(text if k == "text" else word)
            parts.append("".join(c for c in s if code_index(c) is None))
        elif k == "open":
            codes.append(Code("open", "{}", pair=len(codes) + 1))
            stack.append(len(codes) - 1)
            parts.append(code_char(len(codes) - 1))
        elif k == "close" and stack:
            o = stack.pop()
            codes.append(Code("close", "", pair=codes[o].pair))
            parts.append(code_char(len(codes) - 1))
        elif k == "iso":
            codes.append(Code("isolated", "{}"))
            parts.append(code_char(len(codes) - 1))
    while stack:
        o = stack.pop()
        codes.append(Code("close", "", pair=codes[o].pair))
        parts.append(code_char(len(codes) - 1))
    return "".join(parts), codes


@st.composite
def engine_output(draw):
    """What an engine might return for a coded segment: the payload with tags dropped,
    doubled, moved, mangled, or plain garbage."""
    t, codes = draw(coded_text())
    sent = markup.to_markup(t, codes)
    pieces = [p for p in __import__("re").split(r"(<[^>]+>)", sent) if p]
    ops = draw(st.lists(st.sampled_from(["drop", "dup", "swap", "garble", "keep"]), max_size=4))
    for op in ops:
        if not pieces:
            break
        i = draw(st.integers(0, len(pieces) - 1))
        if op == "drop":
            del pieces[i]
        elif op == "dup":
            pieces.insert(i, pieces[i])
        elif op == "swap" and len(pieces) > 1:
            j = draw(st.integers(0, len(pieces) - 1))
            pieces[i], pieces[j] = pieces[j], pieces[i]
        elif op == "garble":
            pieces[i] = draw(st.sampled_from(['<g id="99">', "</g>", '<x id="-1"/>', "<g>",
                                              '<x id="0"></x>', "&amp;", "&bogus;", "<", ">"]))
    return "".join(pieces), codes


_PROTECTED = []


def _protected():
    """One protected document (labelled names, a date, codes), made once."""
    if not _PROTECTED:
        from transforms.protect import ProtectOptions, protect_document
        lines = [{"text": "Andris Kalniņš met Anna Berg in Riga on 5 May 2016.",
                  "label": [[0, 14, "PER"], [19, 28, "PER"], [32, 36, "LOC"], [40, 50, "DATE"]]},
                 {"text": "Kalniņš's letter reached Ms Berg.", "label": [[0, 7, "PER"], [28, 32, "PER"]]}]
        data = "".join(json.dumps(l, ensure_ascii=False) + "\n" for l in lines).encode()
        doc = formats.read_document("r.jsonl", "r.jsonl", data, "en", "es")
        _PROTECTED.append(protect_document(doc, ProtectOptions(secret=b"fuzz", detectors=())))
    return _PROTECTED[0]


def check_restoration(ops, seed: int) -> None:
    """Restoration of a protected document from whatever an engine returns (the payload
    with its pseudonyms and tags dropped, doubled, swapped, garbled, lower-cased or
    emptied): every segment ends translated, needs-review or failed; nothing raises."""
    import random
    from schemas.records import MTResponse
    from transforms import stages
    count = OUTCOMES.setdefault("restoration", Counter())
    pd = _protected()
    rnd = random.Random(seed)
    responses = []
    for r in stages.requests_for(pd, "identity"):
        words = __import__("re").split(r"(\s+|<[^>]+>)", r.text)
        for op in ops:
            i = rnd.randrange(len(words))
            if op == "drop":
                del words[i]
            elif op == "dup":
                words.insert(i, words[i])
            elif op == "swap":
                j = rnd.randrange(len(words))
                words[i], words[j] = words[j], words[i]
            elif op == "garble":
                words[i] = rnd.choice(['<g id="7">', "</g>", "&bogus;", "\ue005", "ŗ", ""])
            elif op == "lower":
                words[i] = words[i].lower()
            elif op == "empty":
                words = [""]
            if not words:
                words = [""]
        responses.append(MTResponse(document=r.document, segment=r.segment, index=r.index,
                                    engine="identity", text="".join(words), request_text=r.text))
    results, report = stages.restore_document(pd, responses)
    assert set(results) == {s.id for s in pd.segments}
    assert all(res.status in ("translated", "needs-review", "failed") for res in results.values())
    count[",".join(sorted({res.status for res in results.values()}))] += 1


TARGETS: Dict[str, tuple] = {
    # name: (strategy, check(data) -> outcome)
    "docx": (docx_file(), lambda d: check_file("docx", "f.docx", d)),
    "docx-mutated": (mutated(docx(para('<w:r><w:t>Hello Anna Berg</w:t></w:r>'),
                                   {"header": para('<w:r><w:t>Anna Berg</w:t></w:r>')})),
                     lambda d: check_file("docx-mutated", "m.docx", d)),
    "xliff12-mutated": (mutated(b'<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" '
                                b'xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-'
                                b'language="en" target-language="es" datatype="plaintext" '
                                b'original="f"><body><trans-unit id="1"><source>Call <g id="1">'
                                b'Anna</g> at <x id="2"/> &amp; <bpt id="3">[</bpt>go<ept id="3">'
                                b']</ept></source></trans-unit></body></file></xliff>'),
                        lambda d: check_file("xliff12-mutated", "m.xlf", d)),
    "markup": (coded_text(), lambda tc: check_markup(*tc)),
    "markup-engine-output": (engine_output(), lambda rc: check_engine_output(*rc)),
    "restoration": (st.tuples(st.lists(st.sampled_from(["drop", "dup", "swap", "garble", "lower",
                                                        "keep", "empty"]), max_size=4),
                              st.integers(0, 10 ** 6)),
                    lambda ops: check_restoration(*ops)),
    "xliff12": (xliff12(), lambda d: check_file("xliff12", "f.xlf", d)),
    "xliff2": (xliff2(), lambda d: check_file("xliff2", "f.xlf", d)),
    "tmx": (tmx(), lambda d: check_file("tmx", "f.tmx", d)),
    "jsonl": (jsonl(), lambda d: check_file("jsonl", "f.jsonl", d)),
    "conllu": (conllu(), lambda d: check_file("conllu", "f.conllu", d)),
}
