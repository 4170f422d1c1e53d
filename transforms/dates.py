"""Dates as entities: parse, fake, locate after MT, restore (pure).

A date's pseudonym is another valid date written in the same pattern.  After MT the pseudonym
is located by its **components** (day number, month name in any known language or number,
year) lying close together in any order: "13 December 2012", "13 de diciembre de 2012",
"2012. gada 13. decembris" all match.  Restoration swaps each component for the original's in
the same language and form, so the target language's own date pattern survives — no word
alignment involved (the Tilde paper's simalign failure on dates).
"""
from __future__ import annotations

import bisect
import datetime as dt
import functools
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

MONTHS: Dict[str, List[List[str]]] = {
    # language -> 12 lists of forms (first is the nominative/base form)
    "en": [["January", "Jan"], ["February", "Feb"], ["March", "Mar"], ["April", "Apr"],
           ["May"], ["June", "Jun"], ["July", "Jul"], ["August", "Aug"],
           ["September", "Sept", "Sep"], ["October", "Oct"], ["November", "Nov"],
           ["December", "Dec"]],
    "es": [["enero"], ["febrero"], ["marzo"], ["abril"], ["mayo"], ["junio"], ["julio"],
           ["agosto"], ["septiembre", "setiembre"], ["octubre"], ["noviembre"], ["diciembre"]],
    "lv": [["janvāris", "janvārī", "janvāra"], ["februāris", "februārī", "februāra"],
           ["marts", "martā", "marta"], ["aprīlis", "aprīlī", "aprīļa"], ["maijs", "maijā", "maija"],
           ["jūnijs", "jūnijā", "jūnija"], ["jūlijs", "jūlijā", "jūlija"],
           ["augusts", "augustā", "augusta"], ["septembris", "septembrī", "septembra"],
           ["oktobris", "oktobrī", "oktobra"], ["novembris", "novembrī", "novembra"],
           ["decembris", "decembrī", "decembra"]],
    "sv": [["januari"], ["februari"], ["mars"], ["april"], ["maj"], ["juni"], ["juli"],
           ["augusti"], ["september"], ["oktober"], ["november"], ["december"]],
    "da": [["januar"], ["februar"], ["marts"], ["april"], ["maj"], ["juni"], ["juli"],
           ["august"], ["september"], ["oktober"], ["november"], ["december"]],
    # (nominative, genitive, locative: "marzec", "23 marca 2019 r.", "w marcu")
    "pl": [["styczeń", "stycznia", "styczniu"], ["luty", "lutego", "lutym"],
           ["marzec", "marca", "marcu"], ["kwiecień", "kwietnia", "kwietniu"],
           ["maj", "maja", "maju"], ["czerwiec", "czerwca", "czerwcu"],
           ["lipiec", "lipca", "lipcu"], ["sierpień", "sierpnia", "sierpniu"],
           ["wrzesień", "września", "wrześniu"], ["październik", "października", "październiku"],
           ["listopad", "listopada", "listopadzie"], ["grudzień", "grudnia", "grudniu"]],
    # (nominative, genitive: "2012 m. gruodžio 13 d.")
    "lt": [["sausis", "sausio"], ["vasaris", "vasario"], ["kovas", "kovo"],
           ["balandis", "balandžio"], ["gegužė", "gegužės"], ["birželis", "birželio"],
           ["liepa", "liepos"], ["rugpjūtis", "rugpjūčio"], ["rugsėjis", "rugsėjo"],
           ["spalis", "spalio"], ["lapkritis", "lapkričio"], ["gruodis", "gruodžio"]],
    # (nominative, genitive, adessive: "13. detsembril 2012")
    "et": [["jaanuar", "jaanuari", "jaanuaril"], ["veebruar", "veebruari", "veebruaril"],
           ["märts", "märtsi", "märtsil"], ["aprill", "aprilli", "aprillil"],
           ["mai", "mai", "mail"], ["juuni", "juuni", "juunil"], ["juuli", "juuli", "juulil"],
           ["august", "augusti", "augustil"], ["september", "septembri", "septembril"],
           ["oktoober", "oktoobri", "oktoobril"], ["november", "novembri", "novembril"],
           ["detsember", "detsembri", "detsembril"]],
    # (nominative, partitive, genitive, inessive: "13. joulukuuta 2012", "joulukuussa")
    "fi": [[m, m + "ta", m + "n", m + "ssa"] for m in (
        "tammikuu", "helmikuu", "maaliskuu", "huhtikuu", "toukokuu", "kesäkuu", "heinäkuu",
        "elokuu", "syyskuu", "lokakuu", "marraskuu", "joulukuu")],
}

