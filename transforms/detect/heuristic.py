"""A model-free, high-recall name detector (PER, ORG, LOC) for languages without NER.

Signals, cheapest first:
  * capitalised sequences (with initials "K.", particles "de", "van", "von", hyphens);
  * name gazetteers: given and family names from Faker's locales and Doppel's
    ``resources/pseudonyms/fallback.json`` (matched on the word or, for inflected languages,
    on a stem and a case ending: "Bērziņam" -> "Bērziņ" + "am");
  * title / honorific context ("Mr", "Judge", "kungs", "pani", ...);
  * organisation and place markers ("GmbH", "Ltd", "Court", "Tiesa", "-pils", "City");
  * the text's own vocabulary: a capitalised word whose lower-case form occurs in the same
    batch of texts is a common word written at a sentence start or in a heading, not a name.

It is deliberately biased to recall: a capitalised, non-common sequence with no ORG or LOC
marker is reported as PER.  Feed its spans into ``transforms.linking`` with source
``detector`` (lowest priority after gold, lists, identifiers and NER).
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
import json
import re
from pathlib import Path
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from transforms.detect.base import Span
from transforms.linking import without_handles

GUESS = "heuristic-guess"     # subtype of a span found by capitalisation alone
RESOURCES = Path(__file__).resolve().parents[2] / "resources" / "pseudonyms" / "fallback.json"
FAKER_LOCALES = ["en_US", "en_GB", "lv_LV", "lt_LT", "pl_PL", "et_EE", "fi_FI", "sv_SE", "da_DK",
                 "es_ES", "de_DE", "fr_FR", "it_IT", "nl_NL", "pt_PT", "cs_CZ", "hr_HR",
                 "hu_HU", "ro_RO", "sk_SK", "sl_SI", "bg_BG", "el_GR", "ru_RU", "uk_UA",
                 "tr_TR", "no_NO", "ga_IE"]

# Forms of address, which are never a name on their own (unlike "Lord", "Don" or "Pan").
FORMS_OF_ADDRESS = {"mr", "mrs", "ms", "miss", "mister", "madam", "dr", "prof", "mme", "mlle",
                    "monsieur", "madame", "herr", "frau", "hr", "fru", "sr", "sra", "srta",
                    "señor", "señora", "signor", "signora", "dhr", "mevr", "härra", "proua",
                    "herra", "rouva", "kungs", "kundze", "kunga", "kundzes", "ponas", "ponia",
                    "pani", "panią", "panie", "państwo", "pone", "heer", "mevrouw"}
# Titles that are no span alone either (the filter below; not forms of address to the model's
# rules, which read "Sir", "Lord" as parts of names): "Sir Keir Starmer" had "Sir" as an
# organisation of its own, and the leak guard held the whole segment back.
TITLE_ONLY = FORMS_OF_ADDRESS | {"sir", "dame", "lord", "lady", "rev", "revd", "reverend",
                                 "cllr", "sgt", "insp", "fr", "hhj",
                                 # academic ones ("mgr" before "Anna Nowak")
                                 "mgr", "inż", "dr inż", "mgr inż", "dr hab", "prof. dr hab",
                                 "ing", "dipl.-ing", "mag",
                                 # the Polish "Pan" in the cases a letter addresses a man in
                                 # ("udzielam pełnomocnictwa Panu Piotrowi Nowakowskiemu")
                                 "panu", "panem"}
_POSSESSIVE_AFTER = re.compile(r"\s?['’]s\b")


# A mail client's or a document's separator line: a label between runs of dashes, equals
# signs, underscores, asterisks or tildes ("-----Original Message-----", "===== Notes =====").
_RULE_BEFORE = re.compile(r"(?:[-=_*~]{3,})[ \u00A0]*$")
_RULE_AFTER = re.compile(r"[ \u00A0]*[-=_*~]{3,}")


def _separator_label(span: Span, text: str) -> bool:
    """A span between two such runs is a separator's label, no name ("Original Message" went
    out as an organisation's stand-in, and stayed English)."""
    return _RULE_BEFORE.search(text, 0, span.start) is not None and \
        _RULE_AFTER.match(text, span.end) is not None


def _persons_by_their_words(rows: List[List[Span]]) -> List[List[Span]]:
    """A name the document holds as a person's, word by word, is a person's where it comes
    whole too: an e-mail's "Okonkwo, Chidi" and "Chidi," then "Chidi Okonkwo | Senior Account
    Manager" (an unlisted given name, read as a firm).  Two or three capitalised words, each
    a person's span alone elsewhere, or all of them one person's span in another order; none
    a firm's or a place's marker."""
    persons = [(s.text, re.findall(r"[^\W\d_][\w'’\-]+", s.text))
               for row in rows for s in row if s.category == "PER"]
    alone = {ws[0] for _, ws in persons if len(ws) == 1}
    together = {frozenset(ws): text for text, ws in persons if len(ws) > 1}
    if not alone and not together:
        return rows
    out = []
    for row in rows:
        new = []
        for s in row:
            ws = s.text.split()
            if s.category in ("ORG", "LOC") and 2 <= len(ws) <= 3 \
                    and all(w[:1].isupper() for w in ws) \
                    and (all(w in alone for w in ws)
                         or together.get(frozenset(ws), s.text) != s.text) \
                    and not any(w.lower() in ORG_MARKERS or w.lower() in LOC_MARKERS for w in ws):
                s = dataclasses.replace(s, category="PER")
            new.append(s)
        out.append(new)
    return out


# A person's initials written alone, each letter with its full stop ("T.G.", "M.K.F.-L.",
# "A.B.C."): a paper's contributions and interests, a judgment's anonymised parties.  Not
# the dotted abbreviations of places, eras, degrees, honours and judicial offices.
_INITIALS_CHAIN = re.compile(r"(?<![\w.\-‑])[A-Z]\.(?:[ \u00A0]?[\-‑]?[A-Z]\.)+"
                             r"(?:[\-‑][A-Z](?![\w]))?(?![\w\-‑]|\.\w)")
_DOTTED_ABBREVIATIONS = {
    "US", "USA", "UK", "UN", "EU", "EC", "DC", "NY", "LA", "GB", "NZ", "USSR", "PRC", "UAE",
    "AD", "BC", "BCE", "CE", "AM", "PM", "NB", "PS", "PPS", "RIP", "QED", "EG", "IE", "OK",
    "TV", "SA", "NV", "BV", "AG", "PO", "RSVP", "ETA", "BA", "MA", "MB", "MD", "BS", "MS",
    "DDS", "RN", "JD", "LLB", "LLM", "QC", "KC", "MP", "JP", "LJ", "CJ", "JJ", "JSC", "MR",
    "VC", "PC", "OBE", "MBE", "CBE", "KBE", "DBE", "FRS", "II", "III", "IV", "VI"}


def _with_initials_chains(text: str, spans: List[Span]) -> List[Span]:
    """Initials alone (``_INITIALS_CHAIN``) are a person, whole: the model took "K.F" of
    "M.K.F.-L." and sent "M." and "-L." beside its stand-in, and missed "M.K." at a
    sentence's start.  A span they overlap grows over them."""
    if ". " not in text + " " or not _INITIALS_CHAIN.search(text):
        return spans
    out = list(spans)
    for m in _INITIALS_CHAIN.finditer(text):
        if re.sub(r"[^A-Z]", "", m.group()) in _DOTTED_ABBREVIATIONS:
            continue
        a, b = m.span()
        touching = [s for s in out if s.start < b and a < s.end]
        if any(s.category not in ("PER",) for s in touching):
            continue
        if touching:
            a, b = min(a, *(s.start for s in touching)), max(b, *(s.end for s in touching))
            out = [s for s in out if s not in touching]
        out.append(Span(a, b, "PER", "initials", text[a:b], source="detector"))
    return sorted(out, key=lambda s: s.start)


# Affiliation marks glued to an author's name ("Tobias Gruber2", "Siobhán Ní Bhriain1,3",
# "Wei Zhang2*"): digits, perhaps a comma and more, a star or a dagger, then a separator.
_AFFILIATION_MARK = re.compile(r"(?<=[^\W\d_]{2})\d{1,2}$")
_AFFILIATION_AFTER = re.compile(r"(?:,\d{1,2})*[*†‡]?(?=,|;|\s+and\s|\s*$)")


def _without_affiliation_mark(span: Span, text: str) -> Span:
    """The name without its author's affiliation mark: the mark is a footnote's number,
    no part of the name, and a person's name of the lists read with it was a firm's ("Maria
    K. Fernández-López1", "Wei Zhang2")."""
    m = _AFFILIATION_MARK.search(span.text)
    if m is None or span.category not in ("PER", "ORG") or \
            not _AFFILIATION_AFTER.match(text, span.end):
        return span
    name = span.text[:m.start()]
    words = name.split()
    person = span.category == "PER" or (
        2 <= len(words) <= 4 and all(w[:1].isupper() for w in words)
        and words[0] in gazetteers()["given"])
    return dataclasses.replace(span, end=span.start + m.start(), text=name,
                               category="PER" if person else span.category)


# What a court's papers call their parties, capitalised as defined terms ("Claimant" on its
# own line under the party's name, "the Defendant's solicitor"): a role, never a name — no
# corpus here labels one, and as a stand-in it came back untranslated wherever it stood.
_PARTY_ROLES = {
    "en": {"claimant", "defendant", "applicant", "respondent", "appellant", "plaintiff",
           "petitioner", "intervener", "appellee", "complainant", "accused", "prosecutor",
           # a contract's parties, defined terms capitalised ("the Landlord", "the Tenants")
           "landlord", "tenant", "lessor", "lessee", "licensor", "licensee", "borrower",
           "lender", "guarantor", "buyer", "seller", "vendor", "purchaser", "employer",
           "contractor", "subcontractor", "supplier", "assignor", "assignee", "mortgagor",
           "mortgagee", "insurer", "insured", "policyholder", "settlor", "franchisor",
           "franchisee", "occupier", "homeowner", "leaseholder", "freeholder"},
    "sv": {"kärande", "käranden", "svarande", "svaranden", "klagande", "klaganden",
           "sökande", "sökanden", "motpart", "motparten",
           # a contract's parties, definite, as defined terms ("nedan kallad Arbetstagaren")
           "arbetsgivaren", "arbetstagaren", "hyresvärden", "hyresgästen", "köparen",
           "säljaren", "uppdragsgivaren", "uppdragstagaren", "beställaren", "leverantören",
           "långivaren", "låntagaren", "borgensmannen", "upplåtaren", "nyttjanderättshavaren",
           "arbetsgivare", "arbetstagare", "hyresvärd", "hyresgäst", "köpare", "säljare",
           "uppdragsgivare", "uppdragstagare", "beställare", "leverantör", "långivare",
           "låntagare"},
    "da": {"sagsøger", "sagsøgeren", "sagsøgte", "appellant", "appellanten", "indstævnte",
           "klager", "klageren", "ansøger", "ansøgeren",
           "arbejdsgiveren", "arbejdstageren", "medarbejderen", "lønmodtageren", "udlejeren",
           "lejeren", "køberen", "sælgeren", "leverandøren", "kunden", "bestilleren",
           "långiveren", "låntageren", "kautionisten",
           "arbejdsgiver", "arbejdstager", "medarbejder", "lønmodtager", "udlejer", "lejer",
           "køber", "sælger", "leverandør", "långiver", "låntager"}}
_ORDINAL_PARTY = re.compile(r"(?i:the[ \u00A0]+)?(?i:first|second|third|fourth|fifth)[ \u00A0]+")


