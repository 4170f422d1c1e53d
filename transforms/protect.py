"""Protect one document: mentions -> propagation -> merge -> clusters -> replacements (pure).

``protect_document`` is the whole privacy step for a document; the Beam layer only calls it.
"""
from __future__ import annotations

import dataclasses
import functools
import html
import logging
import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from schemas.records import (CODE_CHARS, Assignment, Cluster, Code, Document, Mention,
                             ProtectedSegment, Segment, code_char)
from transforms import linking
from transforms.dictionary.extract import without_legal_form
from transforms.linking import fold, lower_words_of
from transforms.pseudonyms import (PseudonymChooser, check_fallback_words, choice_order,
                                   corpus_assignments, mask_for)
from transforms.pseudonyms.chooser import prefetch_views
from transforms.target_names import common_word

# Categories protected unless the user chooses otherwise.  Professions, nationalities,
# titles and amounts are quasi-identifiers at most and are translated normally by default.
DEFAULT_CATEGORIES = ("PER", "ORG", "LOC", "GPE", "NATIONALITY", "DATE", "IDNUM", "URL", "EMAIL", "PHONE",
                      "IBAN", "CARD", "VAT", "IP", "ID", "ADDRESS", "MISC")


@dataclass
class ProtectOptions:
    method: str = "pseudonym"
    secret: bytes = b""
    categories: Optional[Tuple[str, ...]] = DEFAULT_CATEGORIES   # None: all
    scope: str = "document"            # key of the HMAC scope: document | corpus
    # Detection beside the given labels: "identifiers" (validated IDs, e-mails, dates...),
    # "heuristic" (model-free names) and "stanza" (Stanza NER).  "auto" = identifiers always,
    # and a name detector for documents that arrive with no labels at all (XLIFF, DOCX, TMX;
    # such a document is never sent with nothing detected): Stanza NER where its models for
    # the source language are installed, else the heuristic one (``detectors_for``).
    detectors: Tuple[str, ...] = ("auto",)
    # Customer's never-mask list (court and institution names to translate normally): a
    # mention whose text, without titles and possessive, is on it is dropped, whatever found it.
    allow: Tuple[str, ...] = ()
    # Pseudonym dictionary for morphology-matched names: "auto" (the shipped one for the
    # source language, if any), "none", or a path to a JSON/Parquet dictionary.
    dictionary: str = "auto"
    # The MT engine the text goes to: for Apertium, pseudonyms are chosen by the engine's own
    # view of the original (``transforms.engines.apertium_lexicon``).
    engine: str = ""
    # PRISM on the words outside the entities (``transforms.prism``): "" (none), prism-r,
    # prism-star, prism-nested or prism-mix; its ratio r; the word dictionary (auto: the
    # shipped one)
    words: str = ""
    prism_ratio: float = 0.3
    word_dictionary: str = "auto"
    prism_decode: bool = True          # False: the paper's NoDecode (no history kept)


@dataclass
class ProtectedDocument:
    document: Document
    segments: List[ProtectedSegment]
    mentions: List[Mention]
    clusters: List[Cluster]
    originals: List[str] = field(default_factory=list)   # every original form (leak guard)
    # originals whose lower-case twin is an ordinary word of the document (leak guard)
    ordinary: List[str] = field(default_factory=list)
    selection: Dict[str, int] = field(default_factory=dict)  # pseudonym selection step -> clusters
    # category -> the step that chose each cluster's pseudonym -> clusters
    selection_by_category: Dict[str, Dict[str, int]] = field(default_factory=dict)
    detectors: List[str] = field(default_factory=list)    # the detectors that ran on it
    # Word characters (regex \w) of its segments, without inline-code markers, and how many
    # of them lie inside a masked entity span (the over-masking figure of summary.json).
    word_chars: int = 0
    masked_word_chars: int = 0
    engine: str = ""                  # the engine the options named (restoration's lexicon)
    prism: Dict[str, object] = field(default_factory=dict)   # PRISM's figures (apply.protect_words)


