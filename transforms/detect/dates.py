"""DATE recogniser: numeric dates (validated with ``datetime``) and spelled-out dates with
month names, inflected forms included, for en, es, lv, lt, pl, et, fi, sv, da (plus de, fr,
it, nl).  A spelled-out month counts only next to a day number or a year, so "May" or "maj"
alone (a name, a verb) is not a date; a year alone is one only with its year word
("2016. gada", "2016 m.", "2016. aastal", "2016 r."), not "in 2016".
"""
from __future__ import annotations

import datetime as dt
import functools
import re
from typing import List, Optional, Set

from transforms.detect.base import Recognizer, Span, register
from transforms.linking import _lower

# The Estonian cases a month's name takes in a date ("mail", "maist", "märtsini",
# "oktoobrist", "detsembrit", "maid"), and "kuu" (month) in its cases after it ("maikuus").
_ET_CASE = r"(?:i|il|ist|ini|iks|is|iga|it|t|d|s|l|st|ni|ks|ga|sse|le|lt|lle|kuu\w{0,3})?"
# Month name patterns per language: 12 regexes each (stems + inflection endings).
MONTHS = {
    "en": ["jan(?:uary|\\.)?", "feb(?:ruary|\\.)?", "mar(?:ch|\\.)?", "apr(?:il|\\.)?", "may",
           "june?", "july?", "aug(?:ust|\\.)?", "sep(?:t(?:ember)?)?\\.?", "oct(?:ober|\\.)?",
           "nov(?:ember|\\.)?", "dec(?:ember|\\.)?"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "se(?:p)?tiembre", "octubre", "noviembre", "diciembre"],
    "lv": ["janvār\\w{1,3}", "februār\\w{1,3}", "mart\\w{1,2}", "aprī[lļ]\\w{1,3}",
           "maij\\w{1,3}", "jūnij\\w{1,3}", "jūlij\\w{1,3}", "august\\w{1,3}",
           "septembr\\w{1,3}", "oktobr\\w{1,3}", "novembr\\w{1,3}", "decembr\\w{1,3}"],
    "lt": ["saus\\w{1,4}", "vasar\\w{1,4}", "kov\\w{1,3}", "baland\\w{1,4}", "geguž\\w{1,3}",
           "biržel\\w{1,4}", "liep\\w{1,3}", "rugpjū[tč]\\w{1,4}", "rugsėj\\w{1,3}",
           "spal\\w{1,4}", "lapkri[tč]\\w{1,4}", "gruod\\w{1,4}"],
    "pl": ["stycz(?:eń|nia|niu|niem)", "lut(?:y|ego|ym)", "mar(?:zec|ca|cu|cem)",
           "kwie(?:cień|tnia|tniu|tniem)", "maj(?:a|u|em)?", "czerw(?:iec|ca|cu|cem)",
           "lip(?:iec|ca|cu|cem)", "sierp(?:ień|nia|niu|niem)", "wrze(?:sień|śnia|śniu|śniem)",
           "październik(?:a|u|iem)?", "listopad(?:a|zie|em)?", "grud(?:zień|nia|niu|niem)"],
    # (with the case endings a date takes, not any letters: "8. Maiden" of an English birth
    # certificate was a date, "mai" and "den", and the mother's maiden name went out)
    "et": [m + _ET_CASE for m in ("jaanuar", "veebruar", "märts", "aprill", "mai", "juuni",
                                  "juuli", "august", "september", "oktoob(?:er|r)",
                                  "novemb(?:er|r)", "detsemb(?:er|r)")],
    "fi": ["tammikuu\\w{0,5}", "helmikuu\\w{0,5}", "maaliskuu\\w{0,5}", "huhtikuu\\w{0,5}",
           "toukokuu\\w{0,5}", "kesäkuu\\w{0,5}", "heinäkuu\\w{0,5}", "elokuu\\w{0,5}",
           "syyskuu\\w{0,5}", "lokakuu\\w{0,5}", "marraskuu\\w{0,5}", "joulukuu\\w{0,5}"],
    "sv": ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
           "september", "oktober", "november", "december"],
    "da": ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august",
           "september", "oktober", "november", "december"],
    "de": ["januar", "jänner", "februar", "märz", "april", "mai", "juni", "juli", "august",
           "september", "oktober", "november", "dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
           "septembre", "octobre", "novembre", "décembre"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"],
    "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
           "september", "oktober", "november", "december"],
}

_MONTH = "(?:" + "|".join(sorted({p for ps in MONTHS.values() for p in ps},
                                 key=len, reverse=True)) + ")"
