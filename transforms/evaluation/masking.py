"""Masked translation evaluation: find entity spans in a text and mask them (pure).

The Tilde paper (DESIGN.md §2.1) masks every entity in the reference and in each MT output
with ``NER`` and scores the masked texts, so methods whose entity outputs differ (asterisks,
labels, pseudonyms) are compared on the context alone.

Where the spans come from, most exact first:

* **restored output** (every method but ``original``): ``RestoredSegment.spans`` say exactly
  where the originals were put back.  Masking the restored text at those spans is the same as
  masking the engine's raw output at the located replacements, since both become one ``NER``.
  A replacement the engine mangled (Apertium turns ``PER_1`` into ``Por_1``) cannot be placed:
  it is **not** masked, and its garbage stays in the hypothesis — exactly where that method
  loses quality.  The report counts those as ``unplaced``.
* **unprotected output** (``original``) and references without gold spans: each source
  entity is located by its original string (names pass most engines unchanged), dates by
  their components in any language the date tables know (``transforms.dates``: "29 September
  2008" is found in "2008. gada 29. septembra", where the paper's simalign failed), then by
  the engine's own translation of the entity alone (a *probe*, exact then word-wise), then —
  with an Apertium engine — its words' translations found word for word through the pair's
  dictionaries, its target article with it when the source mention had one (as restoration
  finds a pseudonym's and spans it: the two sides are masked alike), then by word alignment
  (simalign) when a model is configured.  What none of these finds stays
  unmasked and is counted.
* **references with gold spans** (MultiLeg): the gold spans, plus any source entity string
  found verbatim (so a detected identifier masked in the hypothesis is masked here too).

Adjacent masks (only whitespace between them) are merged into one, as in the paper.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from schemas.records import CODE_CHARS, plain_chars
from transforms import dates
from transforms.linking import POSSESSIVE, _WORD, fold
from transforms.restore import _find_exact, _find_words

MASK = "NER"

Span = Tuple[int, int]


def strip_codes(text: str, spans: Iterable[Sequence] = (), codes: Sequence = ()
                ) -> Tuple[str, List[Span]]:
    """Remove inline-code markers from ``text`` and move ``spans`` ([start, end, ...]) along.
    ``codes``: the text's codes, where known; a marker of one that reads as white space or a
    character (``Code.reads_as``: a line break) is that, as in the source's plain text."""
    if CODE_CHARS.search(text) is None:
        # No marker (most segments): each span keeps the part of it that lies in the text.
        n = len(text)
        return text, [(max(0, int(sp[0])), min(n, int(sp[1]))) for sp in spans
                      if max(0, int(sp[0])) < min(n, int(sp[1]))]
    read = plain_chars(text, codes)
    keep = [i for _, i in read]
    new_pos = {}
    for n, i in enumerate(keep):
        new_pos[i] = n
    out_spans = []
    for sp in spans:
        s, e = int(sp[0]), int(sp[1])
        inside = [new_pos[i] for i in range(s, e) if i in new_pos]
        if inside:
            out_spans.append((inside[0], inside[-1] + 1))
    return "".join(ch for ch, _ in read), out_spans


def union(spans: Iterable[Span]) -> List[Span]:
    out: List[Span] = []
    for s, e in sorted(spans):
        if e <= s:
            continue
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return out


def mask(text: str, spans: Iterable[Span], token: str = MASK) -> str:
    """Replace each span by ``token``; overlapping spans are joined; masks with only
    whitespace between them become one; whitespace is normalised."""
    pieces, pos = [], 0
    for s, e in union(spans):
        pieces.append(text[pos:s])
        pieces.append(f"\x00{token}\x00")
        pos = e
    pieces.append(text[pos:])
    out = "".join(pieces)
    out = re.sub(rf"\x00{re.escape(token)}\x00(?:\s*\x00{re.escape(token)}\x00)+",
                 f"\x00{token}\x00", out)
    # a mask glued to a word ("NERs", "l'NER") stays one token with it: that is what the
    # engine produced; only the sentinels go.
    out = out.replace("\x00", "")
    return re.sub(r"\s+", " ", out).strip()


