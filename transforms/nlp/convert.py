"""stanza.Document -> AnnotatedText (shared by the Stanza backend and the CoNLL-U reader).

Character offsets: a Document produced by a Stanza pipeline already carries ``text`` and
``start_char``/``end_char``; those are used as they are.  A Document read from CoNLL-U has
neither, so the text is **rebuilt from the tokens**: each surface token's form followed by its
``SpaceAfter``/``SpacesAfter`` whitespace (Stanza parses these MISC keys into
``token.spaces_after``; default one space), sentences simply following each other, trailing
whitespace of the last token dropped.  ``# text`` comments are deliberately ignored, so the
same file always gives the same text whatever its comments say.

Entities come from, in order: the Document's own entities when it has offsets (pipeline NER),
else the tokens' ``ner`` tags (CoNLL-U ``ner=`` in MISC, Stanza's BIOES), else ``NE=`` tags in
MISC (Estonian EDT: ``NE=B-Per``; BIO).  Empty nodes (``8.1``) are not words and are skipped.
"""
from __future__ import annotations

import re
from typing import List, Mapping, Optional, Tuple

from transforms.nlp.base import (AnnotatedText, EntitySpan, Token, decode_tags, entity_head,
                                 parse_feats, words_in_span)
from transforms.nlp.tagsets import map_tag

_NE_MISC = re.compile(r"(?:^|\|)NE=([^|]+)")


def _misc_ne(misc: Optional[str]) -> Optional[str]:
    if not misc:
        return None
    m = _NE_MISC.search(misc)
    return m.group(1) if m else None


def _word_offsets(token, words, t_start: int) -> List[Tuple[int, int]]:
    """Offsets of the words of one surface token (see base module docstring)."""
    t_end = t_start + len(token.text)
    if len(words) == 1:
        return [(t_start, t_end)]
    pattern = "^" + r"\s*".join("(%s)" % re.escape(w.text or "") for w in words) + "$"
    m = re.match(pattern, token.text or "")
    if m:
        return [(t_start + m.start(i + 1), t_start + m.end(i + 1)) for i in range(len(words))]
    return [(t_start, t_end)] * len(words)


def document_to_annotated(doc, lang: str = "", tagset: str = "conll",
                          mapping: Optional[Mapping[str, Optional[str]]] = None,
                          keep_unmapped: bool = False) -> AnnotatedText:
    """Turn a ``stanza.Document`` into an ``AnnotatedText``.

    ``keep_unmapped``: keep entities whose tag maps to None (type stays the raw tag)."""
    has_offsets = (doc.text is not None and doc.sentences and doc.sentences[0].tokens
                   and doc.sentences[0].tokens[0].start_char is not None)
    pieces: List[str] = []
    pos = 0
    records: List[Token] = []
    unit_tags: List[Optional[str]] = []      # one tag per word record
    tag_source = None
    last_space = ""
    for s_idx, sent in enumerate(doc.sentences):
        for token in sent.tokens:
            if has_offsets:
                t_start, t_end = token.start_char, token.end_char
            else:
                if pieces:
                    pieces.append(last_space)
                    pos += len(last_space)
                t_start, t_end = pos, pos + len(token.text)
                pieces.append(token.text)
                pos = t_end
                last_space = token.spaces_after if token.spaces_after is not None else " "
            words = list(token.words)
            offs = (_word_offsets(token, words, t_start) if not has_offsets else
                    [((w.start_char if w.start_char is not None else t_start),
                      (w.end_char if w.end_char is not None else t_end)) for w in words])
            if has_offsets and len(words) > 1 and all(w.start_char is None for w in words):
                offs = _word_offsets(token, words, t_start)
            tok_tag = token.ner if token.ner not in (None, "_") else None
            for w, (ws, we) in zip(words, offs):
                records.append(Token(
                    text=w.text, start_char=ws, end_char=we, lemma=w.lemma or "",
                    upos=w.upos or "", feats=parse_feats(w.feats),
                    head=w.head if w.head is not None else -1, deprel=w.deprel or "",
                    sentence=s_idx, id=w.id, token_start=t_start, token_end=t_end,
                    mwt=len(words) > 1, xpos=w.xpos or ""))
                ne = _misc_ne(w.misc) or _misc_ne(token.misc if len(words) > 1 else None)
                if tok_tag is not None:
                    unit_tags.append(tok_tag); tag_source = tag_source or "ner"
                elif ne is not None:
                    unit_tags.append(ne); tag_source = tag_source or "misc"
                else:
                    unit_tags.append(None)
    text = doc.text if has_offsets else "".join(pieces)
    entities: List[EntitySpan] = []
    doc_ents = list(doc.ents) if has_offsets else []
    if doc_ents:
        for ent in doc_ents:
            cat = map_tag(ent.type, tagset, mapping)
            if cat is None and not keep_unmapped:
                continue
            idxs = words_in_span(records, ent.start_char, ent.end_char)
            entities.append(EntitySpan(ent.start_char, ent.end_char, cat or ent.type,
                                       entity_head(records, idxs), raw_type=ent.type))
    else:
        set_name = tagset if tag_source != "misc" else "edt"
        spans = []
        begin = 0
        for k in range(1, len(records) + 1):       # entities never cross a sentence boundary
            if k == len(records) or records[k].sentence != records[begin].sentence:
                spans += [(begin + a, begin + b, raw)
                          for a, b, raw in decode_tags(unit_tags[begin:k])]
                begin = k
        for first, last, raw in spans:
            cat = map_tag(raw, set_name, mapping)
            if cat is None and not keep_unmapped:
                continue
            idxs = list(range(first, last + 1))
            start = records[first].token_start
            end = records[last].token_end
            entities.append(EntitySpan(start, end, cat or raw, entity_head(records, idxs),
                                       raw_type=raw))
    return AnnotatedText(text=text, tokens=records, entities=entities, lang=lang)
