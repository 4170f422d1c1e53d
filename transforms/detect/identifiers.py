"""Identifier recognisers, validated with python-stdnum, phonenumbers and ipaddress.

Each recogniser finds *candidates* with a loose pattern and reports only those that pass the
identifier's own validation (check digits, embedded dates, numbering plans).  A candidate that
fails validation is not reported as that type; the ``number`` recogniser still reports any run
of >= 6 digits not covered by a typed span as ``IDNUM``/``NUMBER`` (masking an unknown number
is the safe side).  Overlaps are resolved longest-first (``base.resolve_overlaps``).

Use ``detect(text, lang=..., country=...)``; add a type by writing one small ``@register``
class.
"""
from __future__ import annotations

import functools
import ipaddress
import re
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from transforms.detect.base import (LANG_COUNTRY, REGISTRY, Context, Recognizer, Span,
                                    register, resolve_overlaps)

_B = r"(?<![\w@.\-/])"       # left boundary: not inside a word, e-mail, URL or number
_E = r"(?![\w@\-]|[./]\w)"   # right boundary (a sentence-final "." is fine)


def _longest_valid(text: str, start: int, end: int, ok: Callable[[str], bool],
                   min_len: int) -> Optional[Tuple[int, int]]:
    """Trim a greedy candidate from the right to the longest prefix that validates (the
    pattern may have swallowed a following group).  Stops at separators only."""
    e = end
    while e - start >= min_len:
        cand = text[start:e]
        if cand[-1].isalnum() and ok(cand):
            if e == len(text) or not text[e].isalnum() or not text[e - 1].isalnum():
                return start, e
        e -= 1
    return None


def _safe(fn):
    def wrapped(value):
        try:
            return bool(fn(value))
        except Exception:
            return False
    return wrapped


@register
class IbanRecognizer(Recognizer):
    name = category = "IBAN"
    priority = 90
    pattern = re.compile(_B + r"[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}")

    def __init__(self):
        from stdnum import iban
        self.valid = _safe(iban.is_valid)

        def shaped(value: str) -> bool:
            # An IBAN with a wrong check (a typo, or a made-up example) is still an account
            # number in a country's IBAN shape: it goes out no more than a valid one.  Its
            # check digits recomputed, the number must pass every other rule (the country,
            # the length, the bank code's format).
            c = iban.compact(value)
            return iban.is_valid(c[:2] + iban.calc_check_digits(c) + c[4:])
        self.shaped = _safe(shaped)

    # what the pattern begins with, without its left boundary: a search for it alone skips
    # the pattern on most segments, which have no two capitals before two digits.  (Each
    # screen here begins with one character class, not a repeat or an assertion: ``re`` then
    # skips to where that character is at C speed, instead of trying the pattern everywhere.)
    country_and_check = re.compile(r"[A-Z][A-Z]\d\d")

    def find(self, text, ctx):
        out = []
        if not self.country_and_check.search(text):
            return out
        for m in self.pattern.finditer(text):
            hit = _longest_valid(text, m.start(), m.end(), self.valid, 15)
            if hit:
                out.append(Span(*hit, "IBAN", "IBAN", text[hit[0]:hit[1]]))
                continue
            # (only in its shape: a number, not a claim that it is an IBAN)
            hit = _longest_valid(text, m.start(), m.end(), self.shaped, 15)
            if hit:
                out.append(Span(*hit, "IDNUM", "NUMBER", text[hit[0]:hit[1]]))
        return out


@register
class CardRecognizer(Recognizer):
    """Payment cards: 13-19 digits, Luhn, issuer prefix 2-6 (Visa, MC, Amex, Discover...)."""
    name = category = "CARD"
    priority = 85
    # not the tail of a longer group sequence (a broken IBAN "LT51 4751 1500 ...")
    pattern = re.compile(_B + r"(?<![A-Z0-9] )[2-6]\d{2,3}(?:[ -]?\d){9,16}" + r"(?!\d)")

    def __init__(self):
        from stdnum import luhn
        self.luhn = _safe(luhn.is_valid)

    # issuer (IIN) prefixes and the lengths they issue: Luhn alone passes 1 random number in 10
    IIN = [(r"4", (13, 16, 19)), (r"5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)", (16,)),
           (r"3[47]", (15,)), (r"6(?:011|5|4[4-9])", (16, 17, 18, 19)),
           (r"35", (16, 17, 18, 19)), (r"3(?:0[0-5]|[689])", (14, 15, 16, 17, 18, 19)),
           (r"62", (16, 17, 18, 19)), (r"5[06-9]|6\d", (12, 13, 14, 15, 16, 17, 18, 19))]
    IIN_RE = [(re.compile(p), lengths) for p, lengths in IIN]

    def ok(self, cand):
        digits = re.sub(r"[ -]", "", cand)
        if not (13 <= len(digits) <= 19 and self.luhn(digits)):
            return False
        return any(p.match(digits) and len(digits) in lengths for p, lengths in self.IIN_RE)

    # the twelve digits the pattern needs at least, joined as it joins them: most segments
    # have none, and the pattern is not tried at each of their positions
    twelve_digits = re.compile(r"\d(?:[ -]?\d){11}")

    def find(self, text, ctx):
        out = []
        if not self.twelve_digits.search(text):
            return out
        for m in self.pattern.finditer(text):
            # no trimming: a prefix of a longer digit sequence passes Luhn 1 time in 10
            if self.ok(m.group()):
                out.append(Span(m.start(), m.end(), "CARD", "CARD", m.group()))
            elif self.printed.fullmatch(m.group()) and \
                    13 <= sum(ch.isdigit() for ch in m.group()) <= 19:
                # a card's number as cards print it, its check failing (a typo): a number
                # still, masked as one, not claimed as a card
                out.append(Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group()))
        return out

    # Groups of four digits, three to four of them and a last of one to four, 13 to 19 in
    # all, one space or one hyphen between: how cards print their number, and no amount
    # (whose groups are of three) or date is written so.
    printed = re.compile(r"\d{4}(?P<sep>[ -])\d{4}(?:(?P=sep)\d{4}){1,2}(?:(?P=sep)\d{1,4})?")


_VAT_PREFIX = ("AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|GB|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|"
               "SE|SI|SK|XI")


@register
class VatRecognizer(Recognizer):
    """EU VAT numbers, with their country prefix (stdnum.eu.vat)."""
    name = category = "VAT"
    priority = 80
    pattern = re.compile(_B + rf"(?:{_VAT_PREFIX})[ ]?[0-9A-Z](?:[ .\-]?[0-9A-Z+*]){{1,14}}")

    def __init__(self):
        from stdnum.eu import vat
        self.valid = _safe(vat.is_valid)

    # the pattern without its left boundary, up to its first character after the prefix:
    # without one (most segments) the pattern is not tried at each position
    country_and_first = re.compile(rf"(?:{_VAT_PREFIX})[ ]?[0-9A-Z]")

    def find(self, text, ctx):
        out = []
        if not self.country_and_first.search(text):
            return out
        for m in self.pattern.finditer(text):
            hit = _longest_valid(text, m.start(), m.end(), self.valid, 6)
            if hit:
                out.append(Span(*hit, "VAT", "VAT:" + text[hit[0]:hit[0] + 2],
                                text[hit[0]:hit[1]]))
        return out


def _dk_cpr(value: str) -> bool:
    from stdnum.dk import cpr
    digits = cpr.compact(value)
    # the legacy modulus-11 check: without it any 10 digits with a plausible date would pass
    return cpr.is_valid(digits) and cpr.checksum(digits) == 0


def _lv_personal(value: str) -> bool:
    from stdnum.lv import pvn
    digits = pvn.compact(value)
    return pvn.is_valid(digits) and digits[0] <= "3"


def _personal_codes():
    from stdnum.ee import ik
    from stdnum.es import dni, nie
    from stdnum.fi import hetu
    from stdnum.fr import nir
    from stdnum.gb import nhs
    from stdnum.it import codicefiscale
    from stdnum.lt import asmens
    from stdnum.nl import bsn
    from stdnum.pl import pesel
    from stdnum.se import personnummer
    from stdnum.de import idnr
    d11 = r"\d{11}"
    return [
        # country, pattern, validator
        ("LV", r"[0-3]\d{5}-?\d{5}", _lv_personal),
        ("LT", d11, asmens.is_valid),
        ("PL", d11, pesel.is_valid),
        ("EE", d11, ik.is_valid),
        ("FI", r"\d{6}[-+A-FU-Y]\d{3}[0-9A-Y]", hetu.is_valid),
        ("SE", r"(?:\d{2})?\d{6}[-+]?\d{4}", personnummer.is_valid),
        ("DK", r"\d{6}-?\d{4}", _dk_cpr),
        ("ES", r"\d{8}-?[A-Z]", dni.is_valid),
        ("ES", r"[XYZ]-?\d{7}-?[A-Z]", nie.is_valid),
        ("DE", r"[1-9]\d(?:[ ]?\d{3}){3}", idnr.is_valid),
        ("FR", r"[12][ ]?\d{2}[ ]?\d{2}[ ]?(?:\d{2}|2A|2B)[ ]?\d{3}[ ]?\d{3}[ ]?\d{2}", nir.is_valid),
        ("IT", r"[A-Z]{6}[0-9LMNP-V]{2}[A-EHLMPR-T][0-9LMNP-V]{2}[A-Z][0-9LMNP-V]{3}[A-Z]",
         codicefiscale.is_valid),
        ("NL", r"\d{4}\.?\d{2}\.?\d{3}", bsn.is_valid),
        ("GB", r"\d{3}[ -]?\d{3}[ -]?\d{4}", nhs.is_valid),
    ]


# Six digits in a row, or seven joined by single separators: what every personal code scheme
# but the Italian codice fiscale holds somewhere (LV 11 digits with an optional dash, FI six
# digits then a sign, ES NIE seven, DE and FR digit groups with single spaces, NL with dots).
# (Written to begin with one character class, as ``IbanRecognizer.country_and_check``.)
_DIGIT_RUN = re.compile(r"\d(?:\d{5}|(?:[ .\-+]?\d){6})")
_SIX_CAPITALS = re.compile(r"[A-Z][A-Z]{5}")