@dataclass
class DocumentAnalysis:
    """What protection finds in a document, whatever then replaces it: detection,
    propagation, linking and the leak guard's forms do not depend on the method, so an
    evaluation comparing several methods finds them once per document
    (``analyse_document``) and only the replacement is made per method
    (``replace_document``)."""
    marked: Document                   # the document as read, with inline-code markers
    plain: Document                    # the same without them: the mentions' offsets
    mentions: List[Mention]
    clusters: List[Cluster]
    originals: List[str]
    ordinary: List[str]
    detectors: List[str]
    extra: Tuple[Tuple[str, str], ...]  # the run's wanted entity forms
    avoid: Tuple[str, ...]              # ... and what no pseudonym may be
    word_chars: int = 0
    masked_word_chars: int = 0
    _described: Optional[List[Mention]] = field(default=None, repr=False)

    def described(self) -> List[Mention]:
        """The mentions with lemma and features (``describe_mentions``), made on first use."""
        if self._described is None:
            self._described = describe_mentions(self.mentions, self.plain.source_lang)
        return self._described


# Methods that need the mentions' morphology (``describe_mentions``).
DESCRIBING_METHODS = ("pseudonym", "category-id-grammar")


def protect_document(doc: Document, options: ProtectOptions,
                     extra_forms: Iterable[Tuple[str, str]] = ()) -> ProtectedDocument:
    return replace_document(analyse_document(doc, options, extra_forms), options)


def analyse_document(doc: Document, options: ProtectOptions,
                     extra_forms: Iterable[Tuple[str, str]] = (),
                     methods: Sequence[str] = ()) -> DocumentAnalysis:
    """Everything ``protect_document`` does before replacing: uses ``options``' categories,
    detectors and allow list, not its method.  ``methods``: those the analysis will serve
    (default: ``options.method``), so that pseudonym work can start early."""
    wanted = (lambda c: True) if options.categories is None else (
        lambda c: c in options.categories)
    if "pseudonym" in (tuple(methods) or (options.method,)):
        check_fallback_words(doc.source_lang, doc.target_lang, wait=False)
    # Entities are found on the text without inline-code markers: a name split over three
    # differently formatted runs ("Jo|hn Sm|ith") is one word for detection and propagation.
    marked_doc, doc = doc, plain_document(doc)
    cited = citations(doc)
    found, used = _detect(doc, detectors_for(doc, options.detectors),
                          fallback="stanza" not in options.detectors, cited=cited)
    given = _line_by_line([m for m in linking.mentions_from_labels(doc.segments) + found
                           if wanted(m.category)])
    extra, avoid, allowed = _wanted_run_forms(
        tuple(extra_forms), None if options.categories is None else tuple(options.categories),
        tuple(options.allow))
    if allowed:
        given = [m for m in given if linking.link_key(m.text) not in allowed]
    mentions = linking.propagate(doc.segments, given, extra, lang=doc.source_lang,
                                 exempt=cited)
    mentions = _line_by_line(linking.merge_overlaps(mentions, doc.segments))
    clusters = linking.link(mentions, lang=doc.source_lang)
    # Describing a mention keeps its text, source and span: what follows is the same for
    # every method.
    guarded = [m for m in mentions if m.source != linking.PRECAUTION]
    originals = sorted({m.text for m in guarded}
                       | {linking.POSSESSIVE.sub("", m.text) for m in guarded})
    # Twins of a detector's forms only: what a person labelled is guarded in every case.
    authoritative = linking.authoritative_forms(guarded, extra)
    categories = {}
    for m in guarded:
        categories.setdefault(m.text, m.category)
        categories.setdefault(linking.POSSESSIVE.sub("", m.text), m.category)
    ordinary = [f for f in linking.ordinary_forms(originals, [s.text for s in doc.segments],
                                                  doc.source_lang, categories)
                if linking.POSSESSIVE.sub("", f).casefold() not in authoritative
                and f.casefold() not in authoritative]
    word_chars, masked_chars = masked_word_chars(doc, mentions)
    return DocumentAnalysis(marked=marked_doc, plain=doc, mentions=mentions, clusters=clusters,
                            originals=originals, ordinary=ordinary, detectors=used,
                            extra=extra, avoid=avoid, word_chars=word_chars,
                            masked_word_chars=masked_chars)


