"""Identifier recognisers: recall on valid identifiers, false reports on near-misses.

Valid identifiers are *produced with the validators themselves*: random digits are completed
with whatever check character stdnum / phonenumbers accept (or Faker's own generators), and
every generated value is re-checked.  A near-miss is the same value with one digit changed
so that the type's validator rejects it (verified).  Each value is embedded in a carrier
sentence of the matching language; the recogniser sees the whole sentence.

    python benchmarks/bench_detect_identifiers.py [--n 1000] [--seed 1] [--corpus DIR]

Columns: recall = valid values found with the right category (and, for IDNUM and VAT, the
right subtype) covering the value; nm_same = near-misses reported as that same type (must be
<= 1 %); nm_generic = near-misses still masked as generic IDNUM/NUMBER (the safe side);
nm_other = near-misses reported as some other type.  Rows: URL:scheme / URL:bare (hosts
without a scheme, near-misses file names and abbreviations such as "e.g."), NUMBER:prefixed
(numbers after a number word, spaced or not, and case numbers; near-misses the same digits
as an amount), PHONE:possible (international numbers that are possible but not valid;
near-misses the same digits without the prefix), POSTCODE (an address of one of twelve
countries, street, postcode and town written as that country writes them, made from Faker's
own street, postcode and town generators, inline after "Please send it to" or as the lines
of an address block; found when an ADDRESS span covers the postcode; near-misses the same
digits as a count or a year before a capitalised word, in a sentence or opening a line).

Then false reports on ordinary text: spans on MultiLeg train sentences (../shared/corpora)
that overlap no gold span, per rule, and the most frequent such strings.
"""
from __future__ import annotations

import argparse
import datetime as dt
import random
import re
import string
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from transforms.detect.identifiers import detect  # noqa: E402

CARRIERS = {
    "en": ["The applicant's {label} is {x} as stated in the file.",
           "According to the register ({x}), the claim was lodged.", "{x} was given."],
    "lv": ["Pieteikuma iesniedzēja {label} ir {x}, kā norādīts lietā.", "Saskaņā ar {x} prasība tika iesniegta."],
    "lt": ["Pareiškėjo {label} yra {x}, kaip nurodyta byloje."],
    "pl": ["Numer skarżącego to {x}, jak wskazano w aktach."],
    "et": ["Kaebaja {label} on {x}, nagu toimikus märgitud."],
    "fi": ["Valittajan {label} on {x}, kuten asiakirjoissa todetaan."],
    "sv": ["Sökandens {label} är {x} enligt handlingarna."],
    "da": ["Ansøgerens {label} er {x} ifølge sagens akter."],
    "es": ["El {label} del demandante es {x}, según consta en el expediente."],
    "de": ["Die {label} des Beschwerdeführers lautet {x} laut Akte."],
    "fr": ["Le {label} du requérant est {x} selon le dossier."],
    "it": ["Il {label} del ricorrente è {x} secondo il fascicolo."],
    "nl": ["Het {label} van verzoeker is {x} volgens het dossier."],
}
COUNTRY_LANG = {"LV": "lv", "LT": "lt", "PL": "pl", "EE": "et", "FI": "fi", "SE": "sv",
                "DK": "da", "ES": "es", "DE": "de", "FR": "fr", "IT": "it", "NL": "nl",
                "GB": "en", "US": "en", "AT": "de", "BE": "nl", "PT": "en"}


def _digits(rng, n):
    return "".join(rng.choice(string.digits) for _ in range(n))


def complete(prefix: str, alphabet: str, valid: Callable[[str], bool]) -> Optional[str]:
    """prefix + the check character the validator accepts (None if there is none)."""
    for c in alphabet:
        if valid(prefix + c):
            return prefix + c
    return None


def _date(rng, lo=1930, hi=2015):
    return dt.date(rng.randint(lo, hi), 1, 1) + dt.timedelta(days=rng.randint(0, 364))


# ---------------------------------------------------------------- generators: value, label
def gen_iban(rng, faker):
    from stdnum import iban
    fmt = {"LV": lambda: "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + _digits(rng, 13),
           "LT": lambda: _digits(rng, 16), "EE": lambda: _digits(rng, 16),
           "SE": lambda: _digits(rng, 20), "FI": lambda: _digits(rng, 14),
           "DK": lambda: _digits(rng, 14), "PL": lambda: _digits(rng, 24),
           "DE": lambda: _digits(rng, 18), "ES": lambda: _digits(rng, 20),
           "GB": lambda: "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + _digits(rng, 14),
           "NL": lambda: "".join(rng.choice(string.ascii_uppercase) for _ in range(4)) + _digits(rng, 10),
           "FR": lambda: _digits(rng, 23), "IT": lambda: rng.choice(string.ascii_uppercase) + _digits(rng, 22)}
    while True:
        cc = rng.choice(sorted(fmt))
        bban = fmt[cc]()
        value = cc + iban.calc_check_digits(cc + "00" + bban) + bban
        if iban.is_valid(value):
            return (iban.format(value) if rng.random() < 0.5 else value), cc