@register
class PersonalCodeRecognizer(Recognizer):
    """National personal codes.  Several 11-digit schemes can validate the same number; the
    document's country decides the subtype, else the first scheme in table order."""
    name = "PERSONAL_CODE"
    category = "IDNUM"
    priority = 70

    def __init__(self):
        self.schemes = [(c, re.compile(_B + f"(?:{p})" + r"(?![\w\-])"), _safe(v), c != "IT")
                        for c, p, v in _personal_codes()]

    def find(self, text, ctx):
        found: Dict[Tuple[int, int], List[str]] = {}
        # Every scheme but the Italian codice fiscale holds a long digit run: when the text
        # has none (most sentences), those thirteen scans are skipped.  The codice fiscale
        # begins with six capitals, which most sentences have nowhere either.
        has_run = _DIGIT_RUN.search(text) is not None
        has_caps = None
        for country, pat, valid, needs_run in self.schemes:
            if needs_run and not has_run:
                continue
            if not needs_run:
                if has_caps is None:
                    has_caps = _SIX_CAPITALS.search(text) is not None
                if not has_caps:
                    continue
            for m in pat.finditer(text):
                if valid(m.group()):
                    found.setdefault(m.span(), []).append(country)
        out = []
        for (s, e), countries in found.items():
            country = ctx.country if ctx.country in countries else countries[0]
            out.append(Span(s, e, "IDNUM", "PERSONAL_CODE:" + country, text[s:e]))
        return out


# A run of digits joined only by what phone numbers are written with (spaces, dashes, dots,
# slashes, brackets, tildes, a leading plus; phonenumbers' own punctuation set): letters end it.
_PHONE_JOINERS = (r"\s\-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/.()\uFF08\uFF09\[\]\uFF3B\uFF3D~"
                  r"\u2053\u223C\uFF5E\u00AD\u200B\u2060\u3000")
_PHONE_RUN = re.compile(r"[+\uFF0B]?[\d(\uFF08\[\uFF3B](?:[\d" + _PHONE_JOINERS + r"]*\d)?")


@functools.lru_cache(maxsize=None)
def _joined_digits(n: int) -> "re.Pattern":
    """``n`` digits joined only by ``_PHONE_JOINERS``: what a ``_PHONE_RUN`` of ``n`` digits
    or more holds, and what only such a run holds (a run ends at its last digit before
    anything else; each joiner is taken possessively, so no run is tried two ways)."""
    return re.compile(r"\d(?:[" + _PHONE_JOINERS + r"]*+\d){%d}" % max(0, n - 1))


@functools.lru_cache(maxsize=None)
def _min_phone_digits(region: Optional[str]) -> int:
    """The fewest digits a VALID match can have: a number of the document's region in its
    national form, or any region's number written internationally (country code included)."""
    import phonenumbers
    from phonenumbers import PhoneMetadata

    def shortest(md) -> int:
        lengths = [n for n in md.general_desc.possible_length if n > 0] if md else []
        return min(lengths) if lengths else 2

    intl = min(len(str(PhoneMetadata.metadata_for_region(r).country_code))
               + shortest(PhoneMetadata.metadata_for_region(r))
               for r in phonenumbers.SUPPORTED_REGIONS)
    own = PhoneMetadata.metadata_for_region(region) if region else None
    return min(intl, shortest(own)) if own else intl


def _may_hold_phone(text: str, region: Optional[str]) -> bool:
    """Cheap screen before PhoneNumberMatcher (a third of identifier detection's time on
    legal text): a valid number needs a run of at least that many digits."""
    # (``_PHONE_RUN``s with their digits counted one by one, found by one pattern)
    return _joined_digits(_min_phone_digits(region)).search(text) is not None


@functools.lru_cache(maxsize=None)
def _valid_matcher_class():
    """PhoneNumberMatcher that does not parse a candidate too short to be a VALID number.

    The matcher parses every digit run of the text it is given (``phonenumbers.parse`` and
    its inner-match retries: most of identifier detection's time on legal text, where years,
    article and case numbers are such runs).  A VALID match needs ``_min_phone_digits``
    digits, all of them in the candidate: its digits and letters (a vanity number's letters
    become digits; an extension's are stripped) bound those.  A candidate below that yields
    no match whatever the parse, and the matcher then moves on exactly as after a failed
    parse, so the matches are the same.  Only for ``Leniency.VALID``: a POSSIBLE match may
    be shorter."""
    from phonenumbers import PhoneNumberMatcher

    class _Matcher(PhoneNumberMatcher):
        need = 0
        # the same bound for the parts of a candidate the matcher parses when the whole
        # fails ("1169/2011", then "1169" and "2011" alone: most of its parses on legal text);
        # a failed part counts as a try as before (the caller counts the None)
        need_inner = 0

        def _extract_match(self, candidate, offset):
            # (most candidates, a year or an article's number, are shorter than that: not
            # counted character by character)
            if len(candidate) < self.need or \
                    sum(c.isdigit() or c.isalpha() for c in candidate) < self.need:
                return None
            return super()._extract_match(candidate, offset)

        def _parse_and_verify(self, candidate, offset):
            if len(candidate) < self.need_inner or \
                    sum(c.isdigit() or c.isalpha() for c in candidate) < self.need_inner:
                return None
            return super()._parse_and_verify(candidate, offset)
    return _Matcher


@functools.lru_cache(maxsize=None)
def _min_valid_digits(region: Optional[str]) -> int:
    """The fewest digits and letters a candidate parsed for a document of ``region`` has when
    PhoneNumberMatcher finds it VALID: ``_min_phone_digits`` counting also the regions that
    share the region's country code (a number parsed for CX may be valid for AU, whose numbers
    may be shorter), less the digits the region's national-prefix rule writes in ("12345" is
    "312345" in NF).  The same as ``_min_phone_digits`` for every region a language maps to
    (``LANG_COUNTRY``: none shares a shorter code or has such a rule); the bound the parts of
    a candidate are held to, which must never skip a part PhoneNumberMatcher would match.
    (A number written with its country code is parsed by the code's main region's rules,
    none of which brings it below the international bound.)"""
    import phonenumbers
    from phonenumbers import PhoneMetadata
    own = PhoneMetadata.metadata_for_region(region) if region else None
    if own is None:
        return _min_phone_digits(region)
    written_in = sum(c.isdigit() for c in re.sub(r"\\\d", "",
                                                 own.national_prefix_transform_rule or ""))
    return min([_min_phone_digits(region)] + [
        _min_phone_digits(r) for r in phonenumbers.region_codes_for_country_code(
            own.country_code) if PhoneMetadata.metadata_for_region(r)]) - written_in


@register
class PhoneRecognizer(Recognizer):
    """phonenumbers.PhoneNumberMatcher, region from the document's country/language."""
    name = category = "PHONE"
    priority = 40

    def find(self, text, ctx):
        import phonenumbers
        region = ctx.country or LANG_COUNTRY.get(ctx.lang, "") or None
        if not _may_hold_phone(text, region):
            return []
        out = []
        matcher = _valid_matcher_class()(text, region or "ZZ",
                                         leniency=phonenumbers.Leniency.VALID)
        matcher.need = _min_phone_digits(region)
        matcher.need_inner = _min_valid_digits(region)
        for match in matcher:
            if _tail_of_longer(text, match.start):
                continue
            s = _open_bracket_dropped(text, match.start, match.end)
            out.append(Span(s, match.end, "PHONE", "PHONE:" + (
                phonenumbers.region_code_for_number(match.number) or "?"), text[s:match.end]))
        out.extend(self._possible(text, region, out))
        return out

    def _possible(self, text, region, valid):
        """Numbers phonenumbers calls possible (right length for the country) but not valid
        ("+48 709 583 399": a range not in its metadata yet) -- for privacy a possible number
        is a number -- when written with an international prefix ("+", "00") or right after a
        phone word ("Tel.", "tālr.", "puh."): without either, years, amounts and article
        numbers would be "possible" numbers too."""
        import phonenumbers
        if not _may_be_intl_or_word(text) or not _intl_or_word(text):
            return []
        out = []
        # "00" is read as an international prefix only in a region that dials out with it
        matcher = phonenumbers.PhoneNumberMatcher(text, region or "DE",
                                                  leniency=phonenumbers.Leniency.POSSIBLE)
        for match in matcher:
            s, e = match.start, match.end
            if any(not (e <= v.start or s >= v.end) for v in valid) or _tail_of_longer(text, s):
                continue
            raw = match.raw_string
            lead = raw.lstrip("([\uFF08\uFF3B \u00A0")
            # "00" then a country code (which never starts with 0: "000733413" is no phone)
            intl = lead[:1] in "+\uFF0B" or (lead[:2] == "00" and lead[2:3] in "123456789")
            if not intl and not _PHONE_WORD_BEFORE.search(text, max(0, s - 40), s):
                continue
            if sum(c.isdigit() for c in raw) < 7:
                continue
            num = match.number
            # an invalid number has no region of its own: the country code's main one
            region_of = (phonenumbers.region_code_for_number(num)
                         or phonenumbers.region_code_for_country_code(num.country_code))
            s = _open_bracket_dropped(text, s, e)
            out.append(Span(s, e, "PHONE", "PHONE:" + (
                region_of if region_of and region_of != "ZZ" else "?"), text[s:e]))
        return out


def _open_bracket_dropped(text: str, s: int, e: int) -> int:
    """The matcher may start a number at the bracket that opens the parenthesis around it
    ("(+44 360095407)"): that bracket is not part of the number."""
    while s < e and text[s] in "([\uFF08\uFF3B" and not any(c in text[s:e] for c in ")]\uFF09\uFF3D"):
        s += 1
    return s