def replace_document(analysis: DocumentAnalysis, options: ProtectOptions) -> ProtectedDocument:
    """The protected document for ``options.method``: pseudonyms chosen, or masks, or tags,
    in place of the analysis' mentions.  The analysis is left as it was (it may serve
    several methods)."""
    marked_doc, doc = analysis.marked, analysis.plain
    mentions = analysis.described() if options.method in DESCRIBING_METHODS \
        else list(analysis.mentions)
    clusters = analysis.clusters
    originals, ordinary = analysis.originals, analysis.ordinary
    extra, avoid, used = analysis.extra, analysis.avoid, analysis.detectors

    replacement_of: Dict[int, object] = {}
    chooser = None
    if options.method == "pseudonym":
        scope = doc.name if options.scope == "document" else "corpus"
        check_fallback_words(doc.source_lang, doc.target_lang)
        from transforms.dictionary.store import resolve
        # The mentions' lemmas are guarded too; the run-wide forms are the same for every
        # document (the chooser indexes them once per worker).
        chooser = PseudonymChooser(options.secret, scope,
                                   originals + [m.lemma for m in mentions if m.lemma]
                                   # the name without its article: the article stays in
                                   # the sentence, before whatever pseudonym is chosen
                                   + [m.text[len(article_outside(m, doc.source_lang)):]
                                      for m in mentions],
                                   avoid=avoid,
                                   dictionary=resolve(options.dictionary, doc.source_lang),
                                   lang=doc.source_lang,
                                   corpus=corpus_assignments(
                                       options.secret, extra, doc.source_lang,
                                       doc.target_lang,
                                       resolve(options.dictionary, doc.source_lang),
                                       engine_views(options.engine, doc.source_lang,
                                                    doc.target_lang))
                                   if options.scope == "corpus" and extra else None,
                                   translatable=functools.partial(
                                       common_word, source=doc.source_lang,
                                       target=doc.target_lang),
                                   views=engine_views(options.engine, doc.source_lang,
                                                      doc.target_lang),
                                   text_words=lower_words_of(tuple(seg.text
                                                                   for seg in doc.segments)))
        of_cluster: Dict[int, List[Mention]] = {}
        for m in mentions:
            of_cluster.setdefault(m.cluster, []).append(m)
        prefetch_views(chooser.views, clusters, of_cluster)
        for c in choice_order(clusters, of_cluster):  # order-independent choice
            replacement_of[c.id] = chooser.choose(c, of_cluster.get(c.id, []))
    numbers: Dict[int, int] = {}
    per_cat: Dict[str, int] = {}
    for c in clusters:
        per_cat[c.category] = per_cat.get(c.category, 0) + 1
        numbers[c.id] = per_cat[c.category]

    by_seg: Dict[int, List[Mention]] = {}
    for m in mentions:
        by_seg.setdefault(m.segment, []).append(m)
    out: List[ProtectedSegment] = []
    for seg in marked_doc.segments:
        to_marked = _plain_to_marked(seg)
        ms = sorted(by_seg.get(seg.index, []), key=lambda m: m.start)
        pieces, assignments, pos, cursor = [], [], 0, 0
        codes = list(seg.codes)
        for m in ms:
            article = article_outside(m, doc.source_lang) if options.method == "pseudonym" \
                else ""
            if article:
                # The article stays in the sentence, outside the replaced span: the engine
                # makes "del"/"de la" agree with the name as it would with the original.
                m = dataclasses.replace(m, text=m.text[len(article):],
                                        start=m.start + len(article))
            start, end = to_marked[m.start], to_marked[m.end - 1] + 1
            # Codes inside the entity stay, in order, right after its replacement: no code is
            # lost and no fragment of the original is left between them.  Those that read as
            # one of its characters (a non-breaking hyphen) go back with the original, in
            # their places: after it, the hyphen came back after the name ("J.F. Eriksson‑").
            marked = "".join(seg.text[to_marked[k]] for k in range(m.start, m.end)) \
                if seg.codes else ""
            if marked == m.text:
                marked = ""
            inner = "".join(c for c in CODE_CHARS.findall(seg.text, start, end)
                            if c not in marked)
            pieces.append(seg.text[pos:start])
            cursor += start - pos
            if options.method == "none":
                rep = marked or m.text
            elif options.method == "pseudonym":
                rep = replacement_of[m.cluster].form_for(m.text, m.features)
                if m.category == "ORG" and without_legal_form(m.text) == m.text:
                    # a company written without its legal form ("Target Ventures Group",
                    # beside "Target Ventures Group Ltd") is sent without the stand-in's:
                    # with it, the engine's translation of the extra word stayed behind
                    rep = without_legal_form(rep)
            elif options.method == "tags":
                # The entity becomes one more isolated inline code: engines keep tags, and
                # restoration finds it by its marker.
                rep = code_char(len(codes))
                codes.append(Code(kind="isolated", data=f"doppel:{m.category}_{numbers[m.cluster]}"))
            else:
                rep = mask_for(options.method, clusters[m.cluster].category, numbers[m.cluster],
                               m.features, m.text)
            pieces.append(rep)
            assignments.append(Assignment(cluster=m.cluster, category=m.category, original=m.text,
                                          replacement=rep, segment=seg.index, start=cursor,
                                          end=cursor + len(rep), method=options.method,
                                          article=article, marked=marked))
            pieces.append(inner)
            cursor += len(rep) + len(inner)
            pos = end
        pieces.append(seg.text[pos:])
        out.append(ProtectedSegment(document=doc.name, id=seg.id, index=seg.index,
                                    text="".join(pieces), assignments=assignments, codes=codes))
    # No leak check here: every payload is checked immediately before it is sent
    # (``stages.Translator``, against ``stages.guard_terms``, a superset of ``originals``).
    pd = ProtectedDocument(document=marked_doc, segments=out, mentions=list(mentions),
                           clusters=list(clusters), originals=list(originals),
                           ordinary=list(ordinary),
                           selection=dict(chooser.stats) if chooser is not None else {},
                           selection_by_category={c: dict(v) for c, v in chooser.decided.items()}
                           if chooser is not None else {},
                           detectors=list(used), word_chars=analysis.word_chars,
                           masked_word_chars=analysis.masked_word_chars,
                           engine=options.engine)
    if options.words:
        # PRISM on the words the entity replacements left (``transforms.prism.apply``); no
        # substitute may be a string the leak guard holds back, nor any entity string of
        # the run ("Commission" in another document is no word to send)
        from transforms.prism import apply as prism
        from transforms.stages import guard_terms
        d = prism.dictionary(prism.resolve(options.word_dictionary, doc.source_lang,
                                           doc.target_lang))
        pd.prism = prism.protect_words(pd, options.words, options.prism_ratio, d,
                                       options.secret,
                                       guard_terms(pd) + [f for f, _ in extra]
                                       + [m.text for m in mentions],
                                       decode=options.prism_decode)
    return pd