# --- locating entities in text that was not restored --------------------------------------

@dataclass
class Entity:
    """A source entity to find in a target text: its original string, its category and,
    when known, the engine's translation of it alone (a probe)."""
    text: str
    category: str
    probe: Optional[str] = None
    source_span: Optional[Span] = None      # in the source segment, for word alignment


@dataclass
class Located:
    spans: List[Span] = field(default_factory=list)
    how: Dict[str, int] = field(default_factory=dict)   # method -> count
    missed: List[str] = field(default_factory=list)


def _taken(span: Span, taken: List[Span]) -> bool:
    return any(span[0] < b and a < span[1] for a, b in taken)


ALL_MEANS = ("exact", "date", "probe", "engine", "words", "stem", "alignment")


def locate_entities(text: str, entities: Sequence[Entity],
                    aligned: Optional[Callable[[Span], Optional[Span]]] = None,
                    means: Sequence[str] = ALL_MEANS, lexicon=None, source_lang: str = "",
                    target_lang: str = "") -> Located:
    """Find each entity in ``text`` (see the module doc for the order of the means).
    ``aligned(source_span)`` maps a source character span to a target span (word alignment).
    ``means`` limits the means used (a reference with gold spans: exact strings and dates).
    ``lexicon``: the Apertium pair's ``target_form`` (``stages.restoration_lexicon``)."""
    res = Located()
    taken: List[Span] = []

    def hit(span, how):
        taken.append(span)
        res.spans.append(span)
        res.how[how] = res.how.get(how, 0) + 1

    for ent in sorted(entities, key=lambda e: -len(e.text)):
        bare = POSSESSIVE.sub("", ent.text.strip())
        span = _find_exact(text, ent.text.strip(), taken) or (
            _find_exact(text, bare, taken) if bare and bare != ent.text.strip() else None)
        if span is not None:
            hit(span, "exact")
            continue
        if ent.category == "DATE" and "date" in means:
            span = locate_date(text, ent.text, taken)
            if span is not None:
                hit(span, "date")
                continue
        probe = ent.probe.strip().rstrip(".") if ent.probe and "probe" in means else ""
        span = _find_exact(text, probe, taken) if probe else None
        if span is not None:
            hit(span, "probe")
            continue
        if lexicon is not None and "engine" in means and ent.category != "DATE" and \
                any(c.isalpha() for c in bare):
            # before the probe's words: a probe translated alone can differ from the name in
            # its sentence ("Corte de Justice"), and its words find part of it
            span = _engine_span(text, bare, taken, lexicon, source_lang, target_lang)
            if span is not None:
                hit(span, "engine")
                continue
        span = _find_words(text, probe, taken) if probe else None
        if span is not None:
            hit(span, "probe")
            continue
        if "words" in means and ent.category != "DATE" and any(c.isalpha() for c in bare):
            span = _find_words(text, bare, taken)
            if span is not None:
                # "Ozola" found, "Marija" beside it is the inflected "Maria": take it along
                more = find_inflected(text, bare, taken)
                if more is not None and more[0] <= span[1] + 1 and span[0] <= more[1] + 1:
                    span = (min(span[0], more[0]), max(span[1], more[1]))
                hit(span, "words")
                continue
        if "stem" in means and ent.category != "DATE":
            span = find_inflected(text, bare, taken)
            if span is not None:
                hit(span, "stem")
                continue
        if aligned is not None and "alignment" in means and ent.source_span is not None:
            span = aligned(ent.source_span)
            if span is not None and not _taken(span, taken):
                hit(span, "alignment")
                continue
        res.missed.append(ent.text)
    return res


def _engine_span(text: str, name: str, taken, lexicon, source_lang: str, target_lang: str
                 ) -> Optional[Span]:
    """The engine's translation of ``name`` found word for word (``restore.find_translation``),
    with the target's article before it when ``name`` has one of its own ("the Court of
    Justice" -> "la Corte de Justicia")."""
    from transforms.nlp.apertium_morphology import bare_name
    from transforms.restore import find_translation, target_article
    bare = bare_name(name, lang=source_lang) if source_lang else name
    span = find_translation(text, bare, taken, lexicon)
    if span is None:
        return None
    if bare != name:
        return (span[0] - target_article(text, span[0], target_lang), span[1])
    return span