def _tail_of_longer(text: str, start: int) -> bool:
    """The tail of a longer digit sequence (a broken number whose last group happens to be a
    phone number) is not a phone number by itself."""
    before = text[max(0, start - 2):start]
    return before[-1:].isdigit() or (before[-1:] == " " and before[:1].isdigit())


# What makes a merely possible number a phone number: an international prefix, or a phone
# word (en, lv, lt, et, fi, pl, sv, da, de, fr, es, it, nl) just before it.
PHONE_WORDS = (r"tel|tél|tfn|tlf|puh|mob|gsm|fax|faks|phone|telephone|téléphone|teléfono|"
               r"telefono|telefon\w*|tālr\w*|tālruņ\w*|mobil\w*|mobiil\w*|puhelin\w*|"
               r"matkapuhelin\w*|numéro de téléphone|telefoonnummer")
_INTL_OR_WORD = re.compile(r"[+\uFF0B]\s?\d|(?<!\d)00\d|(?i:\b(?:" + PHONE_WORDS + r"))")
_PHONE_WORD_BEFORE = re.compile(r"(?i)\b(?:" + PHONE_WORDS + r")\b[^\d\n]{0,20}$")
# A piece of every phone word ("tél" of "numéro de téléphone"; tests check): a text holding
# none of them, no plus and no "00" has nothing _INTL_OR_WORD finds, and is not walked through
# by its two dozen words at every position.
_PHONE_WORD_PIECES = ("tel", "tél", "tfn", "tlf", "puh", "mob", "gsm", "fax", "faks", "phone",
                      "tālr")


def _may_be_intl_or_word(text: str) -> bool:
    """False only where ``_INTL_OR_WORD`` finds nothing."""
    return "+" in text or "\uFF0B" in text or "00" in text or \
        _holds_any(text, _PHONE_WORD_PIECES)


# ``_INTL_OR_WORD``'s three alternatives, each on its own (the "00" one led by its first zero,
# the digit before it looked at behind: a pattern led by a lookbehind is tried at every
# position, one led by a character is skipped to at C speed).
_PLUS_DIGIT = re.compile(r"[+\uFF0B]\s?\d")
_IDD_00 = re.compile(r"0(?<!\d0)0\d")
_PHONE_WORD = re.compile(r"(?i:\b(?:" + PHONE_WORDS + r"))")


def _intl_or_word(text: str) -> bool:
    """Whether ``_INTL_OR_WORD`` finds anything in ``text``: the pattern finds something
    where one of its alternatives does, and each alternative is looked for only in a text
    holding what it needs (a plus, "00", a piece of a phone word).  The whole pattern had been
    tried at every position of every text with "00" in it (years: "2000", "100 000"), a third
    of phone detection's time."""
    return bool(("+" in text or "\uFF0B" in text) and _PLUS_DIGIT.search(text)
                or "00" in text and _IDD_00.search(text)
                or _holds_any(text, _PHONE_WORD_PIECES) and _PHONE_WORD.search(text))


@register
class EmailRecognizer(Recognizer):
    name = category = "EMAIL"
    priority = 95
    pattern = re.compile(r"(?<![\w.+\-])[\w.+\-']+@(?:[^\W_](?:[\w\-]*[^\W_])?\.)+[^\W\d_]{2,24}\b")

    def find(self, text, ctx):
        if "@" not in text:
            return []            # the pattern tries a local part at every position
        return [Span(m.start(), m.end(), "EMAIL", "EMAIL", m.group())
                for m in self.pattern.finditer(text)
                if ".." not in m.group() and not m.group().startswith(".")]


@register
class HandleRecognizer(Recognizer):
    """A user's handle on a social network or a chat ("Follow @mjones_88", "cc @anna.k"): it
    names its owner as an e-mail address does, and went out as written.  An "@" with no word
    glued before it (not an e-mail address's), then a letter among letters, digits, "_" and
    inner dots; scrambled in its shape like any identifier."""
    name = "HANDLE"
    category = "IDNUM"
    priority = 50
    pattern = re.compile(r"(?<![\w@.+\-/])@(?=[\w.]*[^\W\d_])[^\W_](?:[\w.]{0,28}\w)?(?![\w@])"
                         r"|(?<![\w@.+\-/])@_\w{1,29}(?![\w@])")

    def find(self, text, ctx):
        if "@" not in text:
            return []
        return [Span(m.start(), m.end(), "IDNUM", "HANDLE", m.group())
                for m in self.pattern.finditer(text)]


# A host label (letters of any script, digits, inner hyphens -- a non-breaking one too).
_LABEL = r"[^\W_](?:[\w\-\u2010\u2011]*[^\W_])?"
# A host written without a scheme: labels, a last label of letters only, an optional port and
# path.  Not glued to a word, an e-mail address, a URL or a number on the left.
_BARE_HOST = re.compile(
    r"(?<![\w@.\-/\u2010\u2011])(?P<host>(?:" + _LABEL + r"\.)+(?P<tld>[^\W\d_]{2,63}))"
    r"(?P<rest>(?::\d{1,5})?(?:[/?#][^\s<>\"']*)?)(?![\w@\-\u2010\u2011])")
# What every bare host holds: a label's last character, its dot and the top-level domain's
# first letter.  Most segments have none ("e.g." aside, a full stop ends a sentence before a
# space), and _BARE_HOST, which tries a label at every position, is not run on them.  (Led
# by the dot, which ``re`` finds at C speed; the label's character is looked at behind it.)
_HOST_DOT = re.compile(r"\.(?<=[^\W_]\.)[^\W\d_]")
# Common file name extensions that are also top-level domains: "clip.mov" or "setup.py" alone
# in running text is a file, not a host (with a path or a subdomain it is a host).
_FILE_EXTENSION_TLDS = frozenset("zip mov py sh md rs ps so ml cc pm tf".split())


@register
class UrlRecognizer(Recognizer):
    """URLs with a scheme or "www.", and hosts without either ("curia.europa.eu/juris",
    "bookarchive.ws") whose last label is a real top-level domain (``tlds``).  Abbreviations
    ("e.g.", "m.in.", "Co.KG"), decimals and file names ("report.docx") are not hosts."""
    name = category = "URL"
    priority = 60
    # (not over Japanese running text glued to it: hiragana, CJK punctuation and full-width
    # forms end it — "https://www.jpc-sed.com/mpaをご参照ください。" took the whole sentence;
    # a path's kanji and katakana stay in, as an IRI writes them)
    _URL_CHAR = "[^\\s<>\"'\u3000-\u309f\uff00-\uffef]"
    pattern = re.compile(
        rf"(?i)(?<![\w@])(?:(?:https?|ftp)://{_URL_CHAR}+|www\.{_URL_CHAR}+)")

    def __init__(self):
        from transforms.detect.tlds import top_level_domains
        self.tlds = top_level_domains()

    def find(self, text, ctx):
        from urllib.parse import urlsplit
        out = []
        # (the pattern tries its schemes at every position; every match holds one of these)
        for m in (self.pattern.finditer(text) if "://" in text or _holds_any(text, ("www.",))
                  else ()):
            s, e = _trim_url(text, *m.span())
            url = text[s:e]
            host = urlsplit(url if "://" in url else "http://" + url).hostname or ""
            if "." in host:
                out.append(Span(s, e, "URL", "URL", url))
        if _HOST_DOT.search(text):
            for m in _BARE_HOST.finditer(text):
                if self.bare_host(m) and all(m.start() >= u.end or m.end() <= u.start
                                             for u in out):
                    s, e = _trim_url(text, *m.span())
                    out.append(Span(s, e, "URL", "URL", text[s:e]))
        return out

    def bare_host(self, m) -> bool:
        host, tld = m.group("host"), m.group("tld")
        if tld.lower() not in self.tlds:
            return False
        # "example.org" or "EXAMPLE.ORG"; a capitalised last label is a sentence glued to the
        # previous one ("the Court.It held"), or a company form ("Co.KG")
        if not (tld.islower() or host.isupper()):
            return False
        labels = host.split(".")[:-1]
        # abbreviations are runs of one-letter parts: "m.in.", "m.st.", "z.o.o."
        if all(len(x) < 2 for x in labels):
            return False
        if (len(labels) == 1 and not m.group("rest")
                and (tld.lower() in _FILE_EXTENSION_TLDS or labels[0].isdigit())):
            return False
        if (len(labels) == 1 and not m.group("rest")
                and (tld.lower() == "nr" and labels[0].isalpha() or tld.lower() == "no"
                     and labels[0].lower() in _NUMBER_ABBREVIATED)):
            return False        # "org.nr", "Momsreg.nr", "ref.no": a number's label
        return True


# What a number is of, abbreviated before ".no" ("tel.no", "ref.no"), Norway's domain
# otherwise; before ".nr" (Nauru's) any word is ("org.nr 556123-4567", "Momsreg.nr": "org.nr"
# went out as "uje.vu").
_NUMBER_ABBREVIATED = {"org", "reg", "pers", "tel", "tlf", "mob", "ref", "acc", "inv", "art",
                       "kto", "konto", "kund", "best", "lev", "fakt", "ordre", "order", "id",
                       "cpr", "cvr", "sag", "bil", "st", "lgh", "hus", "post", "fax", "ant"}


def _trim_url(text: str, s: int, e: int) -> Tuple[int, int]:
    """Drop trailing sentence punctuation (a closing bracket only when unbalanced)."""
    while e > s and text[e - 1] in ".,;:!?)]}'\"":
        if text[e - 1] == ")" and text[s:e].count("(") >= text[s:e].count(")"):
            break
        e -= 1
    return s, e