_DAY = r"(?:0?[1-9]|[12]\d|3[01])"
_YEAR = r"(?:1[6-9]\d\d|20\d\d)"
_W = r"(?<![\w.])"          # not glued to a word or a preceding number
_X = r"(?!\w)"
# What follows a year to say it is one: pl "r."/"roku", lt "m."/"metų"/"metais", et "a."/
# ". aasta(l)", lv ". gada"/". gadā"/". g." (inflected forms included).
_YEAR_WORD = (r"(?:\s*(?:r\.|m\.|a\.)|\s+(?:roku|metų|metais)"
              r"|\.\s*(?:gad(?:a|ā|u|s|am|os|iem)|g\.|aasta\w{0,3}|a\.))")

SPELLED = [
    # lv: 2012. gada 13. decembrī / 2012. gada decembrī; lt: 2012 m. gruodžio 13 d.;
    # et: 2012. aasta 13. detsembril
    rf"{_W}{_YEAR}\.?\s+(?:gada|g\.|m\.|metų|aasta)\s+(?:{_DAY}\.\s*)?{_MONTH}(?:\s+{_DAY}(?:\s*d\.|\s+dien\w{{1,2}}|(?!\.)))?{_X}",
    # es: 13 de diciembre (de|del) 2012
    rf"{_W}{_DAY}\s+de\s+{_MONTH}(?:\s+(?:de|del)\s+{_YEAR})?{_X}",
    # day [.] month [,] [year] [r./roku/m./a./aastal/gadā]  (en, pl, et, fi, sv, da,
    # lv "13. decembrī")
    rf"{_W}{_DAY}(?:\.|st|nd|rd|th)?\s*(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR}(?:{_YEAR_WORD})?)?{_X}",
    # month day[,] year / month day  (en "December 13, 2012", "December 13", lt "gruodžio
    # 13 d.", fi "joulukuun 13. päivänä 2012")
    rf"{_W}{_MONTH}\s+{_DAY}(?:st|nd|rd|th|\s*d\.|\s+dien\w{{1,2}}|\.(?:\s+päivä(?:nä|ä))?)?(?:,?\s+{_YEAR})?{_X}",
    # month [de] year  (en "December 2012", es "diciembre de 2012", pl "grudnia 2012 r.")
    rf"{_W}{_MONTH},?\s+(?:de\s+)?{_YEAR}(?:{_YEAR_WORD})?{_X}",
]
SPELLED_RE = [re.compile(p, re.IGNORECASE) for p in SPELLED]
# A year with its year word and no month ("2016. gada", "2016 m.", "2016. aastal",
# "2016 r.", "2018.–2019. gada"): a date in lv, lt, et and pl, which a bare "in 2016" in
# English is not.
YEAR_WORD_RE = re.compile(rf"{_W}(?:{_YEAR}\.?\s?[\-\u2013]\s?)?{_YEAR}{_YEAR_WORD}{_X}")
# The screens of the numeric and year-word patterns: what each holds (a digit, a separator
# and a digit; a year's last digit and its year word), led by a digit, which
# ``re`` skips to at C speed; the patterns, led by their left boundary, try every position.
# Most segments hold no year word, and many no numeric date's separator.
# (The numeric one: a digit, a separator, one or two digits, a separator and a digit, which
# both of its forms hold; an act's or a case's number, "1896/2006", "C-215/11", has one
# separator only.)
_NUMERIC_SCREEN = re.compile(r"\d[-./]\d\d?[-./]\d")
# Every date found here holds a digit (a day or a year beside a spelled-out month, or a
# numeric date): a text without one (a third of MultiLeg en segments) is not read for months.
_DIGIT = re.compile(r"\d")
_YEAR_WORD_SCREEN = re.compile(r"\d" + _YEAR_WORD)
# A spelled-out month is a whole word (glued at most to a day: "13th December"): the text's
# words are looked up instead of scanning every position with the 150-month alternation.
_MONTH_WORD = re.compile(_MONTH, re.IGNORECASE)
_MONTH_START = {p[:2] for ps in MONTHS.values() for p in ps}
assert all(p.isalpha() for p in _MONTH_START), "month patterns must start with two letters"
_LETTER_WORD = re.compile(r"[^\W\d_]\w*")
# The patterns that begin with the month itself are tried only where a month word starts;
# the others begin with a day or a year (``_W`` then an ASCII digit), and are tried only where
# a number starts (``_NUMBER_START``): a pattern led by a lookbehind is otherwise tried at
# every position, at C speed but on every character of every text with a month word.
_FROM_MONTH = [p.pattern.startswith(f"{_W}{_MONTH}") for p in SPELLED_RE]
assert all(p.pattern.startswith(f"{_W}{_YEAR}") or p.pattern.startswith(f"{_W}{_DAY}")
           for p, m in zip(SPELLED_RE, _FROM_MONTH) if not m)