_MONTH_LOOKUP: Dict[str, Tuple[str, int, int]] = {}
# form -> every (language, form index) that writes it ("september": en, sv, da)
_MONTH_LANGS: Dict[str, List[Tuple[str, int]]] = {}
for _lang, _months in MONTHS.items():
    for _m, _forms in enumerate(_months, 1):
        for _fi, _f in enumerate(_forms):
            _MONTH_LOOKUP.setdefault(_f.lower(), (_lang, _m, _fi))
            _MONTH_LANGS.setdefault(_f.lower(), []).append((_lang, _fi))

# Words a date mention may hold besides its components: "of", "de", "den 12 juli", Swedish
# and Danish "1992 års" (1992's), Latvian "2016. gada", Polish "2019 roku", Lithuanian "metų",
# Estonian "aastal", Finnish "päivänä".
_DATE_WORDS = {"of", "de", "del", "den", "års", "gada", "gadā", "roku", "metų", "metais",
               "aasta", "aastal", "päivänä"}

_MONTH_ALT = "|".join(sorted((re.escape(k) for k in _MONTH_LOOKUP), key=len, reverse=True))
# (a day with its English ordinal's ending is a day: "13th December", "1st of May")
_TOKEN = re.compile(rf"(?i)\b(?:(?P<month>{_MONTH_ALT})\.?|(?P<num>\d{{1,4}})(?:st|nd|rd|th)?)\b")
# A date written in numbers, as the recogniser finds them (``detect.dates.NUMERIC_RE``):
# year first ("2025-06-30", "2025/06/30", "2025.06.30"), or day and month first with a year
# of four or two digits ("30/06/2025", "30.06.25"), the month first where the day cannot be a
# month ("06/30/2025", as the United States write it); a full stop after it (a sentence's, or
# the ordinal one of "30.06.2025.").
_NUMERIC_DATE = re.compile(r"^(?:(?P<y1>\d{4})(?P<s1>[./-])(?P<m1>\d{1,2})(?P=s1)(?P<d1>\d{1,2})"
                           r"|(?P<a>\d{1,2})(?P<s2>[./-])(?P<b>\d{1,2})(?P=s2)(?P<y2>\d{4}|\d\d))"
                           r"(?P<dot>\.?)$")


@functools.lru_cache(maxsize=4096)
def _numeric(text: str) -> Optional[Tuple[Tuple[int, int, int], tuple]]:
    """((year, month, day), how it is written) of a numeric date, or None: how is the order
    ("ymd", "dmy", "mdy"), the separator, each field's width and the full stop after."""
    m = _NUMERIC_DATE.match(text)
    if m is None:
        return None
    if m.group("y1"):
        y, mo, d = int(m.group("y1")), int(m.group("m1")), int(m.group("d1"))
        how = ("ymd", m.group("s1"), (4, len(m.group("m1")), len(m.group("d1"))), m.group("dot"))
    else:
        a, b, yt = m.group("a"), m.group("b"), m.group("y2")
        y = int(yt) if len(yt) == 4 else 2000 + int(yt)
        order = "mdy" if int(b) > 12 >= int(a) else "dmy"
        d, mo = (int(b), int(a)) if order == "mdy" else (int(a), int(b))
        how = (order, m.group("s2"), (len(a), len(b), len(yt)), m.group("dot"))
    try:
        dt.date(y, mo, d)
    except ValueError:
        return None
    return (y, mo, d), how


def _numeric_written(how: tuple, new: "DateValue") -> str:
    """``new`` written as ``_numeric``'s ``how`` says."""
    order, sep, widths, dot = how
    values = {"y": new.year, "m": new.month, "d": new.day}
    parts = []
    for key, width in zip(order, widths):
        value = values[key] % 100 if key == "y" and width == 2 else values[key]
        parts.append(f"{value:0{width}d}")
    return sep.join(parts) + dot


@dataclass
class DateValue:
    year: Optional[int]
    month: Optional[int]
    day: Optional[int]

    def fields(self):
        return self.year, self.month, self.day


def parse(text: str) -> Optional[DateValue]:
    """Components of a date mention, or None if it is not a recognisable date."""
    fields = _parsed(text)
    # a DateValue of its own for every caller (it is mutable)
    return None if fields is None else DateValue(*fields)