@register
class IpRecognizer(Recognizer):
    name = category = "IP"
    priority = 65
    v4 = re.compile(r"(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w]|\.\d)")
    v6 = re.compile(r"(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])")

    # what each needs: a digit, its dot and a digit; two colons with at most four hex digits
    # between them (v6 tries a group of up to four hex digits at every position: most
    # segments hold no two colons, and those that do, a heading's and a list's, hold words
    # between them)
    v4_needs = re.compile(r"\d\.\d")
    v6_needs = re.compile(r":[0-9A-Fa-f]{0,4}:")
    # A device's hardware (MAC) address, six hex pairs ("00:1A:2B:3C:4D:5E", "00-1a-2b-..."),
    # or three groups of four as Cisco writes it ("001a.2b3c.4d5e"): it identifies a
    # person's device as an IP address does (the IPv6 pattern read it and dropped it).
    mac_dots = re.compile(r"\.[0-9A-Fa-f]{4}\.")      # (led by the dot: found at C speed)
    mac = re.compile(r"(?<![\w:\-.])(?:[0-9A-Fa-f]{2}([:\-])[0-9A-Fa-f]{2}(?:\1[0-9A-Fa-f]{2}){4}|"
                     r"[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:\-]|\.\w)")

    def find(self, text, ctx):
        out = []
        for pat, sub in ((self.v4, "IPv4"), (self.v6, "IPv6")):
            if not (self.v4_needs.search(text) if sub == "IPv4" else
                    text.count(":") >= 2 and self.v6_needs.search(text)):
                continue
            for m in pat.finditer(text):
                try:
                    ipaddress.ip_address(m.group())
                except ValueError:
                    continue
                out.append(Span(m.start(), m.end(), "IP", sub, m.group()))
        if text.count(":") >= 5 or text.count("-") >= 5 or self.mac_dots.search(text):
            for m in self.mac.finditer(text):
                if any(c.isdigit() for c in m.group()) and not any(
                        o.start < m.end() and m.start() < o.end for o in out):
                    out.append(Span(m.start(), m.end(), "IP", "MAC", m.group()))
        return out


# Dashes joining the parts of a number: ASCII, Unicode hyphen and non-breaking hyphen, figure
# and en dash ("2217588‑0001" as typeset).
_DASH = "\\-\u2010\u2011\u2012\u2013"
# Words that introduce a number ("No", "no.", "Nr.", "nro", "n°", "núm.", "numurs", ...).
# Bare "no" is a preposition in lv ("no 1 000 EUR", from), es, it, pt: there only with a dot.
# (and the short names of the personal numbers that forms print in groups, whose check digit
# may be mistyped or made up: a possible number is a number — "NHS 485 777 3456")
_NUM_WORD = (r"(?:Application\s+)?(?:[Nn]\.?[º°]|[Nn]os?\.|[Nn]rs?\.?|[Nn]ro\.?|[Nn]úm\.?|"
             r"[Nn]um\.|[Nn]umbers?|[Nn]umurs|[Nn]umur[āa]|[Nn]umer(?:ze|u)?|[Nn]umero|"
             r"[Nn]uméro|[Nn]ummer|NHS|SSN|SIN|NINO|CPR|PESEL|BSN|HETU|UTR|TIN|ITIN{bare_no})")
# A number introduced by such a word may be written in spaced groups, of three digits as
# thousands ("No 18 198 833") or of any length as forms print account and policy numbers
# ("Policy number: 448 120 77", "Customer number 4471 2290"), after a letter code ("No. NF
# 448 120 77").  Without the word, spaced digits are an amount ("1 000 000") and stay.
_SPACE = "[ \u00A0\u202F]"
# (and a check letter after the groups, the last character of a British National
# Insurance number: "QQ 12 34 56 C", "... 56 D and" — not the words "A" and "I": "... 77 A
# new policy")
_GROUPED = (r"(?:[A-Z]{1,3}[" + _SPACE[1:-1] + r"\-]?)?\d{1,6}(?:" + _SPACE + r"\d{1,6})+"
            r"(?:" + _SPACE + r"(?:[B-HJ-Z]|[AI](?![ \u00A0\u202F]+[a-z]))(?![\w]))?")
_YEAR_RANGE = re.compile(r"(?:1[6-9]|20)\d\d[" + _DASH + r"](?:1[6-9]|20)\d\d")
# Two numbers of the same shape joined by a typographic (en or figure) dash: a range of pages,
# paragraphs or points ("174–178", "30.1–30.5").
_RANGE = re.compile(r"(\d+(?:\.\d+)*)[\u2012\u2013](\d+(?:\.\d+)*)")

# What a form or a letter calls a reference it gives someone: a booking, an order, a ticket,
# a customer's or a patient's number, in the languages served ("Booking reference: QX7P4L",
# "Order #A12-77F", "Your ref: JS/4471/AB", "Kundnummer: K20391X", "Localizador: 7XK2PQ").
# Such a code ties a document to one person as a name does; with letters among its digits
# neither the numbers above nor the typed recognisers take it.  The label's word begins
# one of these (any case); a case, an article or a regulation is no label (their numbers
# are public citations).
_CODE_LABELS = (
    "reference|ref|plate|booking|reservation|confirmation|pnr|ticket|order|invoice|customer|"
    "client|member|account|policy|claim|patient|passport|licen[cs]e|registration|"
    "tracking|transaction|voucher|username|user id|login|employee|staff|student|pupil|"
    "payroll|personnel|id|"
    # sv, da
    "referens|bokning|kund|faktura|medlem|kunde|ordre|billet|"
    # lv, lt, et, fi, pl, es
    "atsauce|rēķin|klient|pasūtījum|užsakym|sąskait|viite|tellimu|arve|klien|varau|tilau|"
    "lasku|asiakas|rezerwacj|zamówieni|faktur|referencia|localizador|reserva|pedido|factura|"
    "expediente|socio")
_CODE_STEMS = tuple(w for w in _CODE_LABELS.replace("licen[cs]e", "licen").split("|"))
_CODE_LABEL = re.compile(
    r"(?<![\w])(?:(?i:" + _CODE_LABELS + r")[^\W\d_]*\.?"
    # up to two more words of the label ("Your booking reference", "numer zamówienia"), then
    # a colon or a sign; or, with no colon, a word that says number ("Policy number HX4471")
    r"(?:[ \u00A0][^\W\d_]+\.?){0,2}?"
    r"(?:[ \u00A0]*[:#№=][ \u00A0]*|[ \u00A0](?i:no|nr|number|id|code|ref|reference|nummer|"
    r"numero|número|numer|numurs|numeris)\.?[ \u00A0]+"
    # or "is" in a sentence ("Your reference is SB-77120", "my booking number is QX7P4L")
    r"|[ \u00A0](?:is|was|är|var|er|ist|es|on)[ \u00A0]+)"
    # or a letter's reference word alone before it ("our ref. EV/2231/KM", "Reference AB12345"),
    # or a vehicle's plates ("(Portuguese plates 45-ZX-12)")
    r"|(?i:ref(?:erence|\.)?|plates?)[ \u00A0]+)"
    # the code: letters and digits (capitals mostly; "Student ID: s1234567"), a dash, slash
    # or dot between them, five characters or more
    r"(?P<code>[A-Za-z0-9](?:[A-Za-z0-9]|[\-/.](?=[A-Za-z0-9])){4,29})(?![\w\-/]|[.,]\d)")


# A court's own case number after its label, letters glued to its digits: an English family
# court's "Case No: BS24P00417", a county court's claim "Case number F12YX345" — a private
# case's number, which ties the document to its family as a name does.  (The EU courts' and
# the ECHR's public citations have a dash or a slash: "Case C-215/11", "no. 12345/06".)
_CASE_CODE = re.compile(r"(?<![\w])(?i:case)(?:[ \u00A0](?i:no|nr|number|ref)\.?)?"
                        r"[ \u00A0]*[:#]?[ \u00A0]*"
                        r"(?P<code>[A-Z]{1,3}\d{1,4}[A-Z]{1,3}\d{2,6}|[A-Z]{1,3}\d{6,10})"
                        r"(?![\w\-/]|[.,]\d)")


def _labelled_codes(text: str) -> List["re.Match"]:
    """``_CODE_LABEL``'s matches in ``text``, the pattern tried only at the words that begin
    with a label's stem (any case), as ``_act_cited`` tries its act names."""
    cases = list(_CASE_CODE.finditer(text)) if "ase" in text or "ASE" in text else []
    if any(c in text for c in _CASE_FIXES):
        return list(_CODE_LABEL.finditer(text)) + cases
    low = (text.replace("\u0130", "i") if "\u0130" in text else text).lower()
    starts = set()
    for stem in _CODE_STEMS:
        at = low.find(stem)
        while at >= 0:
            if at == 0 or not low[at - 1].isalnum() and low[at - 1] != "_":
                starts.add(at)
            at = low.find(stem, at + 1)
    return _matches_from(_CODE_LABEL, text, starts) + cases


def _labelled_code(code: str) -> bool:
    """A code after a label (``_CODE_LABEL``): a digit in it, and a capital too unless it is
    a number of five digits or more with no slash (a year or "No 12" is no reference, nor
    "nr 987/2009"); not a word in capitals ("SMITH" has no digit), not a date."""
    digits = sum(c.isdigit() for c in code)
    letters = sum(c.isalpha() for c in code)
    if digits == 0 or (letters == 0 and (digits < 5 or "/" in code)):
        return False            # (digits and a slash: an act's or a case's number, public)
    return not re.fullmatch(r"\d{1,4}[./\-]\d{1,2}[./\-]\d{1,4}", code)


def _is_range(value: str) -> bool:
    """A typographic range of numbers -- but not of years ("2007–2013" is a period, masked
    as before)."""
    m = _RANGE.fullmatch(value)
    if not m or _YEAR_RANGE.fullmatch(value):
        return False
    a, b = ([int(x) for x in g.split(".")] for g in m.groups())
    return len(a) == len(b) and a < b


# The bracketed name of the EU legal order that heads the number of a legal act in every
# official language: "Regulation (EU) 2019/217", "Regulas (EK) Nr. 1896/2006", "förordning
# (EG) nr 207/2009", "asetus (EY) N:o 1234/2007", "(UE, Euratom) 2018/1046".
_LEGAL_ORDER = (
    r"\((?:EU|EC|EEC|ES|EK|EEK|EB|EEB|EL|EÜ|EMÜ|EY|ETY|UE|WE|EWG|EG|EEG|EF|EØF|CE|CEE|EOK|"
    r"EWWiS|EKSB|ESAO|EHTY|EKAT|EKSF|EGKS|ECSC|Euratom)(?:,\s*Euratom)?\)")