def article_outside(m: Mention, lang: str = "") -> str:
    """The leading article a name mention's replacement leaves in the sentence ("the "
    of "the Commission"), or ""."""
    if m.category not in DESCRIBED:
        return ""
    from transforms.nlp.apertium_morphology import article_of
    return article_of(m.text, lang)


def engine_views(engine: str, source: str, target: str):
    """``PairLexicon.views`` of the installed Apertium pair when the engine is Apertium (the
    engine-aware choice), else None (features alone)."""
    from transforms.engines.apertium_lexicon import engine_is_apertium, pair_lexicon
    if not engine_is_apertium(engine) or not source or not target:
        return None
    lexicon = pair_lexicon(source, target)
    return lexicon.views if lexicon is not None else None


# Categories whose mentions are described by morphology (names: the dictionary's categories).
DESCRIBED = ("PER", "ORG", "LOC", "GPE", "NATIONALITY", "MISC")


def describe_mentions(mentions: List[Mention], lang: str) -> List[Mention]:
    """Every run has morphology: mentions the NLP layer did not describe (given labels, the
    model-free detector) get lemma and features from the source language's installed
    Apertium analyser, else from their shape alone (``transforms.nlp.apertium_morphology``);
    an organisation also gets its kind (court, company and legal form, authority)."""
    from transforms.dictionary.extract import org_kind
    from transforms.nlp.apertium_morphology import mention_morphology
    todo = sorted({(m.text, m.category) for m in mentions
                   if m.category in DESCRIBED and not m.features.get("upos")})
    if not todo:
        return mentions
    from transforms.nlp.apertium_morphology import bare_name
    described = mention_morphology(todo, lang)
    # a document names the same entity again and again: each text's kind and bare name
    # made once, not once per mention
    kinds: Dict[Tuple[str, str], str] = {}
    bare: Dict[str, str] = {}
    out = []
    for m in mentions:
        hit = described.get((m.text, m.category))
        if hit is None or m.features.get("upos"):
            out.append(m)
            continue
        lemma, feats = hit
        feats = dict(feats, **m.features)
        if m.category == "ORG":
            key = (m.text, feats.get("class", ""))
            kind = kinds.get(key)
            if kind is None:
                kind = kinds[key] = org_kind(*key)
            feats["class"] = kind
        if m.text not in bare:
            bare[m.text] = bare_name(m.text, lang=lang)
        # a lemma only where the analyser knows a base form the text does not show
        # ("Commissions" -> "Commission"): the leak guard checks lemmas too, and the name
        # without its article is not something else to guard
        if lemma == bare[m.text] or feats.get("upos") != "PROPN":
            # a proper noun's base form only: "domstol" for "domstolen" would guard (and
            # hold back) every court of the document
            lemma = ""
        out.append(dataclasses.replace(m, lemma=m.lemma or lemma, features=feats))
    return out