def gen_card(rng, faker):
    from stdnum import luhn
    kind = rng.choice(["visa", "mastercard", "amex", "discover", "jcb16", "diners", "visa19"])
    while True:
        num = faker.credit_card_number(kind)
        if 13 <= len(num) <= 19 and num[0] in "23456" and luhn.is_valid(num):
            break
    if rng.random() < 0.5:
        num = " ".join(num[i:i + 4] for i in range(0, len(num), 4))
    return num, "GB"


VAT_FORMATS = {  # country: (template; '#' random digit, last char completed)
    "AT": "U#######", "BE": "0########", "DE": "########", "DK": "#######",
    "EE": "10#######", "FI": "#######", "IT": "##########", "LT": "########",
    "LV": "4#########", "NL": "########B0", "PL": "#########", "SE": "#########01",
    "ES": "B#######", "PT": "5#######",
}


def gen_vat(rng, faker):
    from stdnum.eu import vat
    while True:
        cc = rng.choice(sorted(VAT_FORMATS))
        tpl = "".join(rng.choice(string.digits) if ch == "#" else ch for ch in VAT_FORMATS[cc])
        if cc in ("NL", "SE"):          # check digit sits before the fixed suffix
            head, tail = tpl[:-3 if cc == "NL" else -3], tpl[-3 if cc == "NL" else -3:]
            tail = tail[1:]
            for c in string.digits:
                cand = cc + head + c + tail
                if vat.is_valid(cand):
                    return cand, cc
            continue
        alphabet = string.digits + ("ABCDEFGHJ" if cc == "ES" else "")
        value = complete(cc + tpl, alphabet, vat.is_valid)
        if value:
            return value, cc