_ACT_NO = r"(?:(?:No|Nr|nr|Nro|nro|N:o|n:o|n[or]?|núm)\.?\s*)?"
_EU_ACT = re.compile(_LEGAL_ORDER + r"\s*" + _ACT_NO + "$")
_ACT_NUMBER = re.compile(r"\d{1,4}/\d{2,4}")
# ... or a legal act's own name, inflected: "Regulation No 1408/71", "Decision 2019/217",
# "Regulas Nr. 987/2009", "förordning nr 883/2004", "rozporządzenia nr 1896/2006".
_ACT_WORDS = (
    r"(?:regulation|directive|decision|regula|direktīv|lēmum|reglament|direktyv|sprendim|"
    r"määrus|direktiiv|otsus|asetu|direktiivi|päätö|rozporządzen|dyrektyw|decyzj|förordning|"
    r"direktiv|beslut|forordning|afgørelse|reglamento|directiva|decisión)")
_ACT_WORD = re.compile(_ACT_WORDS + r"\w*\s*" + _ACT_NO + "$", re.IGNORECASE)
# The same, read forwards, for the number's place: "(EU) No 1169/2011", "Regulas (EK) Nr.
# 987/2009", "asetuksen N:o 1169/2011".
# The act's name may close a compound ("tillämpningsförordningen 987/2009"), and what stands
# in brackets after it may be a legal order already replaced by a pseudonym ("Förordning (QG)
# nr 987/2009"): the leak guard reads the text as sent and must see the same citation.
_ACT_CITED = re.compile(r"(?:(?<![\w])[^\W\d_]*(?i:" + _ACT_WORDS + r")\w*\s*"
                        r"(?:\([^()]{0,16}\)\s*)?|" + _LEGAL_ORDER + r"\s*)" + _ACT_NO +
                        r"(\d{1,4}/\d{2,4})(?!\d|/\d)")


def _eu_act_number(text: str, start: int, value: str) -> bool:
    """A number/year right after the EU's bracketed name: the public number of a legal act
    (legislation is no personal data, and masking every citation of it corrupts the text)."""
    if not _ACT_NUMBER.fullmatch(value):
        return False
    return bool(_EU_ACT.search(text, max(0, start - 40), start)
                or _ACT_WORD.search(text, max(0, start - 40), start))


# The European Case Law Identifier (Council conclusions 2011/C 127/01): "ECLI:EU:C:2018:784",
# cited without its prefix as "EU:C:2018:784" — country (or EU), court code of up to seven
# characters, year, ordinal of up to 25 characters (letters, digits, dots).
_ECLI = re.compile(r"(?<![\w:])(?:ECLI:)?(?:[A-Z]{2}|EU):[A-Z0-9]{1,7}:(?:1[89]|20)\d\d:"
                   r"[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*(?![\w:])")
# The bracketed name of the EU legal order before an act's number: "Regulation (EU)
# 2019/217", "forordning (EF) nr. 1169/2011", "(UE, Euratom) 2018/1046".
_EU_ORDER = re.compile(_LEGAL_ORDER + r"(?=\s*" + _ACT_NO + r"\d{1,4}/\d{2,4}(?!\d))")
# ... or after it, in the older numbering: "Directive 2001/18/EC", "2002/584/JHA",
# "2002/584/YOS", "2004/38/EB" (an abbreviation in capitals; a word in lower case ends no act
# number, so no name hides here).
_ACT_WITH_ORDER = re.compile(r"(?<![\w/])\d{2,4}/\d{1,4}/([A-ZÄÖÜØÅ][A-Za-zÄÖÜØÅ]{0,4}"
                             r"[A-ZÄÖÜØÅ])(?:\s*,\s*Euratom)?(?![\w/])")

# The abbreviated name of a law cited with an article or section: "Article 267 TFEU",
# "artikel 267 TEUF", "LESD 267. pantam", "ELTL artikli 267", "§ 16 ASVG", "ASVG’s artikel
# 228".  (MultiLeg's gold labels none of 810 such abbreviations: a law is no party.)  An
# abbreviation here begins and ends with a capital, so no name in lower case hides as one.
_ARTICLE = (r"(?:[Aa]rticles?|[Aa]rts?\.|[Aa]rtik\w*|[Aa]rtyku\w*|pant(?:s|a|ā|am|i|u|os)\b|"
            r"straipsn\w*|[Ss]ections?|§§?)")
_LAW = r"([A-ZÄÖÜØÅ][A-Za-zÄÖÜØÅ]{0,6}[A-ZÄÖÜØÅ])"
_CITED_NUMBER = r"\d+[a-z]?(?:\.\d+|\(\d+\))*\.?(?:(?:\s*(?:,|and|og|och|ja|un|ir|i|oraz|und)\s*)\d+[a-z]?\.?)*"
# every pattern of _LAW_CITED has an article word; a text without one (most) is not walked
# through three times
_ARTICLE_WORD = re.compile(_ARTICLE)
_LAW_CITED = [re.compile(r"(?<![\w])" + rx + r"(?![\w])") for rx in (
    _ARTICLE + r"\s*" + _CITED_NUMBER + r"\s+(?:of\s+the\s+|of\s+)?" + _LAW,   # Article 267 TFEU
    _LAW + r"(?:’s|'s|:n|:s)?\s+" + _CITED_NUMBER + r"\s*" + _ARTICLE,          # LESD 267. pantam
    _LAW + r"(?:’s|'s|:n|:s)?\s+" + _ARTICLE + r"\s*\d+")]                       # ELTL artikli 267


_NUMBERED = re.compile(r"\d/\d")     # every act number has one ("987/2009", "2001/18/EC")


# Where an act's name may begin a citation (``_ACT_CITED``), found without the pattern: it
# tries its letters and two dozen act names at every word of the text, a tenth of the job's
# detection time and most of the leak guard's, which reads every pseudonymised payload anew.
_ACT_NAMES = _ACT_WORDS[len("(?:"):-1].split("|")
_LETTER = re.compile(r"[^\W\d_]")
# The characters that re.IGNORECASE matches to a letter but that do not lower-case to it ("ſ"
# is "s", "ı" is "i"; tests check the list against the act names, the phone words and "www"):
# a text holding one is read by the pattern itself.
_CASE_FIXES = ("\u0131", "\u017f")


def _holds_any(text: str, pieces: Sequence[str]) -> bool:
    """Whether ``text`` holds one of ``pieces`` (in lower case) in any case, as
    re.IGNORECASE reads it; True as well where it holds one of ``_CASE_FIXES`` (the caller's
    pattern then reads it)."""
    if any(c in text for c in _CASE_FIXES):
        return True
    low = (text.replace("\u0130", "i") if "\u0130" in text else text).lower()
    return any(p in low for p in pieces)


def _act_cited(text: str) -> List["re.Match"]:
    """``list(_ACT_CITED.finditer(text))``, the pattern tried only where a match can begin:
    at the start of a word holding an act's name (any case), and at a bracket (the legal
    order's name).  Tried there in text order, past the end of the last match, as
    ``finditer`` tries every position."""
    if any(c in text for c in _CASE_FIXES):
        return list(_ACT_CITED.finditer(text))
    low = (text.replace("\u0130", "i") if "\u0130" in text else text).lower()  # (same length)
    starts = set()
    for name in _ACT_NAMES:
        at = low.find(name)
        while at >= 0:
            p = at                 # the match would begin where the name's word does
            while p > 0 and _LETTER.match(text, p - 1):
                p -= 1
            starts.add(p)
            at = low.find(name, at + 1)
    at = text.find("(")
    while at >= 0:
        starts.add(at)
        at = text.find("(", at + 1)
    return _matches_from(_ACT_CITED, text, starts)


def _matches_from(pattern: "re.Pattern", text: str, starts) -> List["re.Match"]:
    """``pattern``'s matches in ``text`` tried only at ``starts`` (where one can begin), in
    text order and past the end of the last match, as ``finditer`` tries every position."""
    out: List["re.Match"] = []
    end = 0
    for p in sorted(starts):
        if p >= end:
            m = pattern.match(text, p)
            if m is not None:
                out.append(m)
                end = m.end()
    return out


# A judgment's neutral citation or a law report's, as the courts of England and Wales,
# Scotland, Northern Ireland and Ireland write them ("[2019] EWCA Civ 1150", "[2024] EWHC
# 1187 (KB)", "[2022] UKSC 21", "[2020] 1 WLR 123"): public, the same in every document; the
# court's code went out as a stand-in ("[2019] JASMINA Agidi 1150").
_NEUTRAL_CITATION = re.compile(
    r"\[(?:1[89]|20)\d{2}\][ \u00A0]+(?:(?:UKSC|UKPC|UKHL|EWCA[ \u00A0]+(?:Civ|Crim)|EWHC|"
    r"UKUT|UKFTT|UKEAT|UKIPTrib|EWFC|EWCOP|EWCC|CSIH|CSOH|HCJAC|NICA|NIQB|NICh|IEHC|IESC|"
    r"IECA)[ \u00A0]+\d+(?:[ \u00A0]+\((?:Ch|KB|QB|Fam|Admin|Comm|TCC|IPEC|Pat|Costs|"
    r"Admlty|SCCO|AAC|IAC|LC|TC|GRC)\))?|(?:\d{1,2}[ \u00A0]+)?(?:WLR|AC|QB|KB|Ch|Fam|"
    r"All[ \u00A0]+ER|ICR|IRLR|Lloyd's[ \u00A0]+Rep|Cr[ \u00A0]+App[ \u00A0]+R|EMLR|FSR|"
    r"RPC|BCLC|HLR|P[ \u00A0]*&[ \u00A0]*CR|Med[ \u00A0]+LR|PIQR)[ \u00A0]+\d+)")