_TOKEN = re.compile(rf"{_WORD}+")


def _shared_prefix(a: str, b: str) -> int:
    return len(os.path.commonprefix((a, b)))


def find_inflected(text: str, entity: str, taken: Sequence[Span] = ()) -> Optional[Span]:
    """An inflected or transliterated form of a name ("Latvia" -> "Latviju", "Riga" ->
    "Rīgā", "Maria Ozola" -> "Marija Ozola"): words of the text that share, accent- and
    case-insensitively, a prefix of at least 4 characters and all but 3 of the entity word's
    letters.  Consecutive hits become one span; the longest run wins."""
    words = [fold(w) for w in _TOKEN.findall(entity) if len(w) >= 4]
    if not words:
        return None
    hits = []
    for m in _TOKEN.finditer(text):
        w = fold(m.group(0))
        if len(w) < 4 or _taken(m.span(), list(taken)):
            continue
        if any(_shared_prefix(w, e) >= max(4, len(e) - 3) for e in words):
            hits.append(m.span())
    if not hits:
        return None
    runs: List[List[Span]] = [[hits[0]]]
    for sp in hits[1:]:
        gap = text[runs[-1][-1][1]:sp[0]]
        if len(gap) <= 3 and not re.search(_WORD, gap):
            runs[-1].append(sp)
        else:
            runs.append([sp])
    best = max(runs, key=len)
    return best[0][0], best[-1][1]


def locate_date(text: str, original: str, taken: Sequence[Span] = ()) -> Optional[Span]:
    """A date by its components (``transforms.dates``: month names in the languages it
    knows, any order), then — for a full date in a language whose month names it does not
    know — by its numbers: the year and the day (and the month as a number, if written so)
    within a few words of each other, in either order ("2012 m. gruodžio 13 d.", "13.12.2012",
    "13. december 2012")."""
    value = dates.parse(original)
    if value is None:
        return None
    for loose in (False, True):
        pos = 0
        while True:
            span = dates.locate(text, value, pos, loose=loose,
                                numeric_month=dates.is_numeric(original))
            if span is None:
                break
            if not _taken(span, list(taken)):
                return _widen_date(text, span)
            pos = span[1]
    if value.year is not None and value.day is not None and value.month is not None:
        y, d, m = value.year, value.day, value.month
        day = rf"0?{d}\.?"
        patterns = [
            # 13.12.2012, 13/12/2012
            rf"(?<![\d.]){day}[./-]?0?{m}[./-]{y}(?!\d)",
            # year first, one word (the month) or the month number: "2012 m. gruodžio 13 d."
            rf"(?<!\d){y}\.?\s+(?:m\.\s+)?(?:[^\W\d_]+\s+|0?{m}\s+){day}(?!\d)(?:\s*d\.)?",
            # day first, one word (the month) then the year: "13. december 2012"
            rf"(?<![\d.]){day}\s+(?:(?:de|of)\s+)?[^\W\d_]+\.?,?\s+(?:(?:de|of)\s+)?{y}(?!\d)",
        ]
        for pat in patterns:
            for mt in re.finditer(pat, text):
                if not _taken(mt.span(), list(taken)):
                    return mt.span()
    return None


_DATE_GLUE = re.compile(r"^(?:\s*(?:de|of|the|gada|\.|,)\s*)+", re.I)


def _widen_date(text: str, span: Span) -> Span:
    """``dates.locate`` returns the components' hull; take a trailing month word of a
    target pattern like "2008. gada 29. septembra" along (it is in the hull already) and a
    trailing period of "29." — nothing else."""
    s, e = span
    if e < len(text) and text[e] == "." and (e + 1 == len(text) or text[e + 1] == " ") \
            and re.search(r"\d$", text[s:e]) and re.search(r"gada", text[s:e]):
        e += 1
    return s, e


def word_spans(text: str) -> List[Span]:
    return [m.span() for m in re.finditer(rf"{_WORD}+|[^\s{_WORD[1:-1]}]", text)]