# An ASCII digit not glued to a word or a preceding number: where ``_W`` then a day or a
# year can begin (led by the digit, the character before it looked at behind).
_NUMBER_START = re.compile(r"[0-9](?<![\w.][0-9])")


def _month_starts(text: str) -> List[int]:
    """Where month words start in ``text`` (an empty list: no spelled-out date here)."""
    low = _lower(text)          # same length as text
    # Nearly every word of a text is one already known not to be a month: one set difference
    # at C speed says whether any word is left to look at (a loop over every word of every
    # segment was a twelfth of protection's time).
    new = set(_LETTER_WORD.findall(low)) - _NOT_MONTH
    if not new:
        return []
    months = {}
    for word in new:
        at = _month_offset(word)
        if at is None:
            if len(_NOT_MONTH) < _NOT_MONTH_MAX:
                _NOT_MONTH.add(word)
        else:
            months[word] = at
    # Where those words are: found with ``str.find``, not by walking every word of the text
    # again (a month's text holds one or two among dozens)
    out = []
    for word, at in months.items():
        q = low.find(word)
        while q >= 0:
            if _word_at(low, q, len(word)):
                out.append(q + at)
            q = low.find(word, q + 1)
    return sorted(out)


def _word_at(text: str, q: int, n: int) -> bool:
    """Whether ``_LETTER_WORD.finditer(text)`` finds a word of ``n`` characters at ``q``
    (``text[q]`` being a letter): the word is the rest of the run of word characters from
    its first letter, so the run ends at ``q + n`` and holds no letter before ``q``."""
    end = q + n
    if end < len(text) and _is_word_char(text[end]):
        return False
    p = q - 1
    while p >= 0 and _is_word_char(text[p]):
        if not (text[p] == "_" or text[p].isdecimal()):
            return False               # a letter before: the word began there
        p -= 1
    return True


def _is_word_char(c: str) -> bool:
    """``re``'s ``\\w`` for a character of a str pattern."""
    return c.isalnum() or c == "_"


@functools.lru_cache(maxsize=1 << 14)
def _month_offset(word: str) -> Optional[int]:
    """Where in a (lower-case) word a month name starts: 0, 2 after a day's ordinal suffix
    ("13thdecember" is the word "thdecember"), or None."""
    for w, at in ((word, 0), (word[2:], 2)) if word[:2] in _GLUED else ((word, 0),):
        if w[:2] in _MONTH_START and _MONTH_WORD.fullmatch(w):
            return at
    return None


# Words seen that are no month (bounded: a worker reads unbounded text).
_NOT_MONTH: Set[str] = set()
_NOT_MONTH_MAX = 200_000
_GLUED = ("st", "nd", "rd", "th")


def _spelled(text: str, starts: Optional[List[int]] = None):
    """``pat.finditer(text)`` for each of ``SPELLED_RE`` in turn, each pattern tried only
    where a match of it can begin (a month word, ``_month_starts``, given where the caller
    has them; or a number)."""
    if starts is None:
        starts = _month_starts(text)
    if not starts:
        return
    numbers = None
    for pat, from_month in zip(SPELLED_RE, _FROM_MONTH):
        if from_month:
            at = starts
        else:
            if numbers is None:
                numbers = [m.start() for m in _NUMBER_START.finditer(text)]
            at = numbers
        end = 0
        for pos in at:                 # what finditer finds: leftmost, non-overlapping
            if pos >= end:
                m = pat.match(text, pos)
                if m:
                    yield m
                    end = m.end()


# The other days of a range or a list that share a spelled date's month ("12 to 14 June
# 2018", "4, 5, 10 and 11 July", "23 – 25 November", lv "12.–14. jūnijā"; "May 3-5, 2021",
# "June 12 to 14, 2019"): each went out as written, and the year after a month-first range
# too.  Joined by a dash, a comma or a word for "and", "to" or "or" of the languages served.
_RANGE_WORD = (r"and|to|or|through|till|until|y|a|al|un|līdz|ir|iki|i|do|oraz|ja|kuni|tai|"
               r"och|og|til|und|bis|et|au|en|tot")