@functools.lru_cache(maxsize=4096)
def _citations(text: str, phrases: bool = False) -> Tuple[Tuple[int, int], ...]:
    """``public_citations`` (``phrases``: ``citation_phrases``) of ``text``, kept per text:
    detection and the leak guard read the same segments, and an evaluation sends most of
    them in every method."""
    if not any(c in text for c in ":(/["):
        return ()
    ecli = [m.span() for m in _ECLI.finditer(text)] if ":" in text else []
    if "[" in text:
        ecli += [m.span() for m in _NEUTRAL_CITATION.finditer(text)]
    # The act patterns try a word at every position; a text with no number/year has none
    # of them to find (most segments), and is not walked through three times.
    if not _NUMBERED.search(text):
        return tuple(ecli)
    return tuple(ecli +
                 [m.span() for m in _EU_ORDER.finditer(text)] +
                 [m.span() for m in _ACT_WITH_ORDER.finditer(text)] +
                 [m.span(0 if phrases else 1) for m in _act_cited(text)])


def citation_phrases(text: str) -> List[Tuple[int, int]]:
    """``public_citations`` with the words that make them citations: "Regulation No
    987/2009" whole, not its number alone.  Changing those words ("Criminal No 987/2009")
    turns a public citation into a bare number (``transforms.prism``)."""
    return list(_citations(text, phrases=True))


def public_citations(text: str) -> List[Tuple[int, int]]:
    """Where ``text`` cites case law or legislation by its public identifier: an ECLI, an
    act's number (after the act's name or its legal order) and the legal order's name in
    brackets before it or after it.  These are no personal data, the
    same in every document, and a name masked inside one ("Parkin Ltd:C:2018:784") leaves
    the translator a broken citation: no detector's name is taken inside them, and the leak
    guard does not read them (what a person labelled there is masked all the same)."""
    return list(_citations(text))


def laws_cited(text: str) -> List[Tuple[int, int]]:
    """A law's abbreviation cited with an article ("Article 267 TFEU", "LESD 267. pantam").
    Looser than ``public_citations`` ("Section 5 ACME shall pay" reads the same), so it only
    keeps a detector from taking the abbreviation there: a name found elsewhere in the
    document still spreads onto it, and the leak guard still reads it."""
    if not re.search(r"\d", text) or not _ARTICLE_WORD.search(text):
        return []
    return [m.span(1) for rx in _LAW_CITED for m in rx.finditer(text)]


@register
class NumberRecognizer(Recognizer):
    """Fallback: a run of >= 6 digits (joined only by dashes, / and .) that no typed
    recogniser claimed: reported as IDNUM/NUMBER, with a short letter prefix ("C-123/4567",
    "KC11 080 242").  Runs separated by spaces are left alone so that amounts like
    "1 000 000" stay translatable -- unless a number word introduces them ("No 18 198 833",
    "nr. 2 470 326"): then the whole spaced number is one span (without the word).  A range
    of pages or paragraphs with an en dash ("174–178") is no identifier."""
    name = "NUMBER"
    category = "IDNUM"
    priority = 1
    pattern = re.compile(r"(?<![\w])(?:[A-Z]{1,3}[" + _DASH + r"])?[A-Z]{0,3}\d(?:[" + _DASH
                         + r"/.]?\d)+(?:[\-/]?[A-Z])?(?![\w])")
    # letters glued to digits, then spaced three-digit groups: a part or file number
    coded = re.compile(r"(?<![\w])[A-Z]{1,4}\d{1,4}(?:" + _SPACE + r"\d{3})+(?![\w]|[.,]\d)")
    # a British National Insurance number as HMRC prints it, in pairs ("QQ 12 34 56 C"), with
    # no word before it (written whole, "QQ123456C", ``pattern`` has it)
    insurance = re.compile(r"(?<![\w])[A-Z]{2}(?:" + _SPACE + r"?\d\d){3}" + _SPACE
                           + r"?[A-D](?![\w])")
    # (or a document's series letters and its number, "dowodem osobistym nr ABC 123456": the
    # letters are the number's, as much as its digits)
    prefixed = {bare: re.compile(r"(?<![\w])" + _NUM_WORD.format(bare_no="|Nos?|nos?" if bare else "")
                                 # (and "is" after an acronym: "Her UTR is 12345 67890";
                                 # not "the number is 3 000 000")
                                 + r"(?:(?<=[A-Z]{3})\s+is)?\s*:?\s*(?P<num>" + _GROUPED
                                 + r"|[A-Z]{2,3}" + _SPACE
                                 + r"\d{6,9})(?![\w]|[.,]\d)")
                for bare in (True, False)}

    # every digit of a ``pattern`` match is in its run of digits joined by single dashes,
    # slashes or dots, so a match of six digits holds six such: without them (most segments)
    # the pattern, which tries its capitals at every position, finds nothing to keep
    six_digits = re.compile(r"\d(?:[" + _DASH + r"/.]?\d){5}")
    # what a ``coded`` and a ``prefixed`` match both hold: a digit, a space, a digit.  A space
    # and digits alone are in most segments ("of 2012"), and the two patterns, which try a
    # word at every position, ran on them
    spaced_group = re.compile(r"\d" + _SPACE + r"\d")
    series = re.compile(r"[A-Z]" + _SPACE + r"\d{6}")
    # A British police officer's collar (shoulder) number after the rank: "PC 4471 Jones",
    # "DC 2231", "Sgt 1042" — it names the officer as the surname does.  Three digits or
    # more ("PS 5" is a games console).
    # So is a civil enforcement officer's after "CEO" (a parking penalty notice's "CEO 2214"),
    # which no year is ("CEO 2020 report").
    collar = re.compile(r"(?<![\w])(?:PC|WPC|PCSO|DC|PS|DS|Sgt\.?|Insp\.?|"
                        r"CEO(?![ \u00A0]?(?:19|20)\d\d\b)|"
                        r"(?i:collar|shoulder|warrant|badge)(?:[ \u00A0](?i:number|no\.?))?)"
                        r"[ \u00A0]?(?P<code>\d{3,6})(?![\w]|[.,]\d)")
    # (what every rank or word before a collar number holds, looked for as plain text first)
    collar_words = ("PC", "DC", "PS", "DS", "Sgt", "Insp", "CEO", "ollar", "houlder", "arrant",
                    "adge")
    collar_hint = re.compile(r"(?:PC|DC|PS|DS|Sgt|Insp|SO|CEO|(?i:collar|shoulder|warrant|badge))"
                             r"(?:[ \u00A0](?i:number|no\.?))?\.?[ \u00A0]?\d")
    # An officer's service number after its label in the other languages: a Spanish police
    # report's "agente con número de identificación profesional 84521" (the "TIP"), the
    # Nordic "tjänstenummer", the Polish "numer służbowy" — it names the officer.  (The
    # labels' words, looked for as plain text first.)
    service_words = ("profesional", "tip", "placa", "tjänstenummer", "tjenestenummer",
                     "służbow")
    service = re.compile(r"(?<![\w])(?:T\.?I\.?P\.?|(?i:identificaci[oó]n[ \u00A0]+profesional|"
                         r"placa[ \u00A0]+(?:n[ºo°]\.?|número)|tj[äe]nstenummer|"
                         r"(?:numer|nr\.?)[ \u00A0]+służbowy))"
                         r"(?:[ \u00A0]*(?:n[ºo°]\.?|núm\.?|número|nr\.?))?[ \u00A0]*:?[ \u00A0]*"
                         r"(?P<code>\d{3,7})(?![\w]|[.,]\d)")
    # A vehicle's registration after its label, as the other countries write it: the
    # Swedish "ABC 123" and "ABC 12A", the Danish "AB 12 345", the Polish "WA 12345", the
    # Finnish "ABC-123", the Latvian "AB-1234", the Estonian "123 ABC", the Spanish
    # "1234 BCD" (a Swedish police report's "registreringsnummer ABC 123" went out as
    # written).  Letters and digits both, one or two spaces or hyphens between their groups.
    plate_words = ("regist", "reg.nr", "regnr", "plate", "nummerplade", "rekisteri",
                   "rejestracyj", "reģistrācijas", "valstybinis", "matrícula", "matricula")
    plate = re.compile(
        r"(?<![\w])(?i:registreringsnummer|registreringsnr\.?|reg\.[ \u00A0]?nr\.?|regnr\.?|"
        r"registration(?:[ \u00A0](?:number|mark|no\.?))?|(?:number[ \u00A0])?plates?|"
        r"nummerplade|rekisterinumero|rekisteritunnus|numer(?:y)?[ \u00A0]rejestracyjn[ey]|"
        r"nr[ \u00A0]rejestracyjny|reģistrācijas[ \u00A0]numur[su]|valstybinis[ \u00A0]numeris|"
        r"registreerimisnumber|registreerimismärk|matr[ií]cula)"
        r"[ \u00A0]*:?[ \u00A0]*"
        r"(?P<code>(?=[A-Z0-9 \u00A0\-]*[A-Z])(?=[A-Z0-9 \u00A0\-]*\d)"
        r"[A-Z0-9]{1,4}(?:[ \u00A0\-][A-Z0-9]{1,5}){1,2})(?![\w\-]|[.,]\d)")
    # A British vehicle's registration mark as issued since 2001 ("AB12 CDE", "KX19YTR"): it
    # names the car's keeper.  (Two letters, the age's two digits, three letters: no word or
    # other code of English text has that shape.)
    uk_plate = re.compile(r"(?<![\w\-/])[A-Z]{2}\d{2}[ \u00A0]?[A-Z]{3}(?![\w\-/])")
    # what every labelled code holds: a capital and a digit side by side, or five digits
    # ("QX7P4L", "JS/4471", "58812"), in two patterns that each open with one class (as one
    # alternation they took twice as long); only then are the labels' words looked for
    code_hints = (re.compile(r"[A-Za-z][\-/.]?\d"), re.compile(r"\d(?:[\-/.]?[A-Za-z]|\d{4})"))

    # Personal codes whose letters sit among their digits, in their issuers' shapes, valid
    # or not (a typo's check fails; the code is the person's still): an Italian codice
    # fiscale ("RSSMRA85T10A562S"), a Finnish henkilötunnus with its century letter
    # ("900515A636S"), a British driving licence's number (the surname's first five letters,
    # the birth date's digits, the initials, a digit, two check letters, and the licence's
    # issue number perhaps: "(MORGA753116SM9IJ 35)" went out with the surname in it).  The
    # typed recogniser claims the valid ones.
    lettered_codes = re.compile(r"(?<![\w\-])(?:[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z]|"
                                r"\d{6}[A-FU-Y]\d{3}[0-9A-Y]|"
                                r"[A-Z][A-Z9]{4}\d{6}[A-Z9]{2}\d[A-Z]{2}(?:[ \u00A0]\d{2})?)"
                                r"(?![\w\-])")

    # A bank account's number after the word for it, as banks print it: in groups, with a
    # check digit after a dash, perhaps after a clearing or a branch number and a comma
    # ("konto 8327-9, 123 456 789-0", "Account no. 4471 2290 18", "tilinumero 123456-785").
    # (The word's stems, looked for as plain text first.)
    account_stems = ("account", "acct", "a/c", "konto", "bankgiro", "plusgiro", "tili",
                     "rachun", "konta", "konts", "sąskait", "arveldusarve", "cuenta")
    # (A Nordic account is a compound's last part, "Bankkonto", "Lønkonto"; the bank may be
    # named between the word and the number, and the clearing number's comma may have no
    # space after it: an estate inventory's "Bankkonto i Swedbank, 8214-9,123 456 789-0"
    # went out whole.)
    account = re.compile(
        r"(?<![\w])(?i:account(?:[ \u00A0](?:no\.?|number|nr\.?))?|acct\.?|a/c|"
        r"[^\W\d_]*konto(?:t|en|et|nummer|nr\.?)?|[^\W\d_]*kontonr\.?|bankgiro|plusgiro|"
        r"tili(?:numero|nro\.?)?|rachun(?:ek|ku)|"
        r"nr[ \u00A0]konta|konts|konta[ \u00A0]numurs|sąskait\w*(?:[ \u00A0]nr\.?)?|"
        r"arveldusarve|cuenta|número[ \u00A0]de[ \u00A0]cuenta)"
        r"(?:[ \u00A0](?:i|hos|at|with|in|w|pie|en)[ \u00A0](?-i:[A-ZÅÄÖÆØ][\w&\-]*)"
        r"(?:[ \u00A0](?-i:[A-ZÅÄÖÆØ][\w&\-]*)){0,2},?)?[ \u00A0]*:?[ \u00A0]*"
        r"(?P<num>\d[\d\-]*(?:[ \u00A0]\d[\d\-]*)*(?:,[ \u00A0]*\d[\d\-]*(?:[ \u00A0]\d[\d\-]*)*)?)"
        r"(?<!-)(?![\w]|[.,]\d)")

    def _accounts(self, text: str) -> List[Span]:
        """(asked only where six digits are, in a run or in groups)"""
        low = text.lower()
        if not any(w in low for w in self.account_stems):
            return []
        out = []
        for m in self.account.finditer(text):
            num = m.group("num")
            head, _, tail = num.partition(",")
            # (a clearing number alone is a bank's branch: the account's digits follow it)
            if tail and sum(ch.isdigit() for ch in tail) < 6:
                num = head
            if sum(ch.isdigit() for ch in num) >= 6:
                s = m.start("num")
                out.append(Span(s, s + len(num), "IDNUM", "NUMBER", num))
        return out

    def find(self, text, ctx):
        six = self.six_digits.search(text)
        spaced = self.spaced_group.search(text)
        out = [Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group())
               for m in (self.pattern.finditer(text) if six else ())
               if sum(ch.isdigit() for ch in m.group()) >= 6
               and not _is_range(m.group()) and not _eu_act_number(text, m.start(), m.group())]
        english = ctx.lang in ("en", "")
        if english and any(k in text for k in self.collar_words) and \
                self.collar_hint.search(text):
            out += [Span(m.start("code"), m.end("code"), "IDNUM", "NUMBER", m.group("code"))
                    for m in self.collar.finditer(text)]
        low = text.lower()
        if any(k in low for k in self.plate_words):
            out += [Span(m.start("code"), m.end("code"), "IDNUM", "NUMBER", m.group("code"))
                    for m in self.plate.finditer(text)]
        if not english and any(k in low for k in self.service_words):
            out += [Span(m.start("code"), m.end("code"), "IDNUM", "NUMBER", m.group("code"))
                    for m in self.service.finditer(text)]
        glued = self.code_hints[0].search(text)      # a letter glued to a digit
        if english and glued:
            out += [Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group())
                    for m in self.uk_plate.finditer(text)]
        if glued or self.code_hints[1].search(text):
            out += [Span(m.start("code"), m.end("code"), "IDNUM", "NUMBER", m.group("code"))
                    for m in _labelled_codes(text) if _labelled_code(m.group("code"))]
        if six or spaced:
            out += self._accounts(text)
        if glued:
            out += [Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group())
                    for m in self.lettered_codes.finditer(text)]
        if not spaced and not self.series.search(text):
            return resolve_overlaps(out, {}) if out else out
        bare = ctx.lang not in ("lv", "es", "it", "pt")
        for m in self.coded.finditer(text):
            if sum(ch.isdigit() for ch in m.group()) >= 6:
                out.append(Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group()))
        out += [Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group())
                for m in self.insurance.finditer(text)]
        for m in self.prefixed[bare].finditer(text):
            s, e = m.span("num")
            if sum(ch.isdigit() for ch in m.group("num")) >= 6:
                out.append(Span(s, e, "IDNUM", "NUMBER", text[s:e]))
        for m in self.grouped.finditer(text):
            groups = m.group().split()
            if not self.thousands.fullmatch(m.group()) and 9 <= sum(map(len, groups)) <= 20 \
                    and not all(self.year.fullmatch(g) for g in groups):
                out.append(Span(m.start(), m.end(), "IDNUM", "NUMBER", m.group()))
        return resolve_overlaps(out, {})

    # Digits in three groups or more, one space between, grouped as no amount is: an
    # identity number as its issuer prints it ("0 86 12 58 395 595 56", a French NIR; "500
    # 712 2284", an NHS number), valid or not (a typo's check fails, and the number is the
    # person's still).  An amount groups its digits by three ("1 000 000", "84 603 289 765"
    # stays); nor is a run of years one ("2019 2020 2021").
    grouped = re.compile(r"(?<![\w.,/\-])\d{1,6}(?:" + _SPACE + r"\d{1,6}){2,}(?![\w\-/]|[.,]\d)")
    thousands = re.compile(r"\d{1,3}(?:" + _SPACE + r"\d{3})+")
    year = re.compile(r"(?:1[89]|20)\d\d")