@functools.lru_cache(maxsize=4096)
def _parsed(text: str) -> Optional[Tuple[Optional[int], Optional[int], Optional[int]]]:
    """``parse``'s answer as (year, month, day), kept per text: a date's canonical form is
    parsed again for every shift tried (``pseudonyms.date.shifted_date``) and each mention
    again as it is replaced; the 73-way month pattern tried at every character made that a
    twentieth of choosing pseudonyms."""
    t = text.strip()
    numeric = _numeric(t)
    if numeric is not None:
        return numeric[0]
    year = month = day = None
    consumed = 0
    for tok in _TOKEN.finditer(t):
        consumed += len(tok.group(0))
        if tok.group("month"):
            if month is not None:
                return None
            month = _MONTH_LOOKUP[tok.group("month").lower()][1]
        else:
            n = int(tok.group("num"))
            if len(tok.group("num")) == 4 and year is None:
                year = n
            elif 1 <= n <= 31 and day is None and len(tok.group("num")) <= 2:
                day = n
            else:
                return None
    rest = re.sub(_TOKEN, "", t)
    if any(w.casefold() not in _DATE_WORDS for w in re.findall(r"[^\W\d_]{3,}", rest)):
        # words other than month names: "the same day", "1990s"; or a date in words
        return _in_words(t)
    if year is None and month is None:
        return None
    if day is not None and month is None:
        return None
    return year, month, day


# English number words of a date written out ("the twenty-third day of March, two thousand
# and nineteen"): their values, and which multiply what comes before them.
_EN_UNITS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split())}
_EN_UNITS.update({w: 10 * n for n, w in enumerate(
    "twenty thirty forty fifty sixty seventy eighty ninety".split(), 2)})
_EN_ORDINALS = {w: n for n, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
    "twentieth".split(), 1)}
_EN_ORDINALS["thirtieth"] = 30
_EN_FILLER = {"the", "day", "of", "and", "in", "year", "our", "lord"}


def _en_number(words: List[str]) -> Optional[int]:
    """The value of English number words ("twenty third" 23, "two thousand nineteen" 2019,
    "nineteen hundred eighty seven" 1987, "nineteen eighty seven" 1987), or None."""
    total, group, groups = 0, 0, []
    for w in words:
        if w in _EN_UNITS:
            if group and _EN_UNITS[w] >= 10 and group % 10 == 0 and group < 100 or \
                    10 <= group < 100 and group % 100 < 20 and _EN_UNITS[w] >= 20:
                groups.append(group)          # "nineteen eighty": a year said in two halves
                group = 0
            group += _EN_UNITS[w]
        elif w in _EN_ORDINALS:
            group += _EN_ORDINALS[w]
        elif w == "hundred":
            group = (group or 1) * 100
        elif w == "thousand":
            total += (group or 1) * 1000
            group = 0
        else:
            return None
    if groups:
        return groups[0] * 100 + group if len(groups) == 1 and not total else None
    return total + group if total or group else None


def _in_words(text: str) -> Optional[Tuple[Optional[int], Optional[int], Optional[int]]]:
    """(year, month, day) of an English date written out in words, or None (a date with no
    number word: "December 13, 2012" is read as figures)."""
    words = [w for w in re.findall(r"[a-z]+|\d{4}", text.lower()) if w not in _EN_FILLER]
    if not any(w in _EN_UNITS or w in _EN_ORDINALS or w in ("hundred", "thousand")
               for w in words):
        return None
    months = [k for k, w in enumerate(words) if _MONTH_LOOKUP.get(w, ("",))[0] == "en"
              and len(w) > 3 or w == "may"]
    if len(months) != 1 or len(words) < 2:
        return None
    k = months[0]
    day = _en_number(words[:k]) if k else None
    after = words[k + 1:]
    year = int(after[0]) if len(after) == 1 and after[0].isdigit() else \
        _en_number(after) if after else None
    if k and not (day and 1 <= day <= 31) or k + 1 < len(words) and not (
            year and 1000 <= year <= 2100):
        return None
    return year, _MONTH_LOOKUP[words[k]][1], day


def month_number(word: str) -> Optional[int]:
    """The month ``word`` names in any known language ("March", "marts"), or None."""
    hit = _MONTH_LOOKUP.get(word.lower())
    return hit[1] if hit is not None else None


def is_numeric(text: str) -> bool:
    return _numeric(text.strip()) is not None