_RANGE_JOIN = rf"(?:\s*[\-\u2010-\u2014/]\s*|,\s*|\s+(?:{_RANGE_WORD})\s+)"
_COMPANION_DAY = rf"{_DAY}(?:st|nd|rd|th|\.)?"
_DAYS_BEFORE = re.compile(rf"{_W}({_COMPANION_DAY}){_RANGE_JOIN}$", re.IGNORECASE)
_DAY_FIRST = re.compile(rf"{_DAY}(?!\d)")
_HAS_YEAR = re.compile(_YEAR)
_DAYS_AFTER = re.compile(rf"{_RANGE_JOIN}({_COMPANION_DAY})(?![\w.,]\d)(?:,?\s+({_YEAR}))?{_X}",
                         re.IGNORECASE)


# A number after these is a part's or a page's, not a day ("Articles 12 to 14 June 2018" is
# rare, "points 3 to 5" common, et "punktidest 25–28 ja 7. veebruari"; a date's companions
# begin after them)
_NUMBERING_BEFORE = re.compile(
    r"(?:\b(?:articles?|art|paragraphs?|paras?|points?|recitals?|sections?|pages?|pp?|lines?|"
    r"nos?|annex(?:es)?|artik\w*|punkt\w*|straipsn\w*|lõi\w*|stk|artículos?|apartados?|"
    r"ust|pkt|kohd\w*)\.?|§)\s*$",
    re.IGNORECASE)


def _range_companions(text: str, m: "re.Match") -> List[Span]:
    """DATE spans for the days that share the spelled date ``m``'s month: before a date that
    begins with its day (one after another, back to the first), after one that begins with
    its month and has no year (with the year after them).  The gold of MultiLeg masks them
    so ("12" and "14 June 2018"); each is a stand-in of its own, restored as written."""
    out: List[Span] = []
    date = m.group()
    if _DAY_FIRST.match(date):                    # begins with its day, not its year
        start = m.start()
        for _ in range(8):
            b = _DAYS_BEFORE.search(text, max(0, start - 16), start)
            if b is None:
                break
            out.append(Span(b.start(1), b.end(1), "DATE", "DATE:range", b.group(1)))
            start = b.start(1)
        if out and _NUMBERING_BEFORE.search(text, max(0, start - 16), start):
            return []
    elif not _HAS_YEAR.search(date):
        a = _DAYS_AFTER.match(text, m.end())
        if a is not None:
            out.append(Span(a.start(1), a.end(1), "DATE", "DATE:range", a.group(1)))
            if a.group(2):
                out.append(Span(a.start(2), a.end(2), "DATE", "DATE:range", a.group(2)))
    return out


# Dates written out in words, as civil-status documents and deeds write them: "the
# twenty-third day of March two thousand and nineteen", pl "dwudziestego trzeciego marca dwa
# tysiące dziewiętnastego roku" (a birth certificate's date of birth went out as written,
# beside its digits in brackets).  A number word of the language (its ordinals' and
# cardinals' stems), one to four before the month, up to six after it.
_NUMBER_WORD = {
    "en": r"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\-\s](?:first|"
          r"second|third|fourth|fifth|sixth|seventh|eighth|ninth|one|two|three|four|five|six|"
          r"seven|eight|nine))?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
          r"tenth|eleventh|twelfth|(?:thir|four|fif|six|seven|eigh|nine)teen(?:th)?|twentieth|"
          r"thirtieth|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|"
          r"thousand)",
    "pl": r"(?:(?:pierwsz|drugi|trzeci|czwart|piąt|szóst|siódm|ósm|dziewiąt|dziesiąt|jedenast|"
          r"dwunast|trzynast|czternast|piętnast|szesnast|siedemnast|osiemnast|dziewiętnast|"
          r"dwudziest|trzydziest|czterdziest|pięćdziesiąt|sześćdziesiąt|siedemdziesiąt|"
          r"osiemdziesiąt|dziewięćdziesiąt|setn|dwusetn|tysięczn|dwutysięczn)[a-ząęóśźżł]*|"
          r"dwa|tysiąc|tysiące|tysięcy|sto|dwieście|trzysta|czterysta|pięćset|sześćset|"
          r"siedemset|osiemset|dziewięćset)",
}
_IN_WORDS_JOIN = {"en": r"(?:[\s\-]+|,\s*|\s+and\s+)", "pl": r"\s+"}
_IN_WORDS_BEFORE_MONTH = {"en": r"(?:\s+day)?\s+of\s+", "pl": r"\s+"}
_IN_WORDS_BEFORE_YEAR = {"en": r",?\s+(?:in\s+the\s+year\s+(?:of\s+(?:our\s+lord\s+)?)?)?",
                         "pl": r"\s+"}
