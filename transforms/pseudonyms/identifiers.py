"""Identifiers and everything else: validated fakes and the format-preserving scramble (pure).

Identifiers whose type detection validated (IBAN, card, VAT, personal code, phone, IP) get a
fake of the same type that passes the same validation, so MT leaves it alone and detection
would accept it (``fake_identifier``).  Identifiers and anything else get a format-preserving
scramble (letters -> letters of the same case, digits -> digits: ``scramble``).
"""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, List, Optional, Set

from schemas.records import Cluster
from transforms.linking import fold, propagatable
from transforms.pseudonyms.keyed import keyed_int

if TYPE_CHECKING:  # pragma: no cover
    from transforms.pseudonyms.chooser import PseudonymChooser


def fake_identifier(ch: "PseudonymChooser", cluster: Cluster, subtype: str) -> Optional[str]:
    """A fake of the same identifier type that passes the same validation (the detector's
    own recogniser re-detects it with the same subtype), or None."""
    check = _identifier_check(subtype)
    if check is None:
        return None
    text = cluster.canonical
    kind = subtype.split(":")[0]
    keep = _kept_positions(text, kind)
    for attempt in range(300):
        chars = list(scramble_once(ch, text, f"id{attempt}", keep))
        if kind == "IBAN":
            chars = _fix_iban(chars)
        elif kind == "CARD":
            chars = _fix_luhn(chars)
        for cand in _last_char_variants(chars, kind):
            if cand != text and check(cand) and ch._acceptable(cand, share_words=True):
                ch.used.add(fold(cand))
                return cand
    return None


def scramble_once(ch: "PseudonymChooser", text: str, salt: str,
                  keep: Set[int] = frozenset()) -> str:
    out = []
    for i, c in enumerate(text):
        if i in keep:
            out.append(c)
            continue
        r = keyed_int(ch.secret, ch.scope, text, salt, str(i))
        if c.isdigit():
            out.append(str(r % 10))
        elif c.isalpha() and c.isascii():
            out.append(("ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c.isupper()
                        else "abcdefghijklmnopqrstuvwxyz")[r % 26])
        else:
            out.append(c)
    return "".join(out)


def scramble(ch: "PseudonymChooser", cluster: Cluster, text: Optional[str] = None) -> str:
    """``text`` (the cluster's canonical form by default) scrambled, keyed by the cluster; not
    the text itself, not taken, and (unless a bare short number) acceptable; taken."""
    text = cluster.canonical if text is None else text
    if not any(c.isalnum() for c in text):
        # Nothing to scramble ("%", a gold AMOUNT_UNIT under --categories all): a string of
        # symbols identifies no one, and failing here failed the whole document.
        return text
    for attempt in range(50):
        out = []
        for i, c in enumerate(text):
            r = keyed_int(ch.secret, ch.scope, cluster.key, str(attempt), str(i))
            if c.isdigit():
                out.append(str(r % 10))
            elif c.isalpha() and c.isascii():
                base = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c.isupper() else "abcdefghijklmnopqrstuvwxyz"
                out.append(base[r % 26])
            elif c.isalpha():
                base = "ÁÉÍÓÚÑ" if c.isupper() else "áéíóúñ"
                out.append(base[r % len(base)])
            else:
                out.append(c)
        cand = "".join(out)
        # A bare short number identifies no one (linking.propagatable): any other value will do.
        # ...but two entities never share one.
        # A scrambled acronym that is a word the engine translates ("EU" -> "WE" ->
        # "NOSOTROS") could not be found in the translation again: try the next.
        if cand != text and fold(cand) not in ch.used and (
                not propagatable(cand) or ch._acceptable(cand, share_words=True)) and \
                not (attempt < 40 and ch.changes_words(re.findall(r"[^\W\d_]+", cand))):
            ch.used.add(fold(cand))
            return cand
    raise RuntimeError("could not scramble")


# -- validated identifiers ------------------------------------------------------------
_RECOGNISER = {"IBAN": "IBAN", "CARD": "CARD", "VAT": "VAT", "PERSONAL_CODE": "PERSONAL_CODE",
               "PHONE": "PHONE", "IPv4": "IP", "IPv6": "IP"}


def _identifier_check(subtype: str):
    """A predicate: the subtype's own recogniser finds the whole candidate with the same
    subtype (so a fake passes exactly the checks the original passed)."""
    kind, _, country = subtype.partition(":")
    name = _RECOGNISER.get(kind)
    if name is None:
        return None
    from transforms.detect import identifiers  # noqa: F401  (fills the registry)
    from transforms.detect.base import REGISTRY, Context
    rec = REGISTRY.get(name)
    if rec is None:
        return None
    ctx = Context(country=country if kind in ("PERSONAL_CODE", "PHONE") and country != "?" else "")

    def check(cand: str) -> bool:
        try:
            spans = rec.find(cand, ctx)
        except Exception:
            return False
        return any(s.start == 0 and s.end == len(cand) and s.subtype == subtype for s in spans)
    return check


def _kept_positions(text: str, kind: str) -> Set[int]:
    """Characters a fake keeps: what says which scheme it is, not whose number it is."""
    alnum = [i for i, c in enumerate(text) if c.isalnum()]
    if kind in ("IBAN", "VAT"):
        return set(alnum[:2])                # country code
    if kind == "CARD":
        return set(alnum[:4])                # issuer prefix (the card network)
    if kind == "PHONE":
        plus = text.lstrip().startswith("+")
        return set(alnum[:(5 if plus else 3)])   # country code and area / mobile prefix
    return set()


def _fix_iban(chars: List[str]) -> List[str]:
    from stdnum import iban
    pos = [i for i, c in enumerate(chars) if c.isalnum()]
    compact = "".join(chars[i] for i in pos).upper()
    try:
        digits = iban.calc_check_digits(compact)
    except Exception:
        return chars
    chars = list(chars)
    chars[pos[2]], chars[pos[3]] = digits[0], digits[1]
    return chars


def _fix_luhn(chars: List[str]) -> List[str]:
    from stdnum import luhn
    pos = [i for i, c in enumerate(chars) if c.isdigit()]
    body = "".join(chars[i] for i in pos[:-1])
    chars = list(chars)
    chars[pos[-1]] = luhn.calc_check_digit(body)
    return chars


def _last_char_variants(chars: List[str], kind: str) -> List[str]:
    """The candidate, then (for schemes whose check character is last) the candidate with
    every possible last character: a scrambled body then needs only a valid date part."""
    base = "".join(chars)
    if kind not in ("PERSONAL_CODE", "VAT"):
        return [base]
    pos = [i for i, c in enumerate(chars) if c.isalnum()]
    if not pos:
        return [base]
    last = pos[-1]
    alphabet = "0123456789" if chars[last].isdigit() else "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    return [base] + ["".join(chars[:last] + [a] + chars[last + 1:]) for a in alphabet
                     if a != chars[last]]