def _pc_generators():
    from stdnum.dk import cpr
    from stdnum.de import idnr
    from stdnum.ee import ik
    from stdnum.es import dni, nie
    from stdnum.fi import hetu
    from stdnum.fr import nir
    from stdnum.gb import nhs
    from stdnum.it import codicefiscale
    from stdnum.lt import asmens
    from stdnum.lv import pvn
    from stdnum.nl import bsn
    from stdnum.pl import pesel
    from stdnum.se import personnummer

    def lv(rng):
        d = _date(rng, 1930, 2015)
        body = d.strftime("%d%m%y") + str((d.year // 100) - 18) + _digits(rng, 3)
        v = body + pvn.calc_check_digit_pers(body)
        return v[:6] + "-" + v[6:]

    def lt_ee(mod, rng):
        d = _date(rng)
        first = str((3 if d.year < 2000 else 5) + rng.randint(0, 1))
        return complete(first + d.strftime("%y%m%d") + _digits(rng, 3), string.digits, mod.is_valid)

    def pl(rng):
        d = _date(rng)
        month = d.month + (20 if d.year >= 2000 else 0)
        return complete(d.strftime("%y") + f"{month:02d}" + d.strftime("%d") + _digits(rng, 4),
                        string.digits, pesel.is_valid)

    def fi(rng):
        d = _date(rng)
        sep = "-" if d.year < 2000 else "A"
        return complete(d.strftime("%d%m%y") + sep + f"{rng.randint(2, 899):03d}",
                        "0123456789ABCDEFHJKLMNPRSTUVWXY", hetu.is_valid)

    def se(rng):
        d = _date(rng)
        return complete(d.strftime("%y%m%d") + "-" + _digits(rng, 3), string.digits,
                        personnummer.is_valid)

    def dk(rng):
        d = _date(rng, 1940, 1999)
        v = complete(d.strftime("%d%m%y") + "-" + str(rng.randint(0, 3)) + _digits(rng, 2),
                     string.digits, lambda x: cpr.is_valid(x) and cpr.checksum(cpr.compact(x)) == 0)
        return v

    def es(rng):
        if rng.random() < 0.5:
            return complete(_digits(rng, 8), string.ascii_uppercase, dni.is_valid)
        return complete(rng.choice("XYZ") + _digits(rng, 7), string.ascii_uppercase, nie.is_valid)

    def de(rng):
        digits = rng.sample(string.digits, 9)
        digits.append(rng.choice(digits))
        rng.shuffle(digits)
        if digits[0] == "0":
            return None
        v = complete("".join(digits), string.digits, idnr.is_valid)
        return idnr.format(v) if v and rng.random() < 0.5 else v

    def fr(rng):
        body = (str(rng.randint(1, 2)) + f"{rng.randint(0, 99):02d}" + f"{rng.randint(1, 12):02d}"
                + f"{rng.randint(1, 95):02d}" + _digits(rng, 3) + _digits(rng, 3))
        v = body + nir.calc_check_digits(body)
        return nir.format(v) if rng.random() < 0.5 else v

    def it(rng):
        letters = "".join(rng.choice(string.ascii_uppercase) for _ in range(6))
        d = _date(rng)
        day = d.day + (40 if rng.random() < 0.5 else 0)
        body = (letters + d.strftime("%y") + "ABCDEHLMPRST"[d.month - 1] + f"{day:02d}"
                + rng.choice(string.ascii_uppercase) + _digits(rng, 3))
        return body + codicefiscale.calc_check_digit(body)

    def nl(rng):
        return complete(_digits(rng, 8), string.digits, bsn.is_valid)

    def gb(rng):
        v = complete(_digits(rng, 9), string.digits, nhs.is_valid)
        return nhs.format(v) if v and rng.random() < 0.5 else v

    return {"LV": lv, "LT": lambda r: lt_ee(asmens, r), "EE": lambda r: lt_ee(ik, r), "PL": pl,
            "FI": fi, "SE": se, "DK": dk, "ES": es, "DE": de, "FR": fr, "IT": it, "NL": nl,
            "GB": gb}


def _pc_validators():
    from transforms.detect.identifiers import _personal_codes
    out: Dict[str, List[Callable]] = {}
    for c, _p, v in _personal_codes():
        out.setdefault(c, []).append(v)
    return {c: (lambda x, vs=vs: any(_ok(v, x) for v in vs)) for c, vs in out.items()}


def _ok(fn, x):
    try:
        return bool(fn(x))
    except Exception:
        return False


PHONE_REGIONS = ["LV", "LT", "EE", "PL", "FI", "SE", "DK", "ES", "GB", "DE", "FR", "IT", "NL"]


def gen_phone(rng, faker):
    import phonenumbers as pn
    while True:
        region = rng.choice(PHONE_REGIONS)
        kind = rng.choice([pn.PhoneNumberType.MOBILE, pn.PhoneNumberType.FIXED_LINE])
        ex = pn.example_number_for_type(region, kind)
        if ex is None:
            continue
        nat = str(ex.national_number)
        k = min(5, len(nat) - 2)
        num = pn.PhoneNumber(country_code=ex.country_code,
                             national_number=int(nat[:-k] + _digits(rng, k)))
        if not pn.is_valid_number(num):
            continue
        fmt = rng.choice([pn.PhoneNumberFormat.INTERNATIONAL, pn.PhoneNumberFormat.NATIONAL,
                          pn.PhoneNumberFormat.E164])
        return pn.format_number(num, fmt), region


def _ascii_name(faker, rng) -> str:
    import unicodedata
    name = rng.choice([faker.first_name, faker.last_name])().lower()
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().replace(" ", "")


def gen_email(rng, faker):
    """Faker's addresses, and a person's name as the local part ("jan.kowalski@...")."""
    if rng.random() < 0.5:
        return faker.email(), "GB"
    local = _ascii_name(faker, rng) + rng.choice([".", "_", "-", ""]) + _ascii_name(faker, rng)
    return f"{local}@{rng.choice([faker.free_email_domain(), faker.domain_name()])}", "GB"


def gen_url_scheme(rng, faker):
    return rng.choice([faker.url(), faker.uri(), "https://" + faker.domain_name() + "/"
                       + _ascii_name(faker, rng) + "-" + _ascii_name(faker, rng)]), "GB"


_TLD_SAMPLE: List[str] = []


def _random_tld(rng) -> str:
    """Half the time a common one, else any real (ASCII) top-level domain."""
    if not _TLD_SAMPLE:
        from transforms.detect.tlds import top_level_domains
        _TLD_SAMPLE.extend(sorted(t for t in top_level_domains()
                                  if t.isascii() and not t.startswith("xn--")))
    return rng.choice(["com", "org", "eu", "lv", "pl", "ee", "lt", "fi", "de", "ws", "io"]
                      if rng.random() < 0.5 else _TLD_SAMPLE)


def gen_url_bare(rng, faker):
    """Hosts without a scheme: "bookarchive.ws", "www.example.org/path",
    "curia.europa.eu/juris", a name in the path."""
    word = faker.domain_word()
    host = rng.choice([f"{word}.{_random_tld(rng)}", f"www.{word}.{_random_tld(rng)}",
                       f"{faker.domain_word()}.{word}.{_random_tld(rng)}"])
    path = rng.choice(["", "", "/" + faker.uri_path(), "/" + _ascii_name(faker, rng),
                       "/~" + _ascii_name(faker, rng) + "." + _ascii_name(faker, rng)])
    return host + path, "GB"


# what introduces a number, per carrier language
NUMBER_WORDS = {"en": ["No", "No.", "no.", "Application no.", "number", "Nos"],
                "lv": ["Nr.", "nr.", "numurs"], "lt": ["Nr.", "nr."], "et": ["nr", "Nr."],
                "fi": ["nro", "Nro"], "pl": ["nr", "Nr", "numer"], "da": ["nr.", "Nr."],
                "sv": ["nr", "Nr"], "fr": ["n°", "N°", "numéro"], "es": ["núm.", "n.º", "nº"],
                "de": ["Nr.", "Nummer"]}
NUMBER_COUNTRY = {"en": "GB", "lv": "LV", "lt": "LT", "et": "EE", "fi": "FI", "pl": "PL",
                  "da": "DK", "sv": "SE", "fr": "FR", "es": "ES", "de": "DE"}


def _grouped(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _irregular(rng) -> str:
    """Digits in groups of two to four, as forms print account, policy and customer numbers
    ("4471 2290", "448 120 77")."""
    groups = [_digits(rng, rng.randint(2, 4)) for _ in range(rng.randint(2, 4))]
    while sum(len(g) for g in groups) < 6:
        groups.append(_digits(rng, 3))
    return " ".join(groups)


def gen_number(rng, faker):
    """A number introduced by a number word: spaced ("No 18 198 833"), in groups of any
    length ("Policy number: 448 120 77"), after a letter code ("number NF 448 120 77"), with
    a slash or dash ("no. 12345/09", "nr. 2017/1234", "2217588‑0001"), or a case number
    ("C-123/4567")."""
    lang = rng.choice(sorted(NUMBER_WORDS))
    word = rng.choice(NUMBER_WORDS[lang])
    form = rng.random()
    if form < 0.3:
        num = _grouped(rng.randint(100_000, 99_999_999))
    elif form < 0.4:
        num = _irregular(rng)
    elif form < 0.5:
        num = "".join(rng.choice(string.ascii_uppercase) for _ in range(rng.randint(1, 3))) \
            + rng.choice(" -") + _irregular(rng)
    elif form < 0.7:
        num = f"{rng.randint(1000, 99999)}/{rng.randint(0, 99):02d}"
        num = num if sum(c.isdigit() for c in num) >= 6 else "1" + num
    elif form < 0.8:
        num = f"{rng.randint(1990, 2024)}/{rng.randint(1, 9999):04d}"
    elif form < 0.9:
        num = f"{rng.randint(1_000_000, 9_999_999)}{rng.choice('-‑–')}{rng.randint(1, 9999):04d}"
    else:
        return f"{rng.choice('CTF')}-{rng.randint(100, 999)}/{rng.randint(1000, 9999)}", \
            NUMBER_COUNTRY[lang]
    return f"{word} {num}", NUMBER_COUNTRY[lang]


def near_number(rng, value):
    """The same digits as an amount, with no number word: must stay translatable."""
    digits = "".join(c for c in value if c.isdigit())
    return rng.choice(["EUR ", "", "USD ", "PLN "]) + _grouped(int(digits[:8]))


def gen_phone_possible(rng, faker):
    """International numbers phonenumbers calls possible but not valid ("+48 709 583 399")."""
    import phonenumbers as pn
    from phonenumbers import PhoneMetadata
    while True:
        region = rng.choice(PHONE_REGIONS)
        md = PhoneMetadata.metadata_for_region(region)
        # six national digits at least: shorter "possible" numbers are not reported (<7 digits)
        length = rng.choice([n for n in md.general_desc.possible_length if n >= 6])
        nat = str(rng.randint(1, 9)) + _digits(rng, length - 1)
        num = pn.PhoneNumber(country_code=md.country_code, national_number=int(nat))
        if pn.is_possible_number(num) and not pn.is_valid_number(num):
            lead = rng.choice(["+", "+", "00"])
            body = rng.choice([nat, " ".join(nat[i:i + 3] for i in range(0, len(nat), 3))])
            return f"{lead}{md.country_code} {body}", region


def near_phone_possible(rng, value):
    """The same digits without the international prefix: an ordinary number."""
    return value.lstrip("+").removeprefix("00")


def gen_ip(rng, faker):
    return (faker.ipv4() if rng.random() < 0.6 else faker.ipv6()), "GB"


DATE_LANGS = ["en", "es", "lv", "lt", "pl", "et", "fi", "sv", "da"]
_MONTH_FORMS = {  # genitive / inflected forms as used in full dates
    "en": "January February March April May June July August September October November December",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "lv": "janvārī februārī martā aprīlī maijā jūnijā jūlijā augustā septembrī oktobrī novembrī decembrī",
    "lt": "sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio lapkričio gruodžio",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia",
    "et": "jaanuaril veebruaril märtsil aprillil mail juunil juulil augustil septembril oktoobril novembril detsembril",
    "fi": "tammikuuta helmikuuta maaliskuuta huhtikuuta toukokuuta kesäkuuta heinäkuuta elokuuta syyskuuta lokakuuta marraskuuta joulukuuta",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
    "da": "januar februar marts april maj juni juli august september oktober november december",
}
_LV_NOM = "janvāris februāris marts aprīlis maijs jūnijs jūlijs augusts septembris oktobris novembris decembris".split()


def format_date(rng, d: dt.date, lang: str) -> str:
    m = _MONTH_FORMS[lang].split()[d.month - 1]
    if rng.random() < 0.3:
        return rng.choice([d.strftime("%d.%m.%Y"), d.strftime("%Y-%m-%d"), d.strftime("%d/%m/%Y"),
                           f"{d.day}.{d.month}.{d.year}."])
    if lang == "en":
        return rng.choice([f"{d.day} {m} {d.year}", f"{m} {d.day}, {d.year}", f"{d.day} {m}"])
    if lang == "es":
        return rng.choice([f"{d.day} de {m} de {d.year}", f"{d.day} de {m}"])
    if lang == "lv":
        return rng.choice([f"{d.year}. gada {d.day}. {m}", f"{d.day}. {m}",
                           f"{d.year}. gada {d.day}. {_LV_NOM[d.month - 1]}"])
    if lang == "lt":
        return rng.choice([f"{d.year} m. {m} {d.day} d.", f"{d.year} m. {m} {d.day}"])
    if lang == "pl":
        return rng.choice([f"{d.day} {m} {d.year} r.", f"{d.day} {m} {d.year}"])
    if lang in ("et", "fi", "da"):
        return rng.choice([f"{d.day}. {m} {d.year}", f"{d.day}. {m}"])
    return rng.choice([f"{d.day} {m} {d.year}", f"{d.day} {m}"])


def gen_date(rng, faker):
    lang = rng.choice(DATE_LANGS)
    return format_date(rng, _date(rng, 1950, 2024), lang), {"en": "GB", "es": "ES", "lv": "LV",
        "lt": "LT", "pl": "PL", "et": "EE", "fi": "FI", "sv": "SE", "da": "DK"}[lang]


# ---------------------------------------------------------------- near-misses
def change_one_digit(rng, value: str, still_valid: Callable[[str], bool]) -> Optional[str]:
    positions = [i for i, c in enumerate(value) if c.isdigit()]
    rng.shuffle(positions)
    for i in positions:
        for _ in range(3):
            c = rng.choice([d for d in string.digits if d != value[i]])
            cand = value[:i] + c + value[i + 1:]
            if not still_valid(cand):
                return cand
    return None


def near_email(rng, value):
    return value.replace("@", "", 1)          # no longer an address


def near_url(rng, faker):
    return faker.file_name()                  # dotted but not a URL ("report.docx")


# dotted words of running text that are no hosts (abbreviations, decimals, company forms)
NOT_HOSTS = ["e.g.", "i.e.", "m.in.", "Co.KG", "3.5", "No.", "z.o.o.", "S.p.A.", "m.st.",
             "bl.a.", "t.ex.", "u.c.", "op.cit.", "1.2.3", "p.p.", "Sp.j.", "f.eks."]


def near_bare(rng, faker):
    return rng.choice([faker.file_name(), rng.choice(NOT_HOSTS)])


def near_ip(rng, value):
    if ":" in value:
        parts = value.split(":")
        parts[rng.randrange(len(parts))] = "g" + _digits(rng, 3)   # not hex
        return ":".join(parts)
    parts = value.split(".")
    parts[rng.randrange(4)] = str(rng.randint(256, 999))
    return ".".join(parts)


def near_date(rng, faker):
    d = _date(rng, 1950, 2024)
    if rng.random() < 0.5:
        return f"{rng.randint(32, 39)}.{d.month:02d}.{d.year}"
    return f"{d.year}-{rng.randint(13, 19)}-{d.day:02d}"


def near_phone(rng, value):
    """One digit dropped: no longer a valid number for its plan (verified by the caller).
    Written internationally, the country code is replaced by an unassigned one (+28x) instead:
    a *possible* number with its country code is masked as a phone number on purpose."""
    if value.startswith("+"):
        import phonenumbers as pn
        num = pn.parse(value, None)
        cc = str(num.country_code)
        return "+28" + str(rng.randint(0, 9)) + value[1 + len(cc):]
    pos = [i for i, c in enumerate(value) if c.isdigit()][3:]
    i = rng.choice(pos)
    return value[:i] + value[i + 1:]


# (locale, town after the postcode?, how the postcode is written)
POSTCODE_LOCALES = [("en_GB", False, None), ("en_US", False, "US"), ("en_CA", False, "CA"),
                    ("nl_NL", True, "NL"), ("de_DE", True, None), ("pl_PL", True, None),
                    ("fi_FI", True, None), ("sv_SE", True, "SE"), ("da_DK", True, None),
                    ("fr_FR", True, None), ("lv_LV", True, "LV"), ("lt_LT", True, "LT")]
_US_STATE_CODES = "AL AZ CA CO FL GA IL MA MI NY OH PA TX WA".split()
_CA_PROVINCES = "AB BC MB NB NL NS ON PE QC SK".split()


def postcode_case(rng, fakers) -> Tuple[str, int, int]:
    """(text, start, end of the postcode) of an address as its country writes it."""
    loc, town_after, style = rng.choice(POSTCODE_LOCALES)
    f = fakers[loc]
    street = f.street_address().replace("\n", " ")
    town = f.city()
    code = f.postcode()
    if style == "NL":
        code = code[:4] + " " + code[4:] if rng.random() < 0.5 and " " not in code else code
    elif style == "SE":
        code = code[:3] + " " + code[3:]
    elif style == "LV":
        code, town, street = f"LV-{rng.randint(1001, 5799)}", rng.choice(
            ["Rīga", "Jelgava", "Cēsis", "Valmiera"]), f"Brīvības iela {rng.randint(1, 200)}"
    elif style == "LT":
        code, town, street = f"LT-{rng.randint(1000, 99999):05d}", rng.choice(
            ["Vilnius", "Kaunas", "Šiauliai"]), f"Gedimino pr. {rng.randint(1, 90)}"
    if town_after:
        place = f"{code} {town}"
    elif style == "US":
        place = f"{town}, {rng.choice(_US_STATE_CODES)} {code}"
    elif style == "CA":
        place = f"{town}, {rng.choice(_CA_PROVINCES)} {code}"
    else:
        place = f"{town} {code}"
    if rng.random() < 0.5:
        pre = f"Please send it to {street}, "
        text = pre + place + "."
    else:
        pre = f"Jane Example\n{street}\n"
        text = pre + place
    s = len(pre) + place.index(code)
    return text, s, s + len(code)


def postcode_near(rng, text, s, e) -> Tuple[str, int, int]:
    """The postcode's digits as a count or a year before a capitalised word."""
    digits = "".join(c for c in text[s:e] if c.isdigit())[:5] or "2019"
    noun = rng.choice(["Households", "Participants", "Menschen", "Annual Report", "Euro",
                       "Members"])
    pre = rng.choice(["The survey reached ", "", "In total ", "Table 2: "])
    return pre + digits + " " + noun + ("." if pre else ""), len(pre), len(pre) + len(digits)


# ---------------------------------------------------------------- evaluation
def _country_lang(country):
    return COUNTRY_LANG.get(country, "en")


def _sentence(rng, lang, value, label):
    tpl = rng.choice(CARRIERS.get(lang, CARRIERS["en"]))
    pre, post = tpl.split("{x}")
    pre = pre.replace("{label}", label)
    post = post.replace("{label}", label)
    return pre + value + post, len(pre), len(pre) + len(value)


def evaluate(kind: str, category: str, subtype: Optional[str], value: str, country: str,
             rng) -> Tuple[bool, str]:
    """Embed, detect; return (found with right type, how it was reported)."""
    lang = _country_lang(country)
    text, s, e = _sentence(rng, lang, value, "number")
    if kind.startswith("NUMBER") and value[:1].isalpha():
        core = re.search(r"[A-Z][\-\u2011]\d|\d", value)
        if core and not re.match(r"[A-Z][\-\u2011]\d", value):
            s += core.start()        # "No 18 198 833": the number, not its word
    spans = detect(text, lang=lang, country=country)
    verdict = "none"
    for sp in spans:
        if sp.end <= s or sp.start >= e:
            continue
        same = (category is None or sp.category == category) and (
            subtype is None or sp.subtype == subtype)
        if same and sp.start <= s and sp.end >= e - (1 if value.endswith(".") else 0) \
                and (sp.end - sp.start) <= (e - s) + 4:
            return True, "same"
        if same:
            verdict = "same"
        elif sp.subtype == "NUMBER" and verdict == "none":
            verdict = "generic"
        elif verdict == "none":
            verdict = "other:" + sp.category + ":" + sp.text
    return False, verdict


def run(n: int = 1000, seed: int = 1, only: Optional[List[str]] = None, out=sys.stdout,
        verbose: bool = False):
    from faker import Faker
    from stdnum import iban, luhn
    from stdnum.eu import vat
    import phonenumbers as pn
    rng = random.Random(seed)
    Faker.seed(seed)
    faker = Faker(["en_GB", "lv_LV", "es_ES", "pl_PL", "fi_FI", "sv_SE", "da_DK", "de_DE"])
    pcg = _pc_generators()
    pcv = _pc_validators()

    def phone_valid(x, region):
        try:
            return pn.is_valid_number(pn.parse(x, region))
        except Exception:
            return False

    rows = []
    types = [("IBAN", "IBAN", None, gen_iban, lambda v, r: change_one_digit(r, v, _safe(iban.is_valid))),
             ("CARD", "CARD", None, gen_card, lambda v, r: change_one_digit(r, v, _safe(lambda x: luhn.is_valid(x.replace(" ", ""))))),
             ("VAT", "VAT", "vat", gen_vat, lambda v, r: change_one_digit(r, v, _safe(vat.is_valid)))]
    for cc, g in pcg.items():
        types.append((f"IDNUM:{cc}", "IDNUM", "PERSONAL_CODE:" + cc,
                      (lambda r, f, g=g, cc=cc: (_retry(lambda: g(r)), cc)),
                      (lambda v, r, cc=cc: change_one_digit(r, v, pcv[cc]))))
    types += [("PHONE", "PHONE", None, gen_phone, None),
              ("PHONE:possible", "PHONE", None, gen_phone_possible,
               lambda v, r: near_phone_possible(r, v)),
              ("EMAIL", "EMAIL", None, gen_email, lambda v, r: near_email(r, v)),
              ("URL:scheme", "URL", None, gen_url_scheme, lambda v, r: near_url(r, faker)),
              ("URL:bare", "URL", None, gen_url_bare, lambda v, r: near_bare(r, faker)),
              # any category: a number after a number word that is also a valid phone
              # number ("numurs 29 190 028") is masked as one
              ("NUMBER:prefixed", None, None, gen_number, lambda v, r: near_number(r, v)),
              ("IP", "IP", None, gen_ip, lambda v, r: near_ip(r, v)),
              ("DATE", "DATE", None, gen_date, lambda v, r: near_date(r, faker))]
    print(f"{'type':12} {'n':>5} {'recall':>7} {'nm_n':>5} {'nm_same':>8} {'nm_generic':>10} "
          f"{'nm_other':>8}", file=out)
    if not only or "POSTCODE" in only:
        rows.append(_postcode_row(n, rng, out))
    for name, cat, sub, gen, near in types:
        if only and name.split(":")[0] not in only and name not in only:
            continue
        t0 = time.time()
        hits = 0
        misses = []
        nm = {"same": 0, "generic": 0, "other": 0, "none": 0}
        nm_n = 0
        others = []
        for _ in range(n):
            value, country = gen(rng, faker)
            subtype = ("VAT:" + value[:2]) if sub == "vat" else sub
            ok, _how = evaluate(name, cat, subtype, value, country, rng)
            hits += ok
            if not ok and len(misses) < 5:
                misses.append(value)
            if name == "PHONE":
                bad = near_phone(rng, value)
                if phone_valid(bad, country):
                    continue
            else:
                bad = near(value, rng)
                if name == "PHONE:possible" and phone_valid(bad, country):
                    continue        # the digits alone happen to be a valid national number
            if bad is None:
                continue
            nm_n += 1
            # a row that counts any category for recall counts near-misses as IDNUM/NUMBER
            # (an amount the phone matcher takes for a valid number is another matter)
            _ok2, how = evaluate(name, cat or "IDNUM", subtype or ("NUMBER" if not cat else None),
                                 bad, country, rng)
            nm[how.split(":")[0]] += 1
            if how.startswith("other") and len(others) < 4:
                others.append((bad, how[6:]))
        row = dict(type=name, n=n, recall=hits / n, nm_n=nm_n,
                   nm_same=nm["same"] / max(nm_n, 1), nm_generic=nm["generic"] / max(nm_n, 1),
                   nm_other=nm["other"] / max(nm_n, 1), misses=misses, others=others, secs=time.time() - t0)
        rows.append(row)
        print(f"{name:12} {n:5} {row['recall']:7.3f} {nm_n:5} {row['nm_same']:8.3f} "
              f"{row['nm_generic']:10.3f} {row['nm_other']:8.3f}"
              + (f"   e.g. missed {misses[:3]}" if misses else ""), file=out)
    if verbose:
        for r in rows:
            if r["others"]:
                print(f"  {r['type']}: near-misses reported as another type, e.g. {r['others']}",
                      file=out)
    return rows


def _postcode_row(n: int, rng, out) -> dict:
    """The POSTCODE row (``postcode_case``, ``postcode_near``), counted as the others."""
    from faker import Faker
    t0 = time.time()
    fakers = {loc: Faker(loc) for loc, _, _ in POSTCODE_LOCALES}
    for i, f in enumerate(fakers.values()):
        f.seed_instance(rng.randint(0, 10**6) + i)
    hits, misses, nm_same = 0, [], 0

    def covered(text, s, e):
        return any(sp.category == "ADDRESS" and sp.start <= s and e <= sp.end
                   for sp in detect(text, lang="en"))

    for _ in range(n):
        text, s, e = postcode_case(rng, fakers)
        if covered(text, s, e):
            hits += 1
        elif len(misses) < 5:
            misses.append(text.replace("\n", " | "))
        bad, bs, be = postcode_near(rng, text, s, e)
        nm_same += any(sp.category == "ADDRESS" and sp.start < be and bs < sp.end
                       for sp in detect(bad, lang="en"))
    row = dict(type="POSTCODE", n=n, recall=hits / n, nm_n=n, nm_same=nm_same / n,
               nm_generic=0.0, nm_other=0.0, misses=misses, others=[], secs=time.time() - t0)
    print(f"{'POSTCODE':12} {n:5} {row['recall']:7.3f} {n:5} {row['nm_same']:8.3f} "
          f"{0.0:10.3f} {0.0:8.3f}" + (f"   e.g. missed {misses[:3]}" if misses else ""),
          file=out)
    return row


# ---------------------------------------------------------------- ordinary text
CORPUS = ROOT.parent / "shared" / "corpora" / "multileg" / "train"


def rule_of(span, lang: str) -> str:
    """Which rule reported a span, told by its shape: the rules for hosts without a scheme,
    numbers with a number word or a letter prefix, merely possible phone numbers and years
    with their year word are the new ones (``*``); the rest is reported by its category."""
    if span.category == "URL":
        low = span.text.lower()
        return "URL" if "://" in low or low.startswith("www.") else "URL:bare*"
    if span.subtype == "NUMBER":
        t = span.text
        if any(c in t for c in " \u00a0\u202f\u2010\u2011\u2012\u2013") or t[:1].isalpha():
            return "NUMBER:prefixed*"
        return "NUMBER"
    if span.category == "PHONE":
        import phonenumbers as pn
        try:
            num = pn.parse(span.text, COUNTRY_OF_LANG.get(lang) or "DE")
            return "PHONE" if pn.is_valid_number(num) else "PHONE:possible*"
        except Exception:
            return "PHONE:possible*"
    if span.subtype == "DATE:year":
        return "DATE:year*"
    return span.category


COUNTRY_OF_LANG = {"en": "GB", "lv": "LV", "lt": "LT", "et": "EE", "fi": "FI", "pl": "PL",
                   "da": "DK", "sv": "SE"}


def false_reports(corpus: Path = CORPUS, langs: Optional[List[str]] = None, top: int = 12,
                  out=sys.stdout) -> Dict[str, "collections.Counter"]:
    """Spans reported on MultiLeg's ordinary sentences that overlap no gold span (gold has
    PER, ORG, LOC, DATE, IDNUM, URL, AMOUNT, ...), per rule, with the most frequent strings."""
    import collections
    import json
    found: Dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    lines = spans_n = 0
    gold_n: collections.Counter = collections.Counter()
    gold_hit: collections.Counter = collections.Counter()
    for lang_dir in sorted(corpus.iterdir()) if corpus.is_dir() else []:
        lang = lang_dir.name
        if langs and lang not in langs:
            continue
        for path in sorted(lang_dir.glob("*.jsonl")):
            for line in path.open(encoding="utf-8"):
                doc = json.loads(line)
                text, gold = doc["text"], doc.get("label") or []
                lines += 1
                spans = detect(text, lang=lang)
                for gs, ge, cat in gold:
                    # gold identifiers, and dates written with digits: every digit (every
                    # character of a URL) inside a span
                    need = [i for i in range(gs, ge)
                            if ((not text[i].isspace()) if cat == "URL" else text[i].isdigit())]
                    if cat in ("IDNUM", "URL", "DATE") and need:
                        gold_n[cat] += 1
                        gold_hit[cat] += all(any(sp.start <= i < sp.end for sp in spans)
                                             for i in need)
                for sp in spans:
                    spans_n += 1
                    if any(sp.start < ge and gs < sp.end for gs, ge, _ in gold):
                        continue
                    found[rule_of(sp, lang)][f"{lang}: {sp.text}"] += 1
    print(f"\nfalse reports on ordinary text ({corpus}, {lines} lines, {spans_n} spans; "
          f"* = rules for hosts without a scheme, numbers with a number word, possible phone "
          f"numbers, years with their year word)", file=out)
    for rule in sorted(found, key=lambda r: (not r.endswith("*"), r)):
        c = found[rule]
        print(f"  {rule:18} {sum(c.values()):5}   e.g. "
              + ", ".join(f"{t!r} x{k}" for t, k in c.most_common(top)), file=out)
    if not found:
        print("  none", file=out)
    print("gold spans covered (IDNUM and DATE: every digit; URL: every character): "
          + ", ".join(f"{c} {gold_hit[c] / gold_n[c]:.3f} of {gold_n[c]}" for c in sorted(gold_n)),
          file=out)
    return found


def _retry(fn):
    while True:
        v = fn()
        if v:
            return v


def _safe(fn):
    return lambda x: _ok(fn, x)


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", nargs="*")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--corpus", type=Path, default=CORPUS,
                    help="MultiLeg train directory (one folder per language) for the "
                         "false-report count on ordinary text")
    ap.add_argument("--no-corpus", action="store_true")
    a = ap.parse_args()
    run(a.n, a.seed, a.only, verbose=a.verbose)
    if not a.no_corpus:
        false_reports(a.corpus)
