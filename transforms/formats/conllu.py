"""CoNLL-U as an annotated input (Stanza's own serialisation; NER in MISC as ``ner=`` or
``NE=``): a document annotated elsewhere — on a GPU machine, or gold data — skips the NLP
step.  Each sentence is a segment; its entities become labels that carry the entity lemma and
the head word's features, as the Stanza detector would give them.

The translation is written as CoNLL-U too: per sentence ``# text =`` the translation, and the
translation's whitespace tokens with the other columns left ``_`` (it is not annotated).
``write_document(doc, {})`` gives the input bytes back unchanged.
"""
from __future__ import annotations

from typing import Dict

from schemas.records import Document, RestoredSegment, Segment
from transforms.formats.base import Format, FormatError


class ConlluFormat(Format):
    name = "conllu"
    description = "CoNLL-U with NER in MISC (.conllu)"

    def sniff(self, name, data):
        if name.lower().endswith(".conllu"):
            return True
        for line in data[:4096].decode("utf-8", "replace").splitlines():
            if line.startswith("#") or not line.strip():
                continue
            return len(line.split("\t")) == 10 and line.split("\t")[0][:1].isdigit()
        return False

    def read(self, name, path, data, source_lang, target_lang):
        from transforms.nlp.base import entities_to_mentions
        from transforms.nlp.conllu import read_annotated
        try:
            text = data.decode("utf-8-sig")
            ann = read_annotated(text=text, lang=source_lang,
                                 tagset="edt" if "NE=" in text else "conll")
        except UnicodeDecodeError as exc:
            raise FormatError(name, f"not UTF-8: {exc}") from None
        except Exception as exc:   # stanza's reader raises plain exceptions on bad columns
            raise FormatError(name, f"not valid CoNLL-U: {exc}") from None
        mentions = entities_to_mentions(0, ann, source="given")
        segments = []
        for sent in ann.sentences():
            if not sent:
                continue
            s0 = min(t.token_start for t in sent)
            s1 = max(t.token_end for t in sent)
            labels = [[m.start - s0, m.end - s0, m.category,
                       {"lemma": m.lemma, "features": m.features}]
                      for m in mentions if s0 <= m.start and m.end <= s1]
            segments.append(Segment(document=name, id=str(len(segments) + 1),
                                    index=len(segments), text=ann.text[s0:s1], labels=labels))
        if not segments:
            raise FormatError(name, "no sentences")
        return Document(name=name, path=path, format=self.name, skeleton=data,
                        segments=segments, source_lang=source_lang, target_lang=target_lang)

    def write(self, doc: Document, results: Dict[str, RestoredSegment]) -> bytes:
        if not results:
            return doc.skeleton
        out = []
        for seg in doc.segments:
            res = results.get(seg.id)
            out.append(f"# sent_id = {seg.id}")
            if res is None or res.status == "failed":
                out.append("# doppel_status = failed")
                out.append("")
                continue
            text = " ".join(res.text.split())
            out.append(f"# text = {text}")
            if res.status != "translated":
                out.append(f"# doppel_status = {res.status}")
            for i, tok in enumerate(text.split(), 1):
                out.append(f"{i}\t{tok}\t_\t_\t_\t_\t_\t_\t_\t_")
            out.append("")
        return ("\n".join(out) + "\n").encode("utf-8")