# \w characters counted as what is left once the runs of \W are taken out: one string made,
# not findall's list of one-character strings (40 -> 23 ms over the 2,500 segments of the
# 50 MultiLeg en documents)
_NON_WORD = re.compile(r"\W+")


def masked_word_chars(doc: Document, mentions: Iterable[Mention]) -> Tuple[int, int]:
    """(word characters of ``doc``'s segments, those inside any mention's span): ``doc`` is
    the plain document (no inline-code markers) the mentions' offsets refer to; a character
    covered by two mentions counts once."""
    spans: Dict[int, List[Tuple[int, int]]] = {}
    for m in mentions:
        spans.setdefault(m.segment, []).append((m.start, m.end))
    total = masked = 0
    for seg in doc.segments:
        total += len(_NON_WORD.sub("", seg.text))
        # \w matches one character at a time: the masked ones are counted slice by slice of
        # the mentions' merged spans (a set of every covered offset and a match object per
        # character cost 4 ms a document)
        end = 0
        for a, b in sorted(spans.get(seg.index, ())):
            a = max(a, end)
            if b > a:
                masked += len(_NON_WORD.sub("", seg.text[a:b]))
                end = b
    return total, masked


@functools.lru_cache(maxsize=4)
def _wanted_run_forms(forms: Tuple[Tuple[str, str], ...], categories: Optional[Tuple[str, ...]],
                      allow: Tuple[str, ...]):
    """The run-wide forms (the same for every document: filtered once per worker) of the
    wanted categories and not on the allow list; those no pseudonym may be; and the allow
    list's linking keys."""
    allowed = frozenset(linking.link_key(a) for a in allow)
    extra = tuple((f, c) for f, c in forms if (categories is None or c in categories)
                  and (not allowed or linking.link_key(f) not in allowed))
    from transforms.nlp.apertium_morphology import bare_name
    # each without its article too: the article stays in the sentence before a pseudonym,
    # so "Board of Appeal" after "the " would send the run's "the Board"
    avoid = {f for f, _ in extra if linking.propagatable(f)}
    avoid |= {b for b in (bare_name(f) for f in avoid) if linking.propagatable(b)}
    return extra, tuple(sorted(avoid)), allowed


# Where a line or a field of the text ends: a line break or a tab, typed or an inline code's
# (``Code.reads_as``).  No name goes on past one.
_LINE_END = re.compile(r"[\n\r\t\v\f\x85\u2028\u2029]")
_WORD_CHAR = re.compile(r"\w")


def _lines(text: str) -> List[Tuple[int, str]]:
    """(offset, line) for each line or field of ``text`` (``_LINE_END``); the whole text,
    most often."""
    if not _LINE_END.search(text):
        return [(0, text)]
    out, at = [], 0
    for m in _LINE_END.finditer(text):
        out.append((at, text[at:m.start()]))
        at = m.end()
    out.append((at, text[at:]))
    return out