# -- postal addresses ---------------------------------------------------------------------
# A postcode identifies a street or a few houses (a UK unit postcode covers 15 on average):
# with a house number or a name it is an address.  The shapes countries write, as their
# posts define them; the distinctive ones (United Kingdom, Canada, Poland, a ZIP code after a
# state's code, a country's letters before the number) are taken wherever they stand, the
# bare numbers of four or five digits only in an address's place (``_bare_postcode_here``:
# after a street and a comma, "Kerkstraat 12, 1017 GC Amsterdam"; opening a line under a
# street's line or before a known town, "10115 Berlin"), never a count ("50000 Menschen")
# or a year ("2019 Annual Report").
# (CAPITAL, TOWN, US_STATES: the name detector's too, for the towns and streets beside)
CAPITAL = "A-ZÀ-ÖØ-Þ" + "".join(chr(c) for c in range(0x100, 0x17F) if chr(c).isupper())
TOWN = rf"[{CAPITAL}][^\W\d_]+(?:[\-‑'’][^\W\d_]+)*"
_TOWN_AFTER = rf"(?=[ \u00A0]{TOWN})"
US_STATES = ("AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO "
              "MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR "
              "GU VI AS MP").split()
# The countries' letters written before a postcode ("LV-1050", "D-10115")
_POSTCODE_PREFIXES = ("LV|LT|EE|EST|D|DE|F|FR|A|AT|CH|B|BE|L|LU|I|IT|E|ES|P|PT|NL|S|SE|DK|FI|FIN|N|"
                      "NO|PL|CZ|SK|H|HU|HR|SI|SLO|IE|GR|RO|BG")