# A person's name as a title introduces it: initials or capitalised words, one to four.
_PERSONS_SHAPE = re.compile(r"(?:(?:[A-Z]\.[ \u00A0\-‑]?)+|[A-Z][\w'’\-‑]+)"
                            r"(?:[ \u00A0]+(?:(?:[A-Z]\.[ \u00A0\-‑]?)+|[A-Z][\w'’\-‑]+)){0,3}")
# A form of address or a title alone right before (``TITLE_ONLY``, capitalised; "Mx" too).
_TITLE_BEFORE = re.compile(r"\b(?:" + "|".join(sorted(
    (re.escape(w[:1].upper() + w[1:]) for w in TITLE_ONLY | {"mx"} if " " not in w),
    key=len, reverse=True)) + r")\.?[ \u00A0]+$")


def _party_role(span: Span, lang: str, text: str = "") -> bool:
    roles = _PARTY_ROLES.get(lang, ())
    if not roles and lang not in _PARTY_STEMS or _TITLE_BEFORE.search(text[:span.start]):
        return False            # "Mr Seller", "Ms Lender": a surname
    word = _POSSESSIVE_AFTER.sub("", _ORDINAL_PARTY.sub("", span.text.strip(), count=1))
    word = re.sub(r"(?i)^the[ \u00A0]+", "", word)
    words = word.split()
    if len(words) > 1 and all(w.islower() for w in words[1:]):
        word = words[0]         # "Izīrētāja kontu": the lessor's account, no name
    low = word.lower()
    if low in roles or low.endswith("s") and low[:-1] in roles:
        return True
    stems = _PARTY_STEMS.get(lang)
    return stems is not None and stems.fullmatch(low) is not None


# A contract's and a court's parties in the languages that inflect them (Latvian, Lithuanian,
# Estonian, Polish, Finnish), capitalised as defined terms: "Izīrētājs", "Īrniekam" (the
# lessor, to the tenant), "Nuomininkas", "Üürileandja", "Najemca", "Vuokralainen"; a stem
# and an ending of up to four letters.
def _stems(*stems: str) -> "re.Pattern":
    return re.compile(r"(?:" + "|".join(stems) + r")[^\W\d_]{0,4}")


_PARTY_STEMS = {
    "lv": _stems("izīrētāj", "īrniek", "iznomātāj", "nomniek", "pircēj", "pārdevēj",
                 "aizdevēj", "aizņēmēj", "darbiniek", "pasūtītāj", "izpildītāj",
                 "prasītāj", "atbildētāj", "pieteicēj", "galvotāj"),
    "lt": _stems("nuomotoj", "nuomininka", "nuominink", "pirkėj", "pardavėj", "paskolos gavėj",
                 "darbdav", "darbuotoj", "užsakov", "rangov", "ieškov", "atsakov",
                 "pareiškėj", "laiduotoj"),
    "et": _stems("üürileandja", "üürnik", "ostja", "müüja", "laenuandja", "laenusaaja",
                 "tööandja", "töötaja", "tellija", "töövõtja", "hageja", "kostja", "käendaja"),
    "pl": _stems("wynajmując", "najemc", "kupując", "sprzedając", "pożyczkodawc",
                 "pożyczkobiorc", "pracodawc", "pracownik", "zamawiając", "wykonawc",
                 "powod", "powód", "pozwan", "wnioskodawc", "poręczyciel"),
    "fi": _stems("vuokranantaja", "vuokralai", "ostaja", "myyjä", "lainanantaja",
                 "lainanottaja", "työnantaja", "työntekijä", "tilaaja", "kantaja", "vastaaja",
                 "takaaja")}


# An English judge's title before the name ("District Judge Okafor", "His Honour Judge
# Whitfield KC", "Mrs Justice Cockerill"): the model read "District Judge Okafor" as a body,
# and the stand-in took the title's place in the translation.
# (written once, "_" for the blanks between words: also in capitals below)
_JUDICIAL_WORDS = ("(?:(?:Deputy_)?(?:District|Circuit|High_Court|Tribunal|Employment)_Judge|"
                   "(?:His|Her)_Honour(?:_Judge)?|(?:Mr|Mrs|Ms|Lord|Lady)_Justice|Judge|"
                   "Recorder|HHJ|DDJ|DJ)_(?=[A-Z])")
_BLANKS = r"[ \u00A0]+"
_JUDICIAL_TITLE = re.compile(_JUDICIAL_WORDS.replace("_", _BLANKS))


def _judge_name(letters: str, joiner: str) -> str:
    """A judge's name after the title: initials and words of ``letters``, not "KC", "QC"
    nor ``joiner`` ("and" between two judges)."""
    return (rf"(?:[A-Z]\.[ \u00A0]?)*[A-Z]{letters}+(?:[ \u00A0]+(?:[A-Z]\.[ \u00A0]?)*"
            rf"(?!KC\b|QC\b|{joiner}\b)[A-Z]{letters}+)*")


_JUDGE_NAME = re.compile(_judge_name(r"[\w'’\-]", "and"))


def _judges_apart(span: Span, text: str, lang: str) -> List[Span]:
    """A span holding a judge's title: the names after the titles, each a person, the
    titles (and "and" between two judges) left to the engine."""
    if lang != "en" or span.category not in ("PER", "ORG") or \
            not _JUDICIAL_TITLE.search(span.text):
        return [span]
    out = []
    for m in _JUDICIAL_TITLE.finditer(span.text):
        name = _JUDGE_NAME.match(span.text, m.end())
        if name:
            a, b = span.start + name.start(), span.start + name.end()
            out.append(dataclasses.replace(span, start=a, end=b, text=text[a:b],
                                           category="PER"))
    first = _JUDICIAL_TITLE.search(span.text).start()
    head = span.text[:first].rstrip()
    head = re.sub(r"[ \u00A0]+and$", "", head)
    if head and any(w[:1].isupper() for w in head.split()):
        out.insert(0, dataclasses.replace(span, end=span.start + len(head), text=head))
    return out or [span]


# The same titles written in capitals, as a judgment's heading writes them ("Before: THE
# HONOURABLE MRS JUSTICE HARTLEY", "MR JUSTICE FRASER", "HIS HONOUR JUDGE SMITH"), and the
# name in capitals after them.
_JUDICIAL_TITLE_CAPS = re.compile(r"(?<![A-Za-z])" +
                                  _JUDICIAL_WORDS.upper().replace("_", _BLANKS))
_JUDGE_NAME_CAPS = re.compile(_judge_name(r"[A-Z'’\-]", "AND") + "(?![a-z])")


def _judges_in_capitals(text: str, spans: List[Span], lang: str) -> List[Span]:
    """A judge's name after a judicial title in capitals is a person, whatever the model read
    there: in a judgment whose court's name holds "JUSTICE", it took "JUSTICE" of "MRS
    JUSTICE HARTLEY" for a body and let "HARTLEY" out.  Spans within the title go."""
    if lang != "en" or "JUSTICE" not in text and "JUDGE" not in text and \
            "HONOUR" not in text and "RECORDER" not in text:
        return spans
    out = list(spans)
    for m in _JUDICIAL_TITLE_CAPS.finditer(text):
        name = _JUDGE_NAME_CAPS.match(text, m.end())
        if not name:
            continue
        a, b = name.span()
        out = [s for s in out if not (m.start() <= s.start and s.end <= m.end())
               and not (s.start < b and a < s.end)]
        out.append(Span(a, b, "PER", "judge", text[a:b], source="detector"))
    return sorted(out, key=lambda s: s.start) if out != spans else spans


# A person in a text written in capitals (a bank statement's "TRANSFER TO MRS G
# LLEWELLYN-HUGHES", "FASTER PAYMENT FROM S PATEL RENT", "STANDING ORDER J O'NEILL GARAGE",
# a transcript's speaker "CLLR QURESHI:"):
# after a form of address, initials and a name; or an initial without its stop before a
# surname of the lists or one joined by a hyphen or an apostrophe.
_ADDRESS_CAPS = re.compile(r"(?<![A-Za-z])(?:MR|MRS|MS|MISS|MX|DR|PROF|SIR|DAME|CLLR|COUNCILLOR|"
                           r"REVD|REV|REVEREND|SGT|INSP|HHJ)\.?[ \u00A0]+"
                           r"((?:[A-Z]\.?[ \u00A0]+){0,3}[A-Z][A-Z'’\-]+)"
                           r"((?:[ \u00A0]+[A-Z][A-Z'’\-]+){0,2})")
_INITIAL_CAPS = re.compile(r"(?<![A-Za-z0-9&'’.\-])([B-HJ-Z])[ \u00A0]+([A-Z][A-Z'’\-]{2,})"
                           r"(?![a-z'’\-])")


def _persons_in_capitals(text: str, spans: List[Span]) -> List[Span]:
    """Persons the model let out of a text in capitals (``_ADDRESS_CAPS``,
    ``_INITIAL_CAPS``): the model reads a line in capitals as a heading, and a bank
    statement's payees went out."""
    if not re.search(r"[A-Z]{2}", text):
        return spans
    family = gazetteers_lower("family")
    given = gazetteers_lower("given")
    found = []
    for m in _ADDRESS_CAPS.finditer(text):
        if m.group(1).split()[0].lower() in TITLES:
            continue            # "MRS JUSTICE HARTLEY": a judge (``_judges_in_capitals``)
        if _ordinary_capitals(m.group(1), given, family):
            continue            # a heading's "MS SOCIETY", "DR CHECKLIST": words, no name
        a, b = m.span(1)
        for w in re.finditer(r"[A-Z][A-Z'’\-]+", m.group(2)):
            if w.group().lower() not in family and w.group().lower() not in given:
                break
            b = m.start(2) + w.end()
        found.append((a, b))
    for m in _INITIAL_CAPS.finditer(text):
        word = m.group(2)
        parts = re.split(r"[\-'’]", word.lower())
        if any(p in family for p in parts if len(p) > 1) or re.search(r"[\-'’]", word):
            found.append(m.span())
    out = list(spans)
    for a, b in found:
        if any(s.start <= a and b <= s.end for s in out):
            continue
        out = [s for s in out if not (s.start < b and a < s.end)]
        out.append(Span(a, b, "PER", "capitals", text[a:b], source="detector"))
    return sorted(out, key=lambda s: s.start) if out != spans else spans