def _line_by_line(mentions: List[Mention]) -> List[Mention]:
    """``mentions`` cut where a line or a field ends inside one, each piece with a word in it
    kept as a mention of its own.  A detector had read an address's lines, or a name and the
    word after a tab, as one name ("Maria Lindqvist<tab/>Tel."): the line breaks moved out of
    place in the translation, and the original put back held the tab a second time."""
    out = []
    for m in mentions:
        if not _LINE_END.search(m.text):
            out.append(m)
            continue
        for at, piece in _lines(m.text):
            core = piece.strip()
            if _WORD_CHAR.search(core):
                start = m.start + at + len(piece) - len(piece.lstrip())
                out.append(dataclasses.replace(m, text=core, start=start,
                                               end=start + len(core)))
    return out


def _plain_to_marked(seg: Segment) -> Sequence[int]:
    """Index in ``seg.text`` of each character of its plain text (``Segment.plain_chars``:
    a code that reads as white space is one of them)."""
    if not CODE_CHARS.search(seg.text):
        return range(len(seg.text))
    return [i for _, i in seg.plain_chars()]


def plain_document(doc: Document) -> Document:
    """The document with inline-code markers removed from every segment (labels remapped),
    or the white space they read as in their place (``Segment.plain_text``); mentions found
    on it have plain offsets (``Mention.segment`` is the segment index)."""
    if not any(seg.codes for seg in doc.segments):
        return doc
    segments = []
    for seg in doc.segments:
        chars = seg.plain_chars()
        # marked offset -> plain offset (of the next plain character at or after it)
        to_plain, n = [], 0
        for _, i in chars:
            to_plain.extend([n] * (i + 1 - len(to_plain)))
            n += 1
        to_plain.extend([n] * (len(seg.text) + 1 - len(to_plain)))
        labels = [[to_plain[a], to_plain[b], c, *rest] for a, b, c, *rest in seg.labels
                  if to_plain[a] < to_plain[b]]
        segments.append(dataclasses.replace(seg, text="".join(ch for ch, _ in chars),
                                            labels=labels, codes=[]))
    return dataclasses.replace(doc, segments=segments)


_STANZA: Dict[str, object] = {}


@functools.lru_cache(maxsize=None)
def _warn_stanza_unusable(lang: str, reason: str) -> None:
    """Once per language and worker."""
    logging.getLogger("doppel").warning(
        "Stanza NER models for %s are installed but cannot be loaded; the heuristic name "
        "detector is used instead: %s", lang, reason)


def stanza_backend(lang: str):
    """One Stanza pipeline per language and worker process, built on first use: loading
    models is the expensive part, and a worker translates many documents.  A language whose
    models cannot be loaded raises the same ``ModelMissingError`` again without retrying."""
    if lang not in _STANZA:
        from transforms.nlp.base import ModelMissingError
        from transforms.nlp.stanza_backend import StanzaBackend
        try:
            _STANZA[lang] = StanzaBackend([lang])
        except ModelMissingError as exc:
            _STANZA[lang] = exc
    if isinstance(_STANZA[lang], Exception):
        raise _STANZA[lang]
    return _STANZA[lang]


# The order detectors run in, and are reported in.
DETECTOR_ORDER = ("identifiers", "stanza", "heuristic")


@functools.lru_cache(maxsize=32)
def stanza_ner_installed(lang: str, model_dir: str) -> bool:
    """Whether Stanza NER models for ``lang`` are in ``model_dir`` (files only: no model is
    loaded, nothing is downloaded); once per language, directory and worker."""
    from transforms.nlp.stanza_backend import ner_installed
    return ner_installed(lang, model_dir)


def detectors_for(doc: Document, detectors: Sequence[str]) -> List[str]:
    """The detectors ``doc`` gets, in running order.  ``auto``: ``identifiers`` always and,
    on a document without any label (a labelled one has been annotated or reviewed: a name
    detector would put back what the reviewer took out), one name detector — ``stanza``
    where Stanza's NER models for the source language are installed (``DOPPEL_STANZA_DIR``,
    else Stanza's default directory), else the model-free ``heuristic``."""
    names = set(detectors)
    if "auto" in names:
        names.discard("auto")
        names.add("identifiers")
        if not any(seg.labels for seg in doc.segments):
            from transforms.nlp.stanza_backend import default_model_dir
            names.add("stanza" if stanza_ner_installed(doc.source_lang, default_model_dir())
                      else "heuristic")
    return [n for n in DETECTOR_ORDER if n in names]