_POSTCODES = [
    # (subtype, pattern with the postcode as group "code", bare: needs an address's place)
    # (the Royal Mail's letters, loosened: generated and mistyped codes are written so too)
    ("GB", r"(?<![\w\-/])(?P<code>(?:GIR ?0AA|[A-Z]{1,2}\d[\dA-Z]?[ \u00A0]?\d[A-Z]{2}))"
           r"(?![\w\-/])", False),
    ("CA", r"(?<![\w\-/])(?P<code>[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ \u00A0]?\d"
           r"[ABCEGHJ-NPRSTV-Z]\d)(?![\w\-/])", False),
    # (Ireland's Eircode: a routing key and a unique identifier opening with a letter,
    # "Cork T12 X8K2", "Dublin D02 AF30"; the town had gone out inside a body's stand-in)
    ("IE", r"(?<![\w\-/])(?P<code>(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[ \u00A0]?[AC-FHKNPRTV-Y]"
           r"[0-9AC-FHKNPRTV-Y]{3})(?![\w\-/])", False),
    ("US", r"(?<![\w\-/])(?:" + "|".join(US_STATES) + r"),?[ \u00A0](?P<code>\d{5}(?:-\d{4})?)"
           r"(?![\w\-/])", False),
    ("PL", r"(?<![\w\-/.,])(?P<code>\d\d-\d{3})" + _TOWN_AFTER, False),
    ("prefixed", r"(?<![\w\-/])(?P<code>(?:" + _POSTCODE_PREFIXES + r")[\-‑]\d{4,5})" + _TOWN_AFTER,
     False),
    # (after its town, at the end of an address's line: "Brīvības iela 12, Rīga, LV-1050")
    ("prefixed", r"(?<![\w\-/])(?P<code>(?:" + _POSTCODE_PREFIXES + r")[\-‑]\d{4,5})(?![\w\-/])",
     True),
    ("NL", r"(?<![\w\-/.,])(?P<code>[1-9]\d{3}[ \u00A0]?(?!SA|SD|SS)[A-Z]{2})" + _TOWN_AFTER,
     True),
    ("5", r"(?<![\w\-/.,])(?P<code>\d{5})" + _TOWN_AFTER, True),
    ("3+2", r"(?<![\w\-/.,])(?P<code>\d{3}[ \u00A0]\d\d)" + _TOWN_AFTER, True),
    ("4", r"(?<![\w\-/.,])(?P<code>\d{4})" + _TOWN_AFTER, True),
]
_POSTCODE_PATTERNS = [(sub, re.compile(rx), bare) for sub, rx, bare in _POSTCODES]
# Where a bare postcode stands (``_bare_postcode_here``): after a comma that follows a house
# number ("Hauptstraße 5, ", "Calle Mayor 12-3º, ", "ul. Długa 4/6, ") or a street's kind.
_AFTER_COMMA = re.compile(r",[ \u00A0]*$")
_HOUSE_NUMBER_IN = re.compile(r"(?<![\w.])\d{1,5}[A-Za-z]?(?:[/\-]\d{1,4}[A-Za-z]?)?(?![\w.])")
# A street's kind, which says a line is an address's where no house number does ("rue
# Leduc, 09732 Moreau-sur-Roux").
_STREET_WORD = re.compile(
    r"(?<![\w])(?:[Rr]ue|[Aa]venue|[Bb]oulevard|[Cc]hemin|[Ii]mpasse|[Aa]llée|[Cc]alle|[Aa]venida|"
    r"[Pp]aseo|[Pp]laza|[Vv]ia|[Vv]iale|[Pp]iazza|[Rr]ua|Street|Road|Lane|Avenue|Drive|Close|"
    r"Way|ul\.|ulica|aleja)(?![\w])|(?:straße|strasse|straat|gatan|vägen|gade|vej|katu|tie|iela|"
    r"gatvė|tänav)(?![\w])")
# A street's line: a house number first ("150 Richard Run", "46, avenue Leroy") or last
# ("Kerkstraat 12", "ul. Długa 4/6", "Viale Maria, 47").
_STREET_LINE = re.compile(r"^[ \u00A0]*\d{1,5}[A-Za-z]?,?[ \u00A0]+[^\W\d_]|[^\W\d_][.,]?[ \u00A0]+"
                          r"\d{1,5}[A-Za-z]?(?:[/\-]\d{1,4}[A-Za-z]?)?[ \u00A0]*$")
# What a postcode's line may hold after the town: more of its name ("Millingen aan de Rijn",
# "Pedersören kunta"), a district or "CEDEX 01".
_REST_OF_TOWN_LINE = re.compile(rf"[ \u00A0]{TOWN}(?:[ \u00A0\-‑]+(?:{TOWN}|[{CAPITAL}]+|\d{{1,2}}|"
                                r"[^\W\d_]{1,8}))"
                                r"{0,3}[ \u00A0]*(?:$|[\n\r\t\u2028])")
# A post office box's number: "PO Box 4471", "Postfach 10 12 34", "Apartado de correos 123",
# "Box 7777" (Swedish, three digits or more: "Box 1" is a text box).
_PO_BOX = re.compile(r"(?<![\w])(?:(?:P\.?[ \u00A0]?O\.?[ \u00A0]?|Post[ \u00A0]Office[ \u00A0])Box|"
                     r"Post(?:fach|boks|box|bus)|Apartado(?:[ \u00A0]de[ \u00A0][Cc]orreos)?|"
                     r"B\.[ \u00A0]?P\.|Casella[ \u00A0][Pp]ostale|Skrytka[ \u00A0][Pp]ocztowa|"
                     r"Postilokero|Pastkastīte|Pašto[ \u00A0]dėžutė|(?P<box>Box))"
                     r"[ \u00A0]+(?P<code>\d[\d \u00A0]{0,8}\d|\d)(?![\w\-/])")


def _bare_postcode_here(text: str, start: int, end: int) -> bool:
    """A bare postcode at ``start``: after a comma, on a line that holds a house number
    before it ("Kerkstraat 12, ", "50, rue de Henry, "); or first on its line with only
    its town after it, under a street's line ("Danielle-Dobes-Ring 4\n80636 Pegnitz") or
    before a town the place lists know ("2100 København" as a paragraph of its own) — not
    "10115 Households" or "2019 Annual Report" opening a line."""
    line_start = max(text.rfind(c, 0, start) for c in "\n\r\t\u2028") + 1
    line = text[line_start:start]
    if _AFTER_COMMA.search(line) and (_HOUSE_NUMBER_IN.search(line) or _STREET_WORD.search(line)):
        return True
    if line.strip(" \u00A0"):
        return False
    rest = _REST_OF_TOWN_LINE.match(text, end)
    if rest is None:
        return False
    previous = text[max(0, line_start - 120):max(0, line_start - 1)].rsplit("\n", 1)[-1]
    if _STREET_LINE.search(previous) or _PO_BOX.search(previous) or _STREET_WORD.search(previous):
        return True
    from transforms.detect.heuristic import _name_index
    town = re.match(TOWN, rest.group().strip())
    return town is not None and town.group() in _name_index()[2]


# What every shape of ``_POSTCODES`` and ``_PO_BOX`` holds, looked for first: most texts
# with digits hold none of them.
_POSTCODE_HINT = re.compile(r"\d[ \u00A0]?[A-Z]{2}(?![a-z])|[A-Z]\d[A-Z]|[A-Z]{2},?[ \u00A0]\d{5}|"
                            r"[A-Z]\d\d[ \u00A0]?[A-Z]|"
                            r"\d\d-\d{3}|[A-Z][\-‑]\d{4}|(?:^|[\n\r\t\u2028,])[ \u00A0]*\d{3}|"
                            r"Box|Post|Apartado|B\.[ \u00A0]?P\.|Casella|Skrytka|Pastkast|Pašto")


@functools.lru_cache(maxsize=4096)
def postcodes(text: str) -> Tuple[Tuple[str, int, int], ...]:
    """(subtype, start, end) of each postcode in ``text`` (``_POSTCODES``), without overlaps
    (the first shape listed wins), and of each post office box's number ("POBOX").  (Kept
    per text: the identifier detector and the name detector's towns both ask.)"""
    if not any(ch.isdigit() for ch in text) or not _POSTCODE_HINT.search(text):
        return ()
    found: List[Tuple[str, int, int]] = []
    for sub, rx, bare in _POSTCODE_PATTERNS:
        for m in rx.finditer(text):
            a, b = m.span("code")
            if bare and not _bare_postcode_here(text, a, b):
                continue
            if sub in ("4", "5", "3+2") and len(set(m.group("code").replace(" ", ""))) == 1:
                continue            # "0000", "11111": a placeholder, not a code
            if not any(x < b and a < y for _, x, y in found):
                found.append((sub, a, b))
    for m in _PO_BOX.finditer(text):
        a, b = m.span("code")
        if m.group("box") and sum(ch.isdigit() for ch in m.group("code")) < 3:
            continue
        if not any(x < b and a < y for _, x, y in found):
            found.append(("POBOX", a, b))
    return tuple(sorted(found, key=lambda f: f[1]))


@register
class PostcodeRecognizer(Recognizer):
    """Postcodes and post office box numbers (``postcodes``): part of an address, masked as
    ``ADDRESS`` and sent as a scramble of the same shape.  The town beside a postcode is
    the name detector's (a place)."""
    name = "POSTCODE"
    category = "ADDRESS"
    priority = 30

    def find(self, text, ctx):
        return [Span(a, b, "ADDRESS", "POSTCODE:" + sub if sub != "POBOX" else sub, text[a:b])
                for sub, a, b in postcodes(text)]


def detect(text: str, lang: str = "", country: str = "",
           recognizers: Optional[Sequence[str]] = None) -> List[Span]:
    """All identifier spans in ``text`` after overlap resolution."""
    ctx = Context(lang=lang, country=(country or LANG_COUNTRY.get(lang, "")).upper())
    names = recognizers or list(REGISTRY)
    spans: List[Span] = []
    prio: Dict[str, int] = {}
    typed: List[Span] = []
    for name in names:
        rec = REGISTRY[name]
        if name == "NUMBER":
            continue
        found = rec.find(text, ctx)
        typed.extend(found)
        for s in found:
            prio[s.category] = max(prio.get(s.category, 0), rec.priority)
    def weight(span: Span) -> int:
        # a personal code of another country than the document's is the weaker reading of an
        # ambiguous digit string (an NHS-valid Dutch phone number is a phone number)
        w = prio.get(span.category, 0)
        if (span.subtype.startswith("PERSONAL_CODE:") and ctx.country
                and span.subtype.split(":")[1] != ctx.country):
            w -= 50
        return w

    spans = resolve_overlaps(typed, weight)
    if "NUMBER" in names:
        for s in REGISTRY["NUMBER"].find(text, ctx):
            parts = [k for k in spans if not (s.end <= k.start or s.start >= k.end)]
            if not parts:
                spans.append(s)
            elif all(s.start <= k.start and k.end <= s.end and k.end - k.start < s.end - s.start
                     for k in parts):
                # typed spans that are only parts of a longer number ("F-721/7466" holds a
                # valid phone number): the whole number is masked, not just its parts
                spans = [k for k in spans if k not in parts] + [s]
        spans.sort(key=lambda s: s.start)
    return spans


from transforms.detect import dates  # noqa: E402,F401  (registers DATE)