def shift(value: DateValue, days: int) -> DateValue:
    """The pseudonym date: ``days`` later, same granularity, never the same components."""
    y, m, d = value.fields()
    if y is not None and m is not None and d is not None:
        new = dt.date(y, m, min(d, 28)) + dt.timedelta(days=days)
        if new.day == d:
            new += dt.timedelta(days=1)
        if new.month == m:
            new = new.replace(month=m % 12 + 1, day=min(new.day, 28))
        return DateValue(new.year, new.month, new.day)
    y2 = None if y is None else y + 1 + days % 7
    m2 = None if m is None else (m + days % 11) % 12 + 1
    if m is not None and m2 == m:
        m2 = m % 12 + 1
    return DateValue(y2, m2, d)


def render_like(original_text: str, value: DateValue, lang: str = "") -> str:
    """Write ``value`` in the pattern of ``original_text`` (same month language and form,
    zero padding, separators; ``lang``: the text's language, for month names several
    languages share)."""
    return substitute(original_text, parse(original_text) or value, value, lang=lang)


def _month_language(word: str, lang: str = "") -> Tuple[str, int]:
    """The language (and form index) a month word is written in: ``lang`` when its table
    has the word, else one whose table writes it in the same case ("september" is Swedish
    or Danish, not English), else the first that has it."""
    options = _MONTH_LANGS[word.lower()]
    for l, fi in options:
        if l == lang:
            return l, fi
    for l, fi in options:
        if MONTHS[l][_MONTH_LOOKUP[word.lower()][1] - 1][fi] == word:
            return l, fi
    return options[0]


def substitute(span: str, old: DateValue, new: DateValue, target_lang: str = "",
               new_text: str = "", lang: str = "") -> str:
    """Swap the components of ``old`` found in ``span`` for those of ``new``.  A month word
    the tables do not know (an engine's mistranslation) becomes ``new``'s month in the target
    language, or in ``new_text``'s own words when that language has no table."""
    return _substituted(span, old.fields(), new.fields(), target_lang, new_text, lang)


@functools.lru_cache(maxsize=4096)
def _substituted(span: str, old_fields: tuple, new_fields: tuple, target_lang: str,
                 new_text: str, lang: str) -> str:
    """``substitute``, kept per span, dates and languages (all it reads): every shift tried
    for a date renders its canonical form again (``render_like``), and a document repeats
    its dates."""
    return _substitute(span, DateValue(*old_fields), DateValue(*new_fields), target_lang,
                       new_text, lang)


def _substitute(span: str, old: DateValue, new: DateValue, target_lang: str = "",
                new_text: str = "", lang: str = "") -> str:
    if re.search(r"[a-z]{4}", span) and _in_words(span) is not None:
        # a date written out in words: its stand-in in figures ("9 July 2027"), which the
        # engine translates as it translates any date, and restoration finds by its parts
        y, m, d = new.fields()
        return " ".join(str(x) for x in (d, MONTHS["en"][m - 1][0] if m else None, y)
                        if x is not None)
    if old.month is not None and new.month is not None and not any(
            t.group("month") for t in _TOKEN.finditer(span)) and not is_numeric(span):
        words = re.findall(r"[^\W\d_]+", span)
        unknown = [w for w in words if w.lower() not in ("de", "of", "del", "gada", "the")]
        if unknown:
            if target_lang in MONTHS:
                month = MONTHS[target_lang][new.month - 1][0]
            else:
                m = next((t.group("month") for t in _TOKEN.finditer(new_text) if t.group("month")), None)
                month = m or MONTHS["en"][new.month - 1][0]
            span = span.replace(unknown[0], month, 1)
            return substitute(span, old, new, lang=lang)
    numeric = _numeric(span.strip())
    if numeric is not None and None not in new.fields():
        # written as ``new_text`` is where that is a numeric date (restoration: the
        # original's "06/30/2025" and "2/11/1978" read back from stand-ins that do not say
        # which comes first or how wide: "01/02/2027", "23/03/1980")
        # (the full stop after it, the span's own)
        model = _numeric(new_text.strip()) if new_text else None
        how = numeric[1] if model is None else model[1][:3] + numeric[1][3:]
        return span.replace(span.strip(), _numeric_written(how, new))

    def repl(tok):
        if tok.group("month"):
            month_lang, form_idx = _month_language(tok.group("month"), lang)
            forms = MONTHS[month_lang][(new.month or 1) - 1]
            word = forms[min(form_idx, len(forms) - 1)]
            return _same_case(tok.group("month"), word) + tok.group(0)[len(tok.group("month")):]
        num = tok.group("num")
        n = int(num)
        if len(num) == 4 and old.year is not None and n == old.year and new.year is not None:
            return str(new.year)
        if old.day is not None and n == old.day and new.day is not None:
            ending = tok.group(0)[len(num):]
            return _pad(num, new.day) + (_ordinal_ending(new.day, ending) if ending else "")
        if old.month is not None and n == old.month and new.month is not None:
            return _pad(num, new.month)
        return num

    return _TOKEN.sub(repl, span)