def detect(doc: Document, detectors: Sequence[str]) -> List[Mention]:
    return _detect(doc, detectors_for(doc, detectors),
                   fallback="stanza" not in detectors)[0]


def _detect(doc: Document, names: Sequence[str], fallback: bool = False,
            cited: Optional[Dict[int, List[Tuple[int, int]]]] = None
            ) -> Tuple[List[Mention], List[str]]:
    """The mentions found by the detectors ``names`` (resolved: ``detectors_for``) and the
    detectors that actually ran.  ``fallback`` (Stanza chosen by ``auto``, not asked for):
    when the installed models cannot be loaded after all, the heuristic name detector
    stands in, with a warning, instead of the document failing.  ``cited``: the document's
    ``citations``, when the caller has them already."""
    names = list(names)
    out: List[Mention] = []
    lang = doc.source_lang
    if "identifiers" in names:
        from transforms.detect import identifiers
        from transforms.detect.base import to_mentions
        for seg in doc.segments:
            out += to_mentions(seg.index, seg.text, identifiers.detect(seg.text, lang))
    if "stanza" in names:
        # Stanza NER with lemma and head-word features; models from DOPPEL_STANZA_DIR.
        from transforms.nlp.base import ModelMissingError, entities_to_mentions
        try:
            backend = stanza_backend(lang)
        except ModelMissingError as exc:
            if not fallback:
                raise
            _warn_stanza_unusable(lang, str(exc))
            names = [n for n in DETECTOR_ORDER if n in names and n != "stanza"
                     or n == "heuristic"]
        else:
            for seg, ann in zip(doc.segments,
                                backend.annotate([s.text for s in doc.segments], lang)):
                out += entities_to_mentions(seg.index, ann, source="ner")
    if "heuristic" in names:
        from transforms.detect.base import to_mentions
        from transforms.detect.heuristic import HeuristicDetector
        # line by line: a word that opens a line or a field ("Tel." after a tab, "Head of
        # Claims" under a signature) is read as a sentence's first word, not as the next
        # word of the name on the line before
        lines = [(seg, at, line) for seg in doc.segments for at, line in _lines(seg.text)]
        spans = HeuristicDetector().detect([line for _, _, line in lines], lang)
        found: List[Mention] = []
        for (seg, at, _), sp in zip(lines, spans):
            found += to_mentions(seg.index, seg.text, [dataclasses.replace(
                s, start=s.start + at, end=s.end + at) for s in sp] if at else sp)
        out += _around_codes(doc, found, out)
    return _outside_citations(doc, out, citations(doc) if cited is None else cited), names


# What the identifiers find that no name holds: a name's span over one is the model's misread
# ("LV80HABA0551012345678 AS Swedbank", an account and its bank, was one organisation).  (Not
# a host: a firm may be named by its domain, "MTÜ WiFi.ee", "Booking.com B.V.".)
_CODES = ("IDNUM", "PHONE", "EMAIL", "IP")
_NAME_PIECE = re.compile(r"[^\W\d_][\w'’.&\- ]*[\w.]")


def _around_codes(doc: Document, names: List[Mention], found: List[Mention]) -> List[Mention]:
    """The name detector's mentions cut to their longest piece outside the identifiers'
    codes (``_CODES``) they cover; a mention with nothing left of a word is dropped."""
    codes: Dict[int, List[Tuple[int, int]]] = {}
    for m in found:
        if m.category in _CODES:
            codes.setdefault(m.segment, []).append((m.start, m.end))
    if not codes:
        return names
    texts = {seg.index: seg.text for seg in doc.segments if seg.index in codes}
    out = []
    for m in names:
        inside = [(a, b) for a, b in codes.get(m.segment, ()) if a < m.end and m.start < b]
        if not inside:
            out.append(m)
            continue
        text = texts[m.segment]
        pieces, at = [], m.start
        for a, b in sorted(inside) + [(m.end, m.end)]:
            if a > at:
                pieces += [(at + p.start(), at + p.end())
                           for p in _NAME_PIECE.finditer(text[at:min(a, m.end)])]
            at = max(at, b)
        if not pieces:
            continue
        a, b = max(pieces, key=lambda p: (p[1] - p[0], -p[0]))
        out.append(dataclasses.replace(m, start=a, end=b, text=text[a:b]))
    return out