_CAPITALS_WORD = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-Ž][A-ZÀ-ÖØ-ÞĀ-Ž'’\-]+")
_CAPITALS_BEFORE = re.compile(r"(?<![\w\-])(" + _CAPITALS_WORD.pattern + r") $")


def _with_unknown_capitals(text: str, spans: List[Span], lang: str) -> List[Span]:
    """A name in capitals takes the words in capitals beside it that the language's
    frequency list does not know: a degree certificate's "OLUWASEUN ADEBAYO" on a line of
    its own sent "OLUWASEUN" as written (the model had "ADEBAYO" alone); those before it
    only in English, and where the name then opens its line or field.  Not a word it knows
    ("THE", "MASTER", "SMITH": a heading's, or found already), nor across anything but one
    space."""
    if not spans or not re.search(r"[A-Z]{3}", text):
        return spans
    from transforms.lexicon import common_word
    given = gazetteers_lower("given")

    def unknown(word: Optional[str]) -> bool:
        return word is not None and common_word(word, lang) is False and \
            word.lower() not in TITLES

    out = []
    for s in spans:
        if s.category in ("PER", "ORG") and s.text.isupper() and any(c.isalpha() for c in s.text):
            a, b = s.start, s.end
            while True:
                m = _CAPITALS_BEFORE.search(text, max(0, a - 40), a)
                if m is None or not unknown(m.group(1)):
                    break
                a = m.start(1)
            # (before it, only in English, whose frequency list knows its roles' words, and
            # where the name then opens its line or its field: a role's word may stand
            # before a name in capitals, "GENERALADVOKAT K. KELLETT", Latvian
            # "ĢENERĀLADVOKĀTA KSANDERA RODŽERSA")
            line_start = text.rfind("\n", 0, a) + 1
            if a < s.start and (lang != "en" or text[line_start:a].strip() and
                                not text[line_start:a].rstrip().endswith(":")):
                a = s.start
            if s.category == "PER":
                # a person's given names before it, anywhere: a court order's "SOPHIE
                # ELIZABETH OWUSU" sent "SOPHIE" (known to the frequency list)
                while True:
                    m = _CAPITALS_BEFORE.search(text, max(0, a - 40), a)
                    if m is None or m.group(1).lower() not in given:
                        break
                    a = m.start(1)
            while True:
                m = _CAPITALS_WORD.match(text, b + 1) if text[b:b + 1] == " " else None
                if m is None or not unknown(m.group()) or text[m.end():m.end() + 1].isalnum():
                    break
                b = m.end()
            if (a, b) != (s.start, s.end) and not any(
                    o is not s and o.start < b and a < o.end for o in spans):
                words = text[a:b].split()
                # (two to four words none of them known, no body's: a person's name)
                person = 2 <= len(words) <= 4 and all(
                    unknown(w) and w.lower() not in ORG_MARKERS for w in words)
                s = dataclasses.replace(s, start=a, end=b, text=text[a:b],
                                        category="PER" if person else s.category)
        out.append(s)
    return out


def _ordinary_capitals(words: str, given: Set[str], family: Set[str]) -> bool:
    """Are ``words`` (in capitals) ordinary English words the analyser knows, none a name of
    the lists?  Without an analyser, no."""
    from transforms.detect.model import _ordinary, word_classes
    bare = [w for w in words.split() if len(w) > 1]
    if not bare or any(w.lower() in given or w.lower() in family for w in bare):
        return False
    classes = word_classes([w.capitalize() for w in bare], "en")
    return bool(classes) and all(_ordinary(classes.get(w.capitalize())) for w in bare)


def _title_alone(span: Span, text: str) -> bool:
    """A span that is a title or a form of address alone (``TITLE_ONLY``) — but not a place
    named with one in the possessive ("a match at Lord's")."""
    return text[span.start:span.end].rstrip(".").casefold() in TITLE_ONLY and \
        _POSSESSIVE_AFTER.match(text, span.end) is None


TITLES = {"mr", "mrs", "ms", "miss", "dr", "prof", "judge", "justice", "sir", "madam", "lord",
          "lady", "mister", "advocate", "herr", "frau", "sr", "sra", "srta", "don", "doña",
          "señor", "señora", "kungs", "kundze", "kunga", "kundzes", "tiesnesis", "tiesnese",
          "pan", "pani", "pana", "panią", "ponas", "ponia", "hr", "fru", "härra", "proua",
          "herra", "rouva", "m", "mme", "monsieur", "madame", "signor", "signora", "dhr", "mevr",
          "ģenerāladvokāts", "ģenerāladvokāte", "referents", "referente", "rapporteur",
          "president", "priekšsēdētājs", "agent", "agents", "pārstāve", "pārstāvis",
          # academic and professional titles written before a name ("dr inż. Andrzej
          # Lewandowski", "mgr Anna Nowak", "Ing. Jan Novák", "Dipl.-Ing.", "Mag.")
          "inż", "mgr", "hab", "lic", "ing", "dipl", "mag", "dott", "mudr", "judr", "phdr",
          "rndr", "bc"}
PARTICLES = {"de", "da", "do", "dos", "das", "del", "della", "di", "van", "von", "der", "den",
             "ter", "la", "le", "du", "des", "y", "e", "zu", "af", "av", "bin", "ibn", "al"}
ORG_MARKERS = {
    # legal forms
    "gmbh", "ltd", "limited", "plc", "llc", "inc", "corp", "sa", "sl", "slu", "sas", "sarl",
    "ag", "kg", "ev", "bv", "nv", "spa", "srl", "sia", "as", "ab", "oy", "oyj", "aps", "uab",
    "ou", "oü", "sp", "s.a", "s.l", "kft", "doo", "d.o.o", "a/s", "co", "company", "group",
    "llp", "pllc", "gbr", "ohg", "kgaa",
    # institutions
    "court", "tribunal", "commission", "council", "parliament", "ministry", "bank", "agency",
    "office", "authority", "board", "university", "association", "union", "committee",
    "institute", "foundation", "service", "department", "chamber", "government", "police",
    "tiesa", "tiesas", "tiesai", "tiesā", "komisija", "komisijas", "padome", "padomes",
    "parlaments", "parlamenta", "ministrija", "ministrijas", "banka", "bankas", "aģentūra",
    "dienests", "dienesta", "birojs", "valde", "gericht", "oberlandesgericht", "landgericht",
    "bundesgerichtshof", "audiencia", "juzgado", "tribunale", "sąd", "teismas", "kohus",
    "oikeus", "domstol", "retten", "hof", "rechtbank", "cour", "verwaltungsgericht",
    "kommission", "rat", "consejo", "comisión", "euipo", "eurojust", "europol",
}
LOC_MARKERS = {"city", "street", "road", "avenue", "square", "river", "lake", "island",
               "county", "province", "region", "iela", "ielā", "iela,", "novads", "novadā",
               "pagasts", "straße", "strasse", "calle", "plaza", "gatan", "katu", "tänav"}
LOC_SUFFIXES = ("pils", "pilī", "pilij", "burg", "grad", "ville", "stadt", "polis", "vaara",
                "salmi", "holm", "köping")

# Capitalised common words of legal / administrative text (headings, references) that the
# text's own lower-case vocabulary may not reveal.  Matched case-insensitively.
COMMON_CAPITALISED = set("""
article articles charter law laws state states member chapter chapters annex annexes title
titles treaty treaties regulation regulations directive directives decision decisions
paragraph paragraphs section sections part parts protocol convention judgment judgments
order orders opinion request requests summary introduction plea pleas concept scope case
cases costs facts background law procedure legal framework question questions ruling
however lastly since must nor thus therefore moreover furthermore accordingly first second
third finally also according under pursuant having whereas where when while although
applicant applicants defendant defendants appellant respondent intervener parties party
government republic kingdom royal arts shape heat bad conclusion conclusions consideration
considerations admissibility merits appeal appeals action actions application applications
note notes see ibid idem point points recital recitals subparagraph heading headings table
panta pants punkts punktā regula regulas direktīva direktīvas lēmums lēmuma spriedums
sprieduma nolēmums tiesības likums likuma pielikums nodaļa nodaļas daļa daļas lieta lietā
lietas prasītāja prasītājs atbildētāja atbildētājs puses pusēm turklāt tomēr tātad ievads
""".split())
ROMAN = re.compile(r"^(?=[IVXLCDM]+$)M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$")
INFLECTED_LANGS = {"lv", "lt", "et", "fi", "pl", "hr", "cs", "sk", "sl", "hu", "ru", "uk", "bg"}

# Country / region names in the languages Faker does not cover (stems; inflections follow).
LOC_STEMS = {
    "lv": ["Latvij", "Lietuv", "Igaunij", "Polij", "Vācij", "Francij", "Spānij", "Itālij",
           "Beļģij", "Nīderland", "Luksemburg", "Austrij", "Šveic", "Zviedrij", "Somij",
           "Dānij", "Norvēģij", "Īrij", "Apvienotaj", "Lielbritānij", "Portugāl", "Grieķij",
           "Čehij", "Slovākij", "Ungārij", "Rumānij", "Bulgārij", "Horvātij", "Slovēnij",
           "Krievij", "Ukrain", "Baltkrievij", "Ķīn", "Japān", "Amerik", "Kanād", "Eirop",
           "Rīg", "Briseļ", "Luksemburg", "Berlīn", "Parīz", "London", "Viļņ", "Tallin"],
    "lt": ["Lietuv", "Latvij", "Eston", "Lenkij", "Vokietij", "Prancūzij", "Ispanij",
           "Italij", "Belgij", "Olandij", "Nyderland", "Austrij", "Šveicarij", "Švedij",
           "Suomij", "Danij", "Europ", "Vilni", "Kaun", "Rusij", "Kinij"],
    "et": ["Eesti", "Läti", "Leedu", "Poola", "Saksa", "Prantsus", "Hispaania", "Itaalia",
           "Belgia", "Holland", "Madalmaa", "Austria", "Šveitsi", "Rootsi", "Soome", "Taani",
           "Euroop", "Tallinn", "Tartu", "Venemaa", "Hiina"],
}


@functools.lru_cache(maxsize=1)
def gazetteers() -> Dict[str, Set[str]]:
    given: Set[str] = set()
    family: Set[str] = set()
    places: Set[str] = set()
    orgs: Set[str] = set()
    if RESOURCES.is_file():
        data = json.loads(RESOURCES.read_text(encoding="utf-8"))
        given |= set(data.get("given_male", [])) | set(data.get("given_female", []))
        family |= set(data.get("family", []))
        places |= set(data.get("city", []))
        orgs |= set(data.get("org", []))
    for loc in FAKER_LOCALES:
        person = _person_provider(loc)
        if person is None:
            continue
        given |= _given_names(person)
        for attr in ("last_names", "last_names_male", "last_names_female"):
            family |= {n for n in getattr(person, attr, ()) if isinstance(n, str)}
        # Polish keeps its surnames elsewhere (its ``last_names`` is the base's "Doe":
        # "Kowalski" was in no list): its 200 most frequent, where their ending says they
        # are surnames ("Kowalski", "Kowalczyk", "Stankiewicz"; not "Król", "Wilk", "Lis",
        # "Czech": the king, the wolf, the fox, a Czech), and their feminines ("Kowalska").
        # (With its 3,690 others, and Estonian's lists, ordinary words became names on
        # MultiLeg pl and EDT, "Język", "Sprawa", "Kolmas", "Doktor": precision fell.)
        surnames = {n for n in getattr(person, "male_last_names", ()) if isinstance(n, str)
                    and n.endswith(_SURNAME_ENDINGS)}
        family |= surnames | {n[:-1] + "a" for n in surnames if n.endswith("i")}
        try:
            addr = importlib.import_module(f"faker.providers.address.{loc}").Provider
            places |= {c for c in getattr(addr, "countries", ()) if isinstance(c, str)}
            for attr in ("cities", "city_names"):
                vals = getattr(addr, attr, ())
                if len(vals) < 3000:
                    places |= {c for c in vals if isinstance(c, str)}
        except Exception:
            pass
    return {"given": given, "family": family, "places": places, "orgs": orgs}


_SURNAME_ENDINGS = ("ski", "cki", "dzki", "wicz", "czyk", "czak", "siak", "niak", "szek")


# Locales whose given names (in Latin script) the name lists lack: the names an agency's
# English documents carry too ("Priya", "Kwame", "Amara", "Ahmed").
WORLD_LOCALES = ["en_IN", "en_PK", "en_KE", "en_NG", "yo_NG", "ig_NG", "ha_NG", "tw_GH", "zu_ZA",
                 "sw", "id_ID", "tr_TR", "pt_BR", "en_TH", "uz_UZ", "az_AZ", "vi_VN"]
_LATIN_NAME = re.compile(r"[A-Za-zÀ-ɏ'’\-]{2,}")


@functools.lru_cache(maxsize=1)
def world_given_names() -> FrozenSet[str]:
    """The gazetteers' given names and those of ``WORLD_LOCALES``, lower-cased: what says a
    name the detector found is a person's written out, for spreading its initials
    (``linking``) and for telling a list of persons from a body (``model``) — not a feature
    of the name model, which learnt the gazetteers as they are."""
    names = {n.lower() for n in gazetteers()["given"]}
    for loc in WORLD_LOCALES:
        person = _person_provider(loc)
        if person is not None:
            names |= {n.lower() for n in _given_names(person) if _LATIN_NAME.fullmatch(n)}
    return frozenset(names)


def _person_provider(loc: str):
    """Faker's person provider of ``loc``, or None where this Faker has none."""
    try:
        return importlib.import_module(f"faker.providers.person.{loc}").Provider
    except Exception:
        return None


def _given_names(person) -> Set[str]:
    return {n for attr in ("first_names", "first_names_male", "first_names_female")
            for n in getattr(person, attr, ()) if isinstance(n, str)}


def _stem(word: str) -> str:
    """Crude stem for inflected Baltic/Slavic/Finnic forms: drop up to 3 final letters."""
    w = word
    return w[:-3] if len(w) > 6 else w[:-2] if len(w) > 4 else w


@functools.lru_cache(maxsize=None)
def _name_stems(lang: str) -> Set[str]:
    """The stems the language's case endings leave of the gazetteers' names
    (``linking.stems``: "Bērziņš" -> "bērziņ")."""
    from transforms.linking import stems
    names = _name_index()[0]
    return {st for n in names if len(n) >= 5 for st in stems(n, lang)}


def _inflected_form(word: str, lang: str, crude: Set[str], alone_first: bool) -> bool:
    """Does ``word`` look like an inflected gazetteer name?  Mid-sentence or in a name of
    several words, where the capital is evidence: a stem and an ending of the language
    explain it (``_inflected_name``), or its first letters are a name's (``_stem``).  Alone
    at a sentence start (a heading, a list item) first letters are weak evidence: they
    count only for a word the language does not use often ("Kantaja", Finnish "plaintiff",
    is no "Kantola"; "Virtasen" is "Virtanen" by its ending).  Where the language has no
    frequency list, the name model's training text stands for one (``ordinary_words``)."""
    crude_match = _stem(word) in crude
    if not alone_first:
        return crude_match or _inflected_name(word, lang, crude)
    from transforms.lexicon import zipf_fn
    if zipf_fn(lang) is None:
        # (the name model's training text is the frequency list there: "Lepingu", the
        # contract's, opening a sentence, is no "Leping...")
        from transforms.detect.model import ordinary_words
        return crude_match and word.lower() not in ordinary_words(lang)
    return _inflected_name(word, lang, crude) or crude_match and not _frequent(word, lang)


def _frequent(word: str, lang: str) -> bool:
    """As frequent in the language as once in a million words (Zipf 3; ``wordfreq``)."""
    from transforms.lexicon import zipf_fn
    zipf = zipf_fn(lang)
    return zipf is not None and zipf(word.lower()) >= 3.0


# What ends a sentence or opens a heading, a list item or a quotation: a capital after it
# is no evidence.
SENTENCE_END = {".", "!", "?", ":", ";", "\u2022", "-", "–", "—", "(", "[", "\"", "“", "„",
                "«", "'", "‘", "/", "•", "*", "”"}


def _inflected_name(word: str, lang: str, crude: Set[str]) -> bool:
    """Is ``word`` a gazetteer name with one of the language's case endings ("Bērziņam",
    "Virtasen"), a stem and an ending explaining it (``linking.stems``)?  Where the
    language's endings are not known, the crude stem (``_stem``)."""
    from transforms.linking import ENDINGS, stems
    if lang not in ENDINGS:
        return _stem(word) in crude
    if lang == "fi":     # "-nen" names take "-se-" in their cases: "Virtasen", "Niemiselle"
        m = _FI_NEN.search(word)
        if m and word[:m.start()] + "nen" in _name_index()[0]:
            return True
    return bool(stems(word, lang) & _name_stems(lang))


_FI_NEN = re.compile(r"s(?:en|ta|tä|elle|ella|ellä|elta|eltä|essa|essä|esta|estä|een|eksi|"
                     r"ena|enä|et|ia|iä|ten|ille|illa|illä|issa|issä|ista|istä)$")


@functools.lru_cache(maxsize=1)
def given_names() -> Set[str]:
    """The word lists' given names (any case as listed)."""
    return {n for n in gazetteers()["given"] if len(n) >= 2}


_NAME_HYPHEN = re.compile(r"[-\u2010\u2011]")


_SHORT_WORD = re.compile(r"[A-Z][a-z]{1,3}")


def _label_abbreviation(span: Span, text: str) -> bool:
    """A short word with a full stop that opens a line ("Tel. 0117 496 0123", "Ref.
    2021/445", "Encl. Invoice"): a form's or a letter's label, which the model read as a
    name; not a listed name ("Lee.", "Chen.")."""
    word = text[span.start:span.end]
    return (text[span.end:span.end + 1] == "." and not text[:span.start].strip()
            and _SHORT_WORD.fullmatch(word) is not None and word not in _name_index()[0])


# The labels of national identifiers and registers, the same in every language ("CPR-nr.:
# 120356-1234", "CVR-nr. 12345678", "REGON 012345678", "NIP: 526-104-08-28"): the model read
# them as bodies' acronyms, and stand-ins ("EACEA-nr.") took their place.
_NUMBER_LABELS = {"CPR", "CVR", "SE", "NIP", "REGON", "PESEL", "KRS", "NIF", "NIE", "CIF", "DNI",
                  "NIR", "INSEE", "SIREN", "SIRET", "BSN", "KVK", "RSIN", "UTR", "NINO", "NI",
                  "SSN", "EIN", "TIN", "ITIN", "ABN", "ACN", "AHV", "OIB", "JMBG", "EMŠO",
                  "IČO", "DIČ", "PVN", "PVM", "KMKR", "ALV", "MOMS", "VAT", "IBAN", "BIC",
                  "SWIFT", "EAN", "GLN", "ISBN", "ISSN", "DUNS", "LEI", "NHS", "MRN", "INN",
                  "KPP", "SNILS", "OGRN", "RUT", "RFC", "CURP", "CPF", "CNPJ", "HETU", "ID",
                  # a Swedish payment's reference and giro numbers ("OCR 41230987655")
                  "OCR", "BG", "PG"}
_NUMBER_AFTER_LABEL = re.compile(r"(?:[\-‑](?:nr|nummer|number|no|num|numero|kod|kode|"
                                 r"code|koodi|kods|kodas)\b\.?)?[ \u00A0]*:?[ \u00A0]*\d")
_NUMBER_WORD_AFTER_LABEL = re.compile(r"[\-‑](?:nr|nummer|number|no|numero|kod|kode|code)\b")


# A medicine's dose after its name ("Amlodipine 5 mg OD", "Paracetamol 1 g"), in any
# language: the word is a drug's, no person's.
_DOSE_AFTER = re.compile(r"[ \u00A0]*\d+(?:[.,]\d+)?[ \u00A0]*(?:mg|g|mcg|µg|μg|ng|ml|mL|l|IU|"
                         r"iu|units?|mmol|microgram(?:me)?s?|milligram(?:me)?s?)\b")
_DOSE_BEFORE = re.compile(r"\d[ \u00A0]*(?:mg|g|mcg|µg|μg|ng|ml|mL|IU|units?|mmol)[ \u00A0]+$")
# The stems international non-proprietary names end in (WHO's INN stems): "allergic to
# Penicillin", "started on Omeprazole".
_INN_STEM = re.compile(r"[A-Z][a-z]+(?:cillin|mycin|cycline|floxacin|oxacin|conazole|prazole|"
                       r"azole|dipine|olol|pril|sartan|statin|tidine|parin|mab|tinib|ciclib|"
                       r"virine|tegravir|previr|buvir|triptan|setron|lukast|gliptin|gliflozin|"
                       r"formin|profen|fenac|oxetine|azepam|zolam|barbital|caine|semide|"
                       r"thiazide|dronate|glitazone|coxib|pramine|triptyline|peridol|apine|"
                       r"idone|sone|olone|tropium|terol|xaban|gatran|grel|vastatin|dazole)$")
_MEDICAL_CUE = re.compile(r"(?i)\b(?:allerg\w*|prescri\w*|medicat\w*|medicine\w*|dose\w*|"
                          r"tablets?|capsules?|injections?|treat\w*|started\s+on|taking|"
                          r"drugs?|therapy|mg|intoleran\w*)\b")
# Clinical abbreviations a letter or a chart writes in capitals ("1 g QDS PRN", "CRP 38"):
# no organisation's.
_CLINICAL_ABBREVIATIONS = {
    "OD", "BD", "TDS", "TID", "QDS", "QID", "PRN", "NBM", "PO", "IV", "IM", "SC", "SL", "PR",
    "STAT", "NOCTE", "MANE", "INH", "NEB", "TOP", "CRP", "ESR", "FBC", "LFT", "LFTS", "TFT",
    "TFTS", "ECG", "EEG", "MRI", "CT", "BP", "HR", "RR", "BMI", "DNACPR", "COPD", "CKD", "IHD",
    "AF", "MI", "CVA", "TIA", "DVT", "PE", "UTI", "GORD", "NSAID", "NSAIDS", "PPI", "ACE",
    "ARB", "SSRI", "INR", "HBA1C", "EGFR", "TSH", "PSA", "CCP", "ANA", "RF", "OA", "RA"}


# Conditions a chart or a letter writes capitalised ("COPD and Type 2 Diabetes"), and the
# words that join them.
_CONDITIONS = {"Diabetes", "Mellitus", "Asthma", "Pneumonia", "Hypertension", "Epilepsy",
               "Dementia", "Sepsis", "Angina", "Arthritis", "Osteoarthritis", "Osteoporosis",
               "Gout", "Psoriasis", "Eczema", "Anaemia", "Anemia", "Bronchitis", "Cellulitis",
               "Hypothyroidism", "Hyperthyroidism", "Cirrhosis", "Pancreatitis", "Hepatitis"}
_CONDITION_JOINERS = {"and", "&", "Type", "type", "with", "of"}
# A medicine's form after its name ("Salbutamol inhaler", "Paracetamol tablets").
_FORM_AFTER = re.compile(r"[ \u00A0]+(?:inhalers?|tablets?|capsules?|cream|ointment|gel|"
                         r"injections?|drops|patch(?:es)?|spray|syrup|suppositor(?:y|ies)|"
                         r"infusion|solution|suspension|nebules?)\b")
# A combined medicine's prefix ("Co-amoxiclav", "Co-codamol"): no company's "Co".
_COMBINED = re.compile(r"[\-\u2011][a-z]{4,}")


# Prefixes written before a hyphen and a word ("Sub-district", "Non-resident"; Danish and
# Swedish "Ikke-selektivitet", "Icke-diskriminering").
_PREFIXES = {"sub", "co", "non", "pre", "post", "anti", "pro", "re", "un", "ex", "mid",
             "semi", "multi", "inter", "intra", "over", "under", "self", "vice", "de", "dis",
             "mis", "out", "cross", "counter", "bi", "tri", "mono", "neo", "pan", "quasi",
             "ultra", "infra", "micro", "macro", "mega", "mini", "meta", "para", "pseudo",
             "super", "trans", "auto", "ikke", "icke", "ei", "nie", "ne"}


def _word_prefix(span: Span, text: str) -> bool:
    """A prefix's word before a hyphen and a lower-case word is that word's prefix, no
    name: a birth certificate's "Sub-district" went out as a body's stand-in and
    "-district" ("Non-resident", "Pre-op", "Ikke-selektivitet").  (Only a prefix: a name
    before a hyphen and a suffix is a name, the Estonian "Romi-agaa".)"""
    return span.text.lower() in _PREFIXES and span.text[:1].isupper() \
        and _COMBINED.match(text, span.end) is not None


def _clinical(span: Span, text: str) -> bool:
    """A drug's name before its dose or its form or of an INN's stem, not a listed name
    ("April"), clinical abbreviations and conditions alone, or a combined medicine's "Co-": a
    referral letter's "Amlodipine 5 mg OD", "QDS PRN", "allergic to Penicillin", a discharge
    summary's "COPD and Type 2 Diabetes", "Salbutamol inhaler", "Co-amoxiclav" went out as
    names' and acronyms' stand-ins."""
    words = span.text.split()
    if words and all(w.strip(".,;") in _CLINICAL_ABBREVIATIONS for w in words) and (
            len(words) > 1 or len(words[0].strip(".,;")) > 2
            or _DOSE_BEFORE.search(text[:span.start])):
        # (two letters alone may be a person's initials, "RA" or "OA" in minutes: only
        # after a dose, "1 g OD")
        return True
    bare = [w.strip(".,;") for w in words]
    if any(w in _CONDITIONS or w in _CLINICAL_ABBREVIATIONS and len(w) > 2 for w in bare) \
            and all(
            w in _CONDITIONS or w in _CONDITION_JOINERS or w.isdigit()
            or w in _CLINICAL_ABBREVIATIONS and len(w) > 2 for w in bare) \
            or span.text == "Co" and _COMBINED.match(text, span.end):
        return True
    if len(words) != 1 or words[0][:1].upper() + words[0][1:].lower() in _name_index()[0]:
        return False
    # (a name's ending alone is no drug's: only where the text speaks of medicines)
    return _DOSE_AFTER.match(text, span.end) is not None or \
        (_INN_STEM.fullmatch(words[0]) is not None or _FORM_AFTER.match(text, span.end)) \
        and _MEDICAL_CUE.search(text) is not None


# A file's format, in capitals ("a PNG with transparency", "saved as PDF"): no body's
# acronym (a real document's "To the right is a PNG (by Nicu)" sent "PNG" as a name).
_FILE_FORMATS = {"PNG", "JPEG", "JPG", "GIF", "TIFF", "TIF", "BMP", "SVG", "PDF",
                 "DOCX", "XLS", "XLSX", "PPT", "PPTX", "ODT", "ODS", "RTF", "CSV", "TSV", "XML",
                 "HTML", "JSON", "YAML", "ZIP", "MP3", "MP4", "WAV", "AVI", "MOV", "EPUB",
                 "TXT", "XLIFF", "TMX"}

# A credit in brackets inside a span ("PNG (by Nicu)", "a photo (by Jane Roe)"): the name
# after "by" is a person's, what comes before it a span of its own.
_CREDIT = re.compile(r"[ \u00A0]*\((?:by|photo|image|credit)[: \u00A0]+([A-Z][^()]*?)\)")


def _apart_at_credit(span: Span, text: str) -> List[Span]:
    m = _CREDIT.search(span.text)
    if m is None:
        return [span]
    out = []
    head = span.text[:m.start()].strip()
    if head and head not in _FILE_FORMATS:
        out.append(dataclasses.replace(span, end=span.start + len(span.text[:m.start()].rstrip()),
                                       text=head))
    a, b = span.start + m.start(1), span.start + m.end(1)
    out.append(dataclasses.replace(span, start=a, end=b, text=text[a:b], category="PER"))
    return out


_NR_AFTER = re.compile(r"[.\-‑]nr\b")


# A letter's or a contract's place and date on a line of their own: "Aarhus, den 20. juni
# 2025", "Göteborg den 12 juni 2025", "London, 12 March 2025", "Riga, 05.06.2025".
_PLACE_AND_DATE = re.compile(
    r"^[ \u00A0\t]*([A-ZÀ-ÖØ-ÞĀ-Ž][^\W\d_]+(?:[ \u00A0\-][A-ZÀ-ÖØ-ÞĀ-Ž][^\W\d_]+)?),?"
    r"[ \u00A0]+(?:(?:den|le|am|el|d\.)[ \u00A0]+)?"
    r"(?:\d{1,2}\.?[ \u00A0]+[^\W\d_]{3,}\.?[ \u00A0]+\d{4}|\d{1,2}[./\-]\d{1,2}[./\-]\d{2,4})"
    r"[ \u00A0.]*$", re.M)


# Where a Finnish or an Estonian letter was written: the town in its locative case
# ("Helsingissä 30. kesäkuuta 2025", "Tallinnas, 3. märtsil 2025").
_LOCATIVE = {"fi": re.compile(r"[^\W\d_]{3,}(?:ssa|ssä|lla|llä)"),
             "et": re.compile(r"[^\W\d_]{3,}(?:as|us|es|is|ul|al)")}


def _places_before_dates(rows: List[List[Span]], texts: Sequence[str], lang: str = ""
                         ) -> List[List[Span]]:
    """The town of a line that is a place and a date is a place where the document names it
    in a place elsewhere or the gazetteer has it, or, in Finnish and Estonian, where it is in
    the locative case: a Danish lease's "Aarhus, den 20. juni 2025" went out as written beside
    "8000 Aarhus C" masked, a Finnish work certificate's "Helsingissä 30. kesäkuuta 2025"
    beside "00260 Helsinki"."""
    named = {w for row in rows for s in row if s.category == "LOC" for w in s.text.split()}
    places = _name_index()[2]
    locative = _LOCATIVE.get(lang)
    out = []
    for text, row in zip(texts, rows):
        m = _PLACE_AND_DATE.search(text)
        if m is None or any(s.start < m.end(1) and m.start(1) < s.end for s in row) or not (
                m.group(1) in places or all(w in named for w in m.group(1).split())
                or locative is not None and locative.fullmatch(m.group(1))):
            out.append(row)
            continue
        out.append(sorted(row + [Span(m.start(1), m.end(1), "LOC", "place-and-date",
                                      m.group(1), source="detector")], key=lambda s: s.start))
    return out


# Where a form's field opens (its line, a tab, or a wide gap after the previous field; a
# number perhaps), and a value of capitalised words after its label's colon (capitals are
# the value's, whatever the label's case).
_FIELD_OPENING = r"(?im)(?:^|[\t]|[ \u00A0]{3,})[ \u00A0]*(?:\d{1,2}\.[ \u00A0]*)?"
_FIELD_VALUE_WORD = r"[A-ZÀ-ÖØ-ÞĀ-Ž][\w'’\-]*\.?"

# A form's field for a person's name, and its value: "Name and surname of father: Daniel Mark
# PEMBERTON", "Maiden surname of mother: KHAN", "Nazwisko: Kowalska", "Uzvārds: Bērziņš".
_NAME_LABEL = re.compile(
    _FIELD_OPENING +
    r"(?:(?:(?:given|family|first|last|middle|maiden|full|birth) )?(?:sur|fore)?names?"
    r"(?: and (?:sur|fore)?names?)?(?: of (?:the )?(?:father|mother|"
    r"child|applicant|witness|patient|employee|spouse|husband|wife|deceased|informant|holder|"
    r"claimant|tenant|guardian|parent|person|student|pupil|candidate|officer))?"
    r"|(?:nachname|vorname|familienname|geburtsname|nazwisko|imię|imiona|uzvārds|vārds|"
    r"pavardė|vardas|sukunimi|etunimet|etunimi|efternamn|förnamn|efternavn|fornavn|"
    r"perekonnanimi|eesnimi)"
    # (whose: "Nazwisko rodowe matki", the mother's surname at birth; "Imię ojca")
    r"(?:[ \u00A0]+(?-i:[^\W\d_A-ZÀ-ÖØ-ÞĀ-Ž])[^\W\d_]*){0,2})"
    r"[ \u00A0]*:[ \t\u00A0]*"
    rf"((?-i:{_FIELD_VALUE_WORD}(?:[ \u00A0]{_FIELD_VALUE_WORD}){{0,3}}))")


# A form's field for a place of birth, in the languages served: its value is a place.
_PLACE_LABEL = re.compile(
    _FIELD_OPENING +
    r"(?:(?:place|town|city|country) of birth|birthplace|born in|miejsce urodzenia"
    r"(?:[ \u00A0]+(?:ojca|matki|dziecka))?|födelseort|fødested|fødeby|dzimšanas vieta|"
    r"gimimo vieta|sünnikoht|syntymäpaikka|lugar de nacimiento)"
    r"[ \u00A0]*:[ \t\u00A0]*"
    # (a town's joining words too: "Kingston upon Hull")
    rf"((?-i:{_FIELD_VALUE_WORD}(?:[ \u00A0](?:(?:upon|on|am|an|der|sur)[ \u00A0])?"
    rf"{_FIELD_VALUE_WORD}){{0,3}}))")


# A form's field for a body a person deals with, and its value: "Employer: Greenfield
# Logistics", "Third party insurer: Admiral Insurance" (both went out as written: ordinary
# words, and nothing in running text around them), "Arbetsgivare: ...", "Pracodawca: ...".
_BODY_LABEL = re.compile(
    _FIELD_OPENING +
    r"(?:(?:[a-z]+[ \u00A0]+){0,2}"
    r"(?:employer|insurer|insurance company|insurance provider|bank|building society|"
    r"school|college|university|company|organi[sz]ation|firm|agency|supplier|contractor|"
    r"lender|broker|training provider|awarding body|gp practice|gp surgery)"
    r"(?:'s name| name)?|name of (?:the )?(?:employer|insurer|bank|school|company|"
    r"organi[sz]ation|firm)|arbetsgivare|försäkringsbolag|arbejdsgiver|forsikringsselskab|"
    r"pracodawca|ubezpieczyciel|nazwa (?:firmy|pracodawcy)|darba devējs|apdrošinātājs|"
    r"darbdavys|draudikas|tööandja|kindlustusandja|työnantaja|vakuutusyhtiö|empleador|"
    r"aseguradora|empresa)"
    r"[ \u00A0]*:[ \t\u00A0]*"
    rf"((?-i:{_FIELD_VALUE_WORD}(?:[ \u00A0](?:(?:&|and|of|for|och|og|i)[ \u00A0])?"
    rf"{_FIELD_VALUE_WORD}){{0,4}}))")
# A form's field for an address whose street comes first, its name before the house number:
# "Adresse: Skovbrynet 9, 1. th., 7100 Vejle" (a Danish street of no street's ending went out
# as written).  A box's or a flat's number is no street's.
_ADDRESS_LABEL = re.compile(
    _FIELD_OPENING +
    r"(?:(?:[a-z]+[ \u00A0]+){0,2}address|[^\W\d_]*(?:adress|adresse)|adres|"
    r"adres zamieszkania|adrese|deklarētā adrese|adresas|aadress|elukoht|osoite|"
    r"kotiosoite|dirección|domicilio)"
    r"[ \u00A0]*:[ \t\u00A0]*"
    rf"((?-i:{_FIELD_VALUE_WORD}(?:[ \u00A0]{_FIELD_VALUE_WORD}){{0,3}}))"
    r"(?=[ \u00A0]+\d{1,4}[A-Za-z]?(?![\w.,]\d))")
_NO_STREET = {"postboks", "box", "postbox", "po", "p.o", "pl", "skrytka", "apartado", "pk",
              "flat", "apartment", "apt", "unit", "suite", "room", "house", "lejlighed",
              "lägenhet", "mieszkanie", "dzīvoklis", "butas", "korter", "asunto", "piso"}
# What such a field holds when there is no body: "Employer: Self-employed", "Insurer: None".
_NO_BODY = {"none", "n/a", "not", "self", "self-employed", "unemployed", "retired", "same",
            "see", "as", "yes", "no", "other", "unknown", "nil", "brak", "nej", "ingen",
            "ninguno", "ninguna", "ei"}


def _values_in_form_fields(rows: List[List[Span]], texts: Sequence[str], lower: Set[str],
                           lang: str = "") -> List[List[Span]]:
    """``_values_of_fields`` for a person's name, a place of birth and a body's name."""
    rows = _values_of_fields(rows, texts, lower, lang, _NAME_LABEL, "PER")
    rows = _values_of_fields(rows, texts, lower, lang, _PLACE_LABEL, "LOC")
    rows = _values_of_fields(rows, texts, lower, lang, _ADDRESS_LABEL, "LOC", by_label=True)
    return _values_of_fields(rows, texts, lower, lang, _BODY_LABEL, "ORG", by_label=True)


def _values_of_fields(rows: List[List[Span]], texts: Sequence[str], lower: Set[str],
                      lang: str, label: "re.Pattern", category: str, by_label: bool = False
                      ) -> List[List[Span]]:
    """The value of a form's field for a person's name is a person's name, whatever else
    the detector made of it: a birth certificate's "Maiden surname of mother: KHAN" went out
    as written (a surname alone, in capitals, after a label).  Not a word the document writes
    in lower case or a function word (``lower``: ``HeuristicDetector.common_words``), nor
    ordinary words the analyser knows and no name list has ("Name: None"), nor a company's
    name.  So too a place of birth's field ("Place of birth: Leeds" went out as written: the
    model had nothing after the label's colon), a place's.  ``by_label``: the label (and
    the value's shape) is the evidence, and a name of ordinary words counts (a body's, "Direct
    Line"; a street's before its house number, "Skovbrynet 9")."""
    if not any(":" in t for t in texts):
        return rows
    from transforms.detect.model import _lexicons, _ordinary, word_classes
    given, family, places = gazetteers_lower("given"), gazetteers_lower("family"), \
        _lexicons()["place"]
    out = []
    for text, row in zip(texts, rows):
        found = []
        for m in label.finditer(text):
            a, b = m.span(1)
            value = text[a:b].rstrip(".")
            b = a + len(value)
            words = value.split()
            if sum(ch.isalpha() for ch in value) < 2 or text[b:b + 1] == "/" or \
                    any(s.start <= a and b <= s.end and s.category == category for s in row):
                continue
            if by_label and category == "LOC":
                if words[0].lower().rstrip(".") not in _NO_STREET:
                    found.append((a, b))
                continue
            if by_label:
                # (a body's name is often of ordinary words, "Direct Line", "Admiral
                # Insurance": only none at all, or a word the document writes in lower case
                # alone, is no body)
                if words[0].lower() in _NO_BODY or len(words) == 1 and (
                        words[0].lower() in lower
                        or _ordinary(word_classes(words, lang).get(words[0]))):
                    continue
                found.append((a, b))
                continue
            if any(w.lower() in ORG_MARKERS or w[:1].isupper() and w.lower() in lower
                   for w in words):
                continue
            classes = word_classes(words, lang)
            if classes and all(_ordinary(classes.get(w)) and w.lower() not in given
                               and w.lower() not in family and w.lower() not in places
                               for w in words):
                continue
            found.append((a, b))
        if not found:
            out.append(row)
            continue
        kept = [s for s in row if not any(s.start < b and a < s.end for a, b in found)]
        kept += [Span(a, b, category, "name-field", text[a:b], source="detector")
                 for a, b in found]
        out.append(sorted(kept, key=lambda s: s.start))
    return out


def _places_apart_where_named(rows: List[List[Span]], texts: Sequence[str], lower: Set[str]
                              ) -> List[List[Span]]:
    """A place's span of parts joined by commas ("Broadway, Didcot", "Hamburg, Germany") is
    one place per part where the document names a part alone elsewhere: a witness statement's
    "Didcot" took one stand-in in the address and another in "Boots on Broadway, Didcot"."""
    alone = {s.text for row in rows for s in row if "," not in s.text}
    if not any(s.category == "LOC" and ", " in s.text for row in rows for s in row):
        return rows
    # (a part left alone must be a name, no word the document writes in lower case, nor a
    # function word: ``lower``; the model's "Taxation, Spain" of "Directorate-General for
    # Taxation, Spain" had been one place, and "Taxation" alone was then spread to every
    # "Director-General for Taxation")
    out = []
    for text, row in zip(texts, rows):
        kept = []
        for s in row:
            parts = s.text.split(", ")
            if s.category != "LOC" or len(parts) < 2 or not any(p in alone for p in parts) \
                    or any(p not in alone and w.lower() in lower for p in parts
                           for w in p.split()):
                kept.append(s)
                continue
            at = s.start
            for p in parts:
                kept.append(Span(at, at + len(p), s.category, s.subtype, p, source=s.source))
                at += len(p) + 2
        out.append(kept)
    return out


# A statute's title ends in "Act" and, mostly, its year: "the Criminal Justice Act 1967".
_ACT_AFTER = re.compile(r"[ \u00A0]+Acts?\b")


# A Swedish or Danish statute is one compound ending in the law's word, definite: the
# Swedish "Semesterlagen", "Brottsbalken", the Danish "Ferieloven", "Lejeloven".
_STATUTE_WORD = {"sv": re.compile(r"[A-ZÅÄÖ][a-zåäö]{3,}(?:lagen|balken|förordningen)"),
                 "da": re.compile(r"[A-ZÆØÅ][a-zæøå]{3,}(?:loven|bekendtgørelsen)")}


def _statute(span: Span, text: str, lang: str) -> bool:
    """An English statute's title, or its words before "Act", is no name: a witness
    statement's "(Criminal Justice Act 1967, s.9 ...)" went out as a body's stand-in, and
    came back untranslated; so did a Swedish contract's "enligt Semesterlagen"."""
    if span.category not in ("ORG", "LOC", "PER"):
        return False
    if lang in _STATUTE_WORD:      # (one, or several joined: "Lejeloven og Ferieloven")
        parts = [w for w in re.split(r",?[ \u00A0]+", span.text) if w not in ("og", "och")]
        return bool(parts) and all(_STATUTE_WORD[lang].fullmatch(w) for w in parts)
    if lang != "en":
        return False
    last = span.text.split()[-1] if span.text.split() else ""
    return last in ("Act", "Acts") or _ACT_AFTER.match(text, span.end) is not None


def _number_label(span: Span, text: str) -> bool:
    if " " not in span.text and _NR_AFTER.match(text, span.end):
        return True             # "Org.nr", "Momsreg.nr", "Kund-nr": what a number is of
    return span.text in _NUMBER_LABELS and (
        _NUMBER_AFTER_LABEL.match(text, span.end) is not None
        or _NUMBER_WORD_AFTER_LABEL.match(text, span.end) is not None)


_FIELD_VALUE = re.compile(r"[ \u00A0\t]*(?:([A-Z][a-z]{1,4}\.?)[ \u00A0]+[A-Z]|"
                          r"(?=[A-Z0-9\-/]*[A-Z])(?=[A-Z0-9\-/]*\d)[A-Z0-9\-/]{4,}(?![\w\-/])|"
                          # an amount ("Subtotal: £4,250.00"): no speaker's first words
                          r"[£$€¥][ \u00A0]?\d[\d,.]*(?![\w]))")


# A compound whose last part is what a form asks for ("Bokningsnummer:", "Sagsnummer:",
# "Fødselsdato:", "Efternamn:", "Postadress:"), in the languages that write such labels as
# one word: no name ends so.
_COMPOUNDING_LABELS = ("sv", "da", "nb", "no", "de", "nl", "fi")
_LABEL_COMPOUND = re.compile(r"[^\W\d_]{3}(?:nummer|nr|datum|dato|adress|adresse|namn|navn|"
                             r"name|naam|kod|kode|telefon|mejl|mail|"
                             # (a personbevis's "Födelseort", "Fødested", "Geburtsort")
                             r"ort|sted|plats|land|"
                             # (an estate inventory's "Dödsdag:", "Dödsbodelägare:",
                             # "Bouppgivare:", "Förrättningsmän:": a day, owners, givers, men)
                             r"dag|ägare|ejer|givare|giver|män|mænd|"
                             # (Finnish: a register extract's "Syntymäkotikunta:", the
                             # municipality of birth; "-paikka", "-tunnus", "-osoite")
                             r"kunta|paikka|tunnus|osoite|numero|päivä|päivämäärä)$")


def _field_label(span: Span, text: str, lang: str = "") -> bool:
    """A line's first word before a preposition and a colon: a form's field label ("Bill
    to:", "Ship to:", "Prepared by:" on an invoice), which the model read as a name ("Bill"
    went out as a person's stand-in); or before the colon alone, an ordinary word of the
    language that no name list holds ("Attendees:", unknown to the analyser, went out as
    a person's stand-in, and "Asistentes" did not come back).  A name alone before a colon
    ("Jane: I disagree", "Smith: No.", a transcript's speaker) stays a name."""
    line_start = text.rfind("\n", 0, span.start) + 1
    word = text[span.start:span.end]
    if _LABEL_TO.fullmatch(word) and _COLON_AFTER.match(text, span.end) and \
            not text[line_start:span.start].strip():
        return True     # "Bill To:", "Ship To:", "Remit To:" in title case (an invoice's)
    # (a field's start: its line's, or after a bar or a bullet between fields, "Date of
    # birth: ... | Languages: ...")
    if text[line_start:span.start].strip() and not _AFTER_FIELD_BAR.search(
            text, max(line_start, span.start - 4), span.start) and not _AFTER_FIELD_GAP.search(
            text, max(line_start, span.start - 8), span.start) or " " in word:
        return False
    if _FIELD_LABEL_TAIL.match(text, span.end) is not None:
        return True
    if lang and word.isalpha() and _LOWER_WORDS_COLON.match(text, span.end) and \
            word.lower() not in gazetteers_lower("given") and \
            word.lower() not in gazetteers_lower("family"):
        # a label of several words, its first capitalised: "Nazwisko rodowe ojca: NOWAK",
        # "Miejsce urodzenia matki: Rzeszów" (surname at birth of the father, the mother's
        # place of birth) — an ordinary word of the language first, no name
        from transforms.lexicon import common_word
        return bool(common_word(word, lang))
    if text.startswith(":", span.end) and word.upper().replace(".", "") in _FORM_ABBREVIATIONS:
        return True     # "DOB: 02/07/1951", "NI: QQ123456C" — a form's, no speaker's
    # (a number's label is abbreviated: "Medarbejdernr.:", "Kundnr.:")
    abbreviated = text.startswith(".:", span.end) and word.lower().endswith("nr")
    if not (lang and (text.startswith(":", span.end) or abbreviated) and word.isalpha()):
        return False
    if word[:1].upper() + word[1:].lower() in _name_index()[0]:
        return False
    # (what a speaker never opens with: a form of address and a name, or a code of
    # capitals and digits — "Policyholder: Mr Desmond O'Leary", "Bokningsnummer: QX7P4L",
    # words no list or analyser holds; a number may open a speaker's words, "Okonkwo: 12")
    if lang in _COMPOUNDING_LABELS and _LABEL_COMPOUND.search(word.lower()):
        return True
    after = _FIELD_VALUE.match(text, span.end + 1)
    if after and (after.group(1) is None or after.group(1).lower().rstrip(".") in
                  FORMS_OF_ADDRESS):
        return True
    from transforms.lexicon import common_word
    return bool(common_word(word, lang))


_LABEL_TO = re.compile(r"[A-Z][a-z]+[ \u00A0\-](?:To|By|For|From)")
_COLON_AFTER = re.compile(r"[ \u00A0]*:")


def _table_heading(span: Span, text: str, lang: str) -> bool:
    """A table's cell of ordinary words, on a line whose cells a layout's gaps part
    ("Description    Qty    Unit Price    Total" on an invoice went out as a person's, a
    stand-in's and a firm's names): every word an ordinary word of the language and in no
    name list ("Grant    Manager    2019" keeps "Grant")."""
    if not lang:
        return False
    line_start = text.rfind("\n", 0, span.start) + 1
    line_end = text.find("\n", span.end)
    line_end = len(text) if line_end < 0 else line_end
    before, after = text[line_start:span.start], text[span.end:line_end]
    gap_before = _AFTER_FIELD_GAP.search(before) is not None
    gap_after = _GAP_BEFORE.match(after) is not None
    if (before.strip() and not gap_before) or (after.strip() and not gap_after) or \
            not (gap_before or gap_after):
        return False
    from transforms.lexicon import common_word
    names = _name_index()[0]
    words = span.text.split()
    return all(w.isalpha() and common_word(w, lang) and w[:1].upper() + w[1:].lower()
               not in names for w in words)


_FIELD_BAR = re.compile(r"[ \u00A0\t]+[|•·][ \u00A0\t]+")
# A field after another on the same line, a layout's gap between them ("Patient: Mr Harold
# Finch   DOB: 02/07/1951", "09:30 – 10:15  Keynote: ..."): two spaces or more, or a tab;
# ``_GAP_BEFORE`` the same gap at a cell's end
_FIELD_GAP = r"(?:[ \u00A0]{2,}|\t)"
_AFTER_FIELD_GAP = re.compile(_FIELD_GAP + "$")
_GAP_BEFORE = re.compile(_FIELD_GAP)
# The abbreviations forms write as a field's label, in capitals
_FORM_ABBREVIATIONS = {"DOB", "NHS", "NI", "NINO", "SSN", "TEL", "FAX", "MOB", "ATTN", "REF",
                       "ID", "VAT", "PO", "CC", "BCC", "RE", "FW", "FWD", "ETA", "TBC", "AOB"}


# An English verb's auxiliary or copula between two names: no name holds it ("The Hiring
# Manager is Tom Reed" was one organisation to the model, which has seen bodies' names with
# lower-case words).
_AUXILIARY_EN = re.compile(r"[ \u00A0]+(?:is|are|was|were|will|would|shall|should|can|could|"
                           r"may|might|must|has|have|had)(?:[ \u00A0]+(?:not|be|been))*"
                           r"[ \u00A0]+")


# An author list's affiliation marks between its names ("Maria K. Fernández-López1, Tobias
# Gruber2 and Ana Ruiz": one firm to the model).
_AFFILIATION_CUT = re.compile(r"(?<=[^\W\d_]{2})\d{1,2}(?:,\d{1,2})*[*†‡]?"
                              r"(?:,[ \u00A0]+|[ \u00A0]+and[ \u00A0]+)")


# Polish "u" (at someone's) between a place and a person: no body's name holds it, as "w"
# does ("Sąd Okręgowy w Warszawie"); "w Krakowie u Jana Kowalskiego" was one organisation.
_AT_SOMEONES_PL = re.compile(r"[ \u00A0]+u[ \u00A0]+(?=[A-ZĄĆĘŁŃÓŚŹŻ])")


@functools.lru_cache(maxsize=None)
def _span_separators(lang: str) -> "re.Pattern":
    """What parts a span in ``lang``: ``_FIELD_BAR``, ``_AFFILIATION_CUT``, and English's
    ``_AUXILIARY_EN`` or Polish ``_AT_SOMEONES_PL``."""
    parts = [_FIELD_BAR, _AFFILIATION_CUT] + [
        rx for code, rx in (("en", _AUXILIARY_EN), ("pl", _AT_SOMEONES_PL)) if code == lang]
    return re.compile("|".join(rx.pattern for rx in parts))


def _apart_at_bars(span: Span, lang: str = "") -> List[Span]:
    """A span cut where a bar or a bullet between spaces separates two fields of a line
    ("Nationality: Nigerian | Languages: ..." had the organisation "Nigerian | Languages"),
    or, in English, where an auxiliary stands between two names (``_AUXILIARY_EN``), or at
    an author's affiliation mark (``_AFFILIATION_CUT``): each part a span of the same kind."""
    bars = _span_separators(lang)
    if not bars.search(span.text):
        return [span]
    out, at = [], 0
    for m in list(bars.finditer(span.text)) + [None]:
        end = m.start() if m is not None else len(span.text)
        part = span.text[at:end]
        if part.strip():
            words = part.split()
            # (a part that is a given name and a surname or two is a person's, whatever
            # the whole was: "Maria Ekström | Projektledare | Nordvind Konsult AB")
            person = 2 <= len(words) <= 3 and all(w[:1].isupper() for w in words) and \
                words[0] in gazetteers()["given"]
            out.append(dataclasses.replace(span, start=span.start + at, end=span.start + end,
                                           text=part,
                                           category="PER" if person else span.category))
        if m is not None:
            at = m.end()
    return out


_AFTER_FIELD_BAR = re.compile(r"[|•·][ \u00A0\t]*$")
_FIELD_LABEL_TAIL = re.compile(r"[ \u00A0]+(?:to|by|for|from|of|on|in|at)[ \u00A0]*:")
_LOWER_WORDS_COLON = re.compile(r"(?:[ \u00A0]+[^\W\d_A-Z][^\W\d_]*){1,3}[ \u00A0]*:")


def compound_given(word: str, given: Set[str]) -> bool:
    """"Jean-Paul", "Marie-Claire": given names joined by a hyphen are a given name, listed
    or not (the lists hold "Hans-Peter" and "Anna-Lena", not "Jean-Paul", and "Jean-Paul
    Zens", a member of a UN working group, went out unmasked)."""
    parts = _NAME_HYPHEN.split(word)
    return len(parts) > 1 and all(p in given for p in parts)


# "Don", the one title word that is a listed given name too, and the languages where it is
# a title: elsewhere it is a given name before a surname ("(Don MacLean, February 2005 WGIG
# e-mail)" sent "Don").
_DON_IS_A_TITLE_IN = ("es", "it", "ca", "gl")
_DON_BEFORE = re.compile(r"\bDon[ \u00a0]$")


# What an English body named after a person ends in, and no one's name does ("Dr Steevens'
# Hospital", "St Luke's College").
FOUNDED_BODIES = {"Hospital", "University", "College", "Institute", "Foundation", "Academy",
                  "Clinic", "Surgery", "Library", "Museum", "School", "Infirmary", "Hospice"}


def _person_by_shape(span: Span, text: str) -> Span:
    """A body's or a place's span that is a person's: a name after a person's form of address
    ("Dr A. Mehta" was a firm's to the model, and linked apart from "Dr Anjali Mehta": two
    stand-ins for one doctor), or a name in capitals opening with a given name (a judgment's
    "DANIEL OKONKWO-BRIGGS (Claimant)", likewise apart from "Mr Okonkwo-Briggs").  Not a
    firm's with a company word ("Dr. August Oetker Nahrungsmittel KG")."""
    if span.category not in ("ORG", "LOC"):
        return span
    words = span.text.split()
    if any(w.strip(".,").lower() in ORG_MARKERS for w in words) or words[-1] in FOUNDED_BODIES:
        return span          # (nor a body named after its founder: "Dr Steevens' Hospital")
    addressed = _TITLE_BEFORE.search(text[:span.start]) and _PERSONS_SHAPE.fullmatch(span.text)
    capitals = span.category == "ORG" and 2 <= len(words) <= 4 and span.text.isupper() and \
        words[0].lower() in gazetteers_lower("given")
    return dataclasses.replace(span, category="PER") if addressed or capitals else span


# Titles written before a name that no span keeps (the forms of address are left out where
# spans are made, and in capitals by ``_persons_in_capitals``: "MS SOCIETY" is no "Ms"; "Sir",
# "Dame", "Lord", "Lady" and "the Reverend" are parts of a name's style, as the shared scorer
# counts them).  Those that are words or acronyms too ("ING", "Mag", "Fr") only with their
# stop.
_TITLES_LEFT_OUT = (TITLE_ONLY - FORMS_OF_ADDRESS - {"sir", "dame", "lord", "lady", "rev",
                                                      "revd", "reverend"}) | {"councillor"}
_STOP_NEEDED = {"ing", "mag", "fr"}


def _title_pattern(words) -> str:
    alternatives = []
    for w in sorted(words, key=len, reverse=True):
        if " " in w:
            continue
        forms = {w, w[:1].upper() + w[1:]}
        stop = r"\." if w in _STOP_NEEDED else r"\.?"
        alternatives.append("(?:" + "|".join(map(re.escape, sorted(forms))) + ")" + stop)
    return "|".join(alternatives)


_LEADING_TITLE = re.compile(r"(?:" + _title_pattern(_TITLES_LEFT_OUT) + r")[ \u00A0]+"
                            r"(?=[^\W\d_])")


# Executives' acronyms written before the name ("CEO Jane Smith"; Swedish "VD", verkställande
# direktör; Danish "adm. dir." is a title already).
_EXECUTIVE = re.compile(r"(?:CEO|CFO|COO|CTO|CIO|CMO|CISO|CHRO|EVP|SVP|VD)[ \u00A0]+(?=[^\W\d_])")


def _without_leading_title(span: Span, text: str) -> Span:
    """A name span opening with a title starts after it, and is a person's: a transcript's
    "Cllr Susan Blackwood" went out as one stand-in and "Susan Blackwood" as another, and
    "CLLR QURESHI" (a body, to the model) as a third beside "Cllr Imran Qureshi"."""
    if span.category not in ("PER", "ORG"):
        return span
    # (in capitals only where the whole name is: "CLLR QURESHI", not "HR Manager")
    m = _LEADING_TITLE.match(span.text.lower() if span.text.isupper() else span.text)
    if m is None:
        # an executive's acronym before a given name: "CFO Anders Berglund", "VD Anna
        # Svensson" (not "CEO Forum")
        m = _EXECUTIVE.match(span.text)
        if m is not None and span.text[m.end():].split()[0].lower() not in \
                gazetteers_lower("given"):
            return span
    if m is None or not any(ch.isupper() for ch in span.text[m.end():]):
        return span
    rest = span.text[m.end():]
    category = "PER" if len(rest.split()) <= 3 else span.category
    return Span(span.start + m.end(), span.end, category, span.subtype, rest,
                source=span.source)


def _with_given_name_title(span: Span, text: str, lang: str) -> Span:
    """A person's name with the given name "Don" in front of it, where "Don" is no title."""
    if span.category != "PER" or span.start < 4 or lang in _DON_IS_A_TITLE_IN:
        return span
    m = _DON_BEFORE.search(text, span.start - 4, span.start)
    if m is None:
        return span
    return Span(m.start(), span.end, span.category, span.subtype, text[m.start():span.end],
                source=span.source)


@functools.lru_cache(maxsize=None)
def gazetteers_lower(kind: str) -> Set[str]:
    """The gazetteers' ``kind`` ("given", "family") in lower case: one set, shared with the
    model's word lists (``model._lexicons``)."""
    return {n.lower() for n in gazetteers()[kind]}


@functools.lru_cache(maxsize=1)
def _name_index() -> Tuple[Set[str], Set[str], Set[str], Set[str]]:
    g = gazetteers()
    names = {n for n in g["given"] | g["family"] if len(n) >= 2}
    stems = {_stem(n) for n in names if len(n) >= 5}
    places = {p for p in g["places"] if p}
    place_words = {w for p in places for w in p.split() if len(w) >= 4 and w[0].isupper()}
    return names, stems, places, place_words


_TOKEN = re.compile(r"[^\W\d_](?:[\w'’\-‑]*[^\W_])?\.?|\d+|\S")


def _is_cap(tok: str) -> bool:
    return tok[:1].isupper() and not any(ch.isdigit() for ch in tok) and not ROMAN.match(tok)


# The legal forms written with a full stop of their own ("Smith & Co.", "Acme Inc.").
_ABBREVIATED_FORMS = {"co", "inc", "ltd", "corp", "bros", "plc", "llc", "sp", "cie", "ag",
                      "sa", "nv", "bv", "ab", "oy", "as"}


def _is_initial(tok: str) -> bool:
    return len(tok) == 2 and tok[0].isupper() and tok[1] == "."


# A reply that is a sentence of its own in a transcript or an e-mail ("Yes. Mrs Frost wrote").
_ANSWERS = {"yes", "no", "ok", "okay", "yeah", "yep", "nope"}


def _ends_sentence(tok: str, common: Set[str] = frozenset()) -> bool:
    """A word of four letters or more with a full stop, not a title's or a company form's
    abbreviation: the sentence ends there, and no name runs on ("Footer.  Page number").
    So does a shorter one the document writes in lower case elsewhere, or a function word
    (``common``): a transcript's "Yes. Mrs Eileen Frost" had been one name, and its stand-in
    took the full stop's place (``_ANSWERS`` too, where the document has no such word in
    lower case)."""
    bare = tok[:-1]
    if not (tok.endswith(".") and bare.isalpha()) or bare.lower() in TITLES \
            or bare.lower() in ORG_MARKERS:
        return False
    return len(bare) >= 4 or len(bare) >= 2 and (bare.lower() in common
                                                  or bare.lower() in _ANSWERS)


def prev_title(toks, k: int) -> bool:
    return k > 0 and toks[k - 1][0].lower().rstrip(".") in TITLES


# Function words that start sentences: a short document may never show them in lower case,
# and then the document lexicon alone would take "This notice" for a name.
FUNCTION_WORDS = set("""the this that these those a an and or but if in on at of for to by with from
as it its he she they we you i my our your his her their there here when where while after before
since until because although however therefore thus dear please yours sincerely regards
el la los las un una unos unas y o pero si en de del al por para con sin como este esta estos
estas ese esa eso aquel aquella su sus mi mis nuestro nuestra cuando donde""".split())


# What parts a form's fields or a table's columns: no name runs over it ("Name:<tab>John
# Smith<tab>Date: 3 May" had taken "Date" in; "G. Llewellyn-Jones    Signed: O. Adebayo-Smith"
# had been one name).  Three spaces or more: two are a typist's, after an initial too
# ("E.  Robin", "Holding  AG").
LAYOUT_GAP = re.compile(r"[\t\n\r\u2028]|[ \u00A0]{3,}")
_COMMON_WORD = re.compile(r"(?<![\w.])[^\W\d_][\w'’\-]*")


class HeuristicDetector:
    """``detect(texts, lang)``: spans per text.  Call with a whole document (or batch) at
    once: the common-word lexicon comes from the texts themselves."""

    def __init__(self, extra_common: Iterable[str] = (), unknown_category: str = "PER"):
        self.extra_common = {w.lower() for w in extra_common} | FUNCTION_WORDS
        self.unknown_category = unknown_category

    def common_words(self, texts: Sequence[str]) -> Set[str]:
        lower = set(self.extra_common)
        for t in texts:
            for m in _COMMON_WORD.finditer(without_handles(t)):
                w = m.group()
                if w[0].islower():
                    lower.add(w)
        return lower

    def detect(self, texts: Sequence[str], lang: str = "") -> List[List[Span]]:
        """The shipped name model (``model.py``), which weighs these rules' spans with the
        other signals, where it is installed; the rules alone otherwise."""
        from transforms.detect.filler import filler
        from transforms.detect.model import (default_tagger, without_job_titles,
                                             without_qualifications)
        tagger = default_tagger()
        found = tagger.detect(texts, lang) if tagger else self.rules(texts, lang)
        found = _persons_by_their_words(without_qualifications(texts, without_job_titles(
            texts, [[q for s in spans for p in _apart_at_bars(s, lang)
                     for c in _judges_apart(p, text, lang) for q in _apart_at_credit(c, text)]
                    for text, spans in zip(texts, found)], lang), lang))
        found = [_with_unknown_capitals(text, _persons_in_capitals(text, _judges_in_capitals(
            text, _with_initials_chains(text, [_without_affiliation_mark(s, text)
                                               for s in spans]), lang)), lang)
                 for text, spans in zip(texts, found)]
        # a template's "Lorem ipsum" holds no names, whatever its capitals suggest; nor is a
        # form of address alone one ("our assessor, Ms Karen O'Donnell": the model read "Ms"
        # as a name of its own, and a stand-in took its place before the name's)
        found = [[_with_given_name_title(_person_by_shape(_without_leading_title(s, text), text),
                                         text, lang) for s in spans
                  if not filler(text, s.start, s.end)
                  and not _title_alone(s, text) and not _separator_label(s, text)
                  and not _party_role(s, lang, text)
                  and not _label_abbreviation(s, text) and not _field_label(s, text, lang)
                  and not _table_heading(s, text, lang) and not _number_label(s, text)
                  and not _statute(s, text, lang) and not _word_prefix(s, text)
                  and not _clinical(s, text) and s.text not in _FILE_FORMATS]
                 for text, spans in zip(texts, found)]
        # (what the document as a whole says: a place named alone, a letter's place and
        # date, a form's name fields)
        lower = self.common_words(texts)
        return _values_in_form_fields(_places_before_dates(
            _places_apart_where_named(found, texts, lower), texts, lang), texts, lower, lang)

    def rules(self, texts: Sequence[str], lang: str = "") -> List[List[Span]]:
        common = self.common_words(texts)
        return [self._detect_one(t, lang, common) for t in texts]

    # -- one text
    def _detect_one(self, text: str, lang: str, common: Set[str]) -> List[Span]:
        names, stems, places, place_words = _name_index()
        toks = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]
        gappy = LAYOUT_GAP.search(text) is not None      # (most texts have no such gap)
        out: List[Span] = []
        i = 0
        while i < len(toks):
            tok = toks[i][0]
            if not (_is_cap(tok) or _is_initial(tok)):
                i += 1
                continue
            j = i
            parts = []
            while j < len(toks):
                t = toks[j][0]
                if parts and gappy and LAYOUT_GAP.search(text, toks[j - 1][2], toks[j][1]):
                    break
                if _is_cap(t) or _is_initial(t):
                    parts.append(j); j += 1
                    if _ends_sentence(t, common):
                        break
                    continue
                if t.lower() in PARTICLES and parts:
                    k = j
                    while k < len(toks) and toks[k][0].lower() in PARTICLES and k - j < 3:
                        k += 1
                    if k < len(toks) and _is_cap(toks[k][0]):    # "de la Vega", "van der"
                        parts.extend(range(j, k)); j = k
                        continue
                break
            span = self._classify(text, toks, parts, lang, common, names, stems, places,
                                  place_words)
            if span:
                out.append(span)
            i = max(j, i + 1)
        return out

    def _classify(self, text, toks, parts, lang, common, names, stems, places, place_words):
        words = [toks[k][0] for k in parts]
        # trim leading/trailing words that are common (sentence starts, headings)
        def is_common(w):
            bare = w.rstrip(".")
            low = bare.lower()
            if low in ORG_MARKERS:
                return False
            if low in COMMON_CAPITALISED or low in self.extra_common:
                return True
            return low in common and bare not in names
        lo, hi = 0, len(parts)
        while lo < hi and (is_common(words[lo]) or words[lo].lower().rstrip(".") in TITLES
                           or words[lo].lower() in PARTICLES):
            lo += 1
        while hi > lo and (is_common(words[hi - 1]) and words[hi - 1].lower() not in ORG_MARKERS
                           or words[hi - 1].lower() in PARTICLES):
            hi -= 1
        if lo >= hi:
            return None
        core = words[lo:hi]
        if len(core) == 1 and (_is_initial(core[0]) or
                               (len(core[0]) < 2 and core[0] in "AIOEU")):
            return None     # a lone initial, or a one-letter word; "X" (anonymised) stays
        inflected = lang in INFLECTED_LANGS
        # (a paragraph's number before it is no sentence: "32 Poolte", "(14) Mõned")
        alone_first = len(core) == 1 and (
            parts[lo] == 0 or toks[parts[lo] - 1][0] in SENTENCE_END
            or not any(ch.isalpha() for ch in text[:toks[parts[lo]][1]]))
        given = given_names()
        known_name = any(w in names or compound_given(w, given) or (
            inflected and len(w) > 4 and _inflected_form(w, lang, stems, alone_first))
            for w in core)

        if all(w.isupper() and len(w) <= 1 for w in core):
            return None
        start = toks[parts[lo]][1]
        end = toks[parts[hi - 1]][2]
        if text[end - 1] == "." and not _is_initial(text[start:end].split()[-1]):
            end -= 1
        lowered = [w.lower().rstrip(".,") for w in words]
        prev = toks[parts[0] - 1][0].lower().rstrip(".") if parts[0] > 0 else ""
        title = prev in TITLES or any(w in TITLES for w in lowered[:lo])
        cat = None
        if any(w in ORG_MARKERS for w in lowered) or text[start:end] in gazetteers()["orgs"]:
            cat = "ORG"
            # extend to a following marker ("SiGer Technologie GmbH")
            start = toks[parts[0]][1] if lowered[0] not in TITLES else start
            end = toks[parts[-1]][2]
            if text[end - 1] == "." and lowered[-1] not in _ABBREVIATED_FORMS \
                    and "." not in lowered[-1]:
                end -= 1        # a sentence's full stop ("... of South Wales Police.")
        elif known_name and text[start:end] not in places and not any(
                w.lower() in LOC_MARKERS for w in core):
            cat = "PER"
        elif (text[start:end] in places or any(w in place_words for w in core)
              or any(w.lower() in LOC_MARKERS for w in core)
              or any(w.lower().endswith(LOC_SUFFIXES) for w in core)
              or any(w.startswith(s) for s in LOC_STEMS.get(lang, []) for w in core)):
            cat = "LOC"
        elif title or known_name or any(_is_initial(w) for w in core):
            cat = "PER"
        else:
            # No evidence but capitalisation: a guess (the name model weighs it; alone, the
            # rules mask it, as recall comes first).
            return Span(start, end, self.unknown_category, GUESS, text[start:end],
                        source="detector")
        return Span(start, end, cat, "heuristic", text[start:end], source="detector")