def _ordinal_ending(day: int, model: str) -> str:
    """English ordinal ending of ``day`` in ``model``'s case ("st", "ND")."""
    ending = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return ending.upper() if model.isupper() else ending


def _pad(model: str, value: int) -> str:
    """Zero-pad like the model ("05" -> "09", "5" -> "9")."""
    return f"{value:0{len(model)}d}" if model.startswith("0") else str(value)


def _same_case(model: str, word: str) -> str:
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word[:1].lower() + word[1:]


@functools.lru_cache(maxsize=64)
def _date_tokens(text: str, numeric_month: bool) -> List[Tuple[int, int, str, int]]:
    """(start, end, kind, value) of every month name and number in ``text``, in order: made
    once per text, as restoration looks for several dates, each from several places.

    A token is a whole word: a month name (with the full stop of an abbreviation when a word
    follows it directly: "ene.2012") or a number of at most four digits — what
    ``\\b(?:MONTH\\.?|\\d{1,4})\\b`` finds, since every month name is letters only, but
    with one dictionary look-up per word instead of a 73-way alternation tried at every
    character (a fifth of restoration's time)."""
    toks = []
    for run in _RUN.finditer(text):
        word = run.group()
        if word.isdecimal():
            if len(word) > 4:
                continue
            kinds = []
            if len(word) == 4:
                kinds.append("year")
            elif len(word) <= 2:
                kinds += ["day", "month"] if numeric_month else ["day"]
            for k in kinds:
                toks.append((run.start(), run.end(), k, int(word)))
            continue
        hit = _MONTH_LOOKUP.get(word.lower())
        if hit is not None:
            end = run.end()
            if text[end:end + 1] == "." and _RUN.match(text, end + 1):
                end += 1
            toks.append((run.start(), end, "month", hit[1]))
    return toks


_RUN = re.compile(r"\w+")


def tokens(text: str, numeric_month: bool = False) -> List[Tuple[int, int, str, int]]:
    """(start, end, kind, value) of every month name and number of ``text`` that may be a
    date's component (``_date_tokens``)."""
    return _date_tokens(text, numeric_month)


_DAY_WORD_AFTER = re.compile(r"\s*d\.(?!\w)")


def locate(text: str, value: DateValue, start: int = 0, loose: bool = False,
           numeric_month: bool = False) -> Optional[Tuple[int, int]]:
    """Find the span of ``text`` (from ``start``) holding all of ``value``'s components within
    a short window, in any order and any known language.  Returns (start, end) or None.

    ``loose``: for a full date, accept day and year with at most three words between them,
    whatever they are: an engine may mistranslate a month name ("March" -> "Marcha")."""
    need = {k: v for k, v in (("year", value.year), ("month", value.month), ("day", value.day))
            if v is not None}
    if loose:
        if value.day is None or value.month is None:
            return None
        if value.year is None:
            pat = re.compile(rf"(?<!\d)0?{value.day}\.?\s+(?:de\s+)?[^\W\d_]+")
        else:
            pat = re.compile(rf"(?<!\d)0?{value.day}\.?(?:\s+[^\W\d_]+\.?){{1,3}},?\s+{value.year}(?!\d)")
        m = pat.search(text, start)
        return m.span() if m else None
    # The text's tokens are walked by index from ``start``, each window in place: copying the
    # rest of the list for every token tried (and once more for every call, which restoration
    # makes from each place a date may start) made a date not in a long text quadratic.
    every = _date_tokens(text, numeric_month)
    n = len(every)
    best = None
    for i in range(bisect.bisect_left(every, (start,)), n):
        s0 = every[i][0]
        found: Dict[str, Tuple[int, int]] = {}
        used = set()
        for j in range(i, n):
            s, e, kind, val = every[j]
            if s - s0 > 30:
                break
            if kind in need and need[kind] == val and kind not in found and (s, e) not in used:
                found[kind] = (s, e)
                used.add((s, e))
            if len(found) == len(need):
                span = (min(a for a, _ in found.values()), max(b for _, b in found.values()))
                after = _DAY_WORD_AFTER.match(text, span[1])
                if after and "day" in found and found["day"][1] == span[1]:
                    span = (span[0], after.end())     # Lithuanian "rugsėjo 29 d.": the day's
                if best is None or span[0] < best[0]:
                    best = span
                break
        if best is not None:
            break
    if best is None:
        return None
    return best