def _outside_citations(doc: Document, mentions: List[Mention],
                       cited: Dict[int, List[Tuple[int, int]]]) -> List[Mention]:
    """Found mentions without those inside a public citation (``cited``, and a law's
    abbreviation cited with an article: ``identifiers.laws_cited``), nor a number read
    across one ("2017/1001 59", an act and its article, is no phone number)."""
    from transforms.detect.identifiers import laws_cited
    cited = dict(cited)         # the laws keep detectors off only: not the caller's
    # (looked for only in the segments where something was found: most have nothing)
    found_in = {m.segment for m in mentions}
    for seg in doc.segments:
        if seg.index not in found_in:
            continue
        laws = laws_cited(seg.text)
        if laws:
            cited[seg.index] = cited.get(seg.index, []) + laws

    def public(m: Mention) -> bool:
        return any(a <= m.start and m.end <= b or
                   m.category in ("IDNUM", "PHONE") and a < m.end and m.start < b
                   for a, b in cited.get(m.segment, ()))
    return [m for m in mentions if not public(m)]


def citations(doc: Document) -> Dict[int, List[Tuple[int, int]]]:
    """Segment index -> its public citations, where no detector's name is taken."""
    from transforms.detect.identifiers import public_citations
    out = {}
    for seg in doc.segments:
        found = public_citations(seg.text)
        if found:
            out[seg.index] = found
    return out


def _uncited(text: str) -> str:
    """``text`` with its public citations blanked out: "EU" in "EU:C:2018:784" is no leak of
    an "EU" masked elsewhere (``identifiers.public_citations``)."""
    from transforms.detect.identifiers import public_citations
    for a, b in public_citations(text):
        text = text[:a] + " " * (b - a) + text[b:]
    return text


class LeakGuard:
    """Checks a payload against every original entity string of its document: word-bounded,
    case- and accent-insensitive for forms of 4+ characters, exact for shorter ones."""

    def __init__(self, originals: Iterable[str], ordinary: Iterable[str] = ()):
        """``ordinary``: originals whose all-lower-case occurrences are the ordinary word
        (``linking.ordinary_forms``): "customs" is no leak of "Customs"."""
        forms = {o.strip() for o in originals if linking.propagatable(o.strip())}
        cased = {o.strip() for o in ordinary} & {f for f in forms if len(f) >= 4}
        self._long = linking.FormMatcher(
            long_forms={fold(f) for f in forms - cased if len(f) >= 4})
        self._short = linking.FormMatcher(short_forms=[f for f in forms if len(f) < 4])
        self._cased = linking.FormMatcher(long_forms={fold(f) for f in cased})
        # payload -> answer: a document's segments without entities are the same payload in
        # every method an evaluation compares
        self._found: Dict[str, Optional[str]] = {}

    def find(self, payload: str) -> Optional[str]:
        """The first original in ``payload``, looked for also with tags and code markers
        removed and character references resolved: a name split over formatting runs, or
        sent as markup ("Procter &amp; Gamble"), must not slip through."""
        if payload in self._found:
            return self._found[payload]
        if len(self._found) > 4096:
            self._found.clear()
        hit = self._found[payload] = self._find(payload)
        return hit

    def _find(self, payload: str) -> Optional[str]:
        plain = _TAGS.sub("", CODE_CHARS.sub("", payload))
        if "&" in plain:
            plain = html.unescape(plain)
        for text in (payload, plain) if plain != payload else (payload,):
            text = _uncited(text)
            hit = self._long.first(fold(text)) or self._short.first(text) or self._twin(text)
            if hit:
                return hit
        return None

    def _twin(self, text: str) -> Optional[str]:
        """An occurrence of an ordinary-word original that is not all in lower case."""
        if not self._cased:
            return None
        folded = fold(text)
        origin = None
        if len(folded) != len(text):
            # fold() changed lengths ("…" -> "...", combining marks): fold each character
            # to know where each folded one came from
            pieces = [fold(ch) for ch in text]
            folded = "".join(pieces)
            origin = [i for i, piece in enumerate(pieces) for _ in piece]
        for s, e in self._cased.spans(folded):
            original = text[s:e] if origin is None else text[origin[s]:origin[e - 1] + 1]
            if not original.islower():
                return folded[s:e]
        return None


_TAGS = re.compile(r"<[^<>]*>")