_IN_WORDS_AFTER_YEAR = {"en": "", "pl": r"(?:\s+(?:roku|r\.))?"}
DATE_IN_WORDS_RE = {
    lang: re.compile(
        rf"(?i)(?<!\w)(?:(?:the\s+)?(?:{num}{_IN_WORDS_JOIN[lang]}){{0,3}}{num}"
        rf"{_IN_WORDS_BEFORE_MONTH[lang]})?(?:{'|'.join(MONTHS[lang])})"
        rf"(?:{_IN_WORDS_BEFORE_YEAR[lang]}(?:(?:{num}{_IN_WORDS_JOIN[lang]}){{0,5}}{num}|{_YEAR})"
        rf"{_IN_WORDS_AFTER_YEAR[lang]})?(?!\w)")
    for lang, num in _NUMBER_WORD.items()}


def _dates_in_words(text: str, lang: str, starts: List[int]) -> List[Span]:
    """Dates written out in words with a number word beside the month (a month alone is
    none: "in March"), without a leading "the" (``starts``: ``_month_starts``)."""
    pattern = DATE_IN_WORDS_RE.get(lang)
    if pattern is None or not starts:
        return []
    out = []
    for m in pattern.finditer(text):
        start, date = m.start(), m.group()
        if date[:4].lower() == "the ":
            start, date = start + 4, date[4:]      # (the article stays in the sentence)
        if len(date.split()) > 1 and (lang != "en" or _ENGLISH_DATE_WORD.search(date)):
            out.append(Span(start, m.end(), "DATE", "DATE:words", date))
    return out


# An English date in words has an ordinal day or a year of hundreds or thousands ("one of
# May" is none)
_ENGLISH_DATE_WORD = re.compile(r"(?i)\b(?:first|second|third|\w+th|hundred|thousand)\b")


NUMERIC_RE = re.compile(
    r"(?<![\w./\-])(?:(?P<y1>\d{4})[-./](?P<m1>\d{1,2})[-./](?P<d1>\d{1,2})\.?"
    r"|(?P<a>\d{1,2})(?P<sep>[./\-])(?P<b>\d{1,2})(?P=sep)(?P<y2>\d{4}|\d{2})\.?)"
    r"(?![\w/\-]|\.\d)")


def _valid(y: int, m: int, d: int) -> bool:
    try:
        dt.date(y, m, d)
        return True
    except ValueError:
        return False


@register
class DateRecognizer(Recognizer):
    name = category = "DATE"
    priority = 50

    def find(self, text: str, ctx) -> List[Span]:
        out = []
        words = ctx.lang in DATE_IN_WORDS_RE      # (a language whose dates are read in words)
        if not _DIGIT.search(text):
            return _dates_in_words(text, ctx.lang, _month_starts(text)) if words else out
        for m in NUMERIC_RE.finditer(text) if _NUMERIC_SCREEN.search(text) else ():
            if m.group("y1"):
                ok = _valid(int(m.group("y1")), int(m.group("m1")), int(m.group("d1")))
            else:
                a, b, y = int(m.group("a")), int(m.group("b")), m.group("y2")
                year = int(y) if len(y) == 4 else 2000 + int(y)
                ok = _valid(year, b, a) or _valid(year, a, b)     # d/m/y or US m/d/y
            if ok:
                s, e = m.span()
                if text[e - 1] == "." and not (e == len(text) or text[e:e + 1].isspace()):
                    e -= 1
                out.append(Span(s, e, "DATE", "DATE:numeric", text[s:e]))
        starts = _month_starts(text)
        for m in _spelled(text, starts):
            out.append(Span(m.start(), m.end(), "DATE", "DATE:spelled", m.group()))
            out.extend(_range_companions(text, m))
        for m in YEAR_WORD_RE.finditer(text) if _YEAR_WORD_SCREEN.search(text) else ():
            if all(m.end() <= s.start or m.start() >= s.end for s in out):
                out.append(Span(m.start(), m.end(), "DATE", "DATE:year", m.group()))
        if words:
            # (a date in words holds the figures' date it ends in: "the first of May 2020")
            found = _dates_in_words(text, ctx.lang, starts)
            out = [s for s in out if not any(w.start <= s.start and s.end <= w.end
                                             for w in found)]
            out += [w for w in found if all(w.end <= s.start or w.start >= s.end for s in out)]
        return out
