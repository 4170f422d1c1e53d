"""How a replacement wears the surface of the mention it replaces (pure): the mention's
capitalisation (``apply_case``), its English possessive (``_possessive``) and the name words
behind its titles (``_name_words``).  Shared by every kind of pseudonym and by the masks."""
from __future__ import annotations

from typing import List

from transforms.linking import POSSESSIVE, TITLES, fold


def _name_words(text: str) -> List[str]:
    words = POSSESSIVE.sub("", text).split()
    while words and fold(words[0]).rstrip(".") in TITLES:
        words = words[1:]
    return words


def _possessive(text: str) -> str:
    m = POSSESSIVE.search(text.strip())
    if not m:
        return ""
    bare = text.strip()[: m.start()]
    return m.group(0) if bare and bare[-1].isalnum() else ""


def apply_case(model: str, text: str) -> str:
    """``text`` in the case the mention ``model`` is written in: capitals for a mention in
    capitals (not for acronyms alone), and ordinary case for a mention with no word in
    capitals — a cluster whose canonical form is a heading ("THE WORKING GROUP") has its
    pseudonym in capitals, and "the Working Group" must not go out as "the THREATENING
    CHAT"."""
    letters = [c for c in model if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters) and not all(
            w.isupper() and len(w) <= 3 for w in model.split()):
        return text.upper()
    words, fakes = model.split(), text.split(" ")
    if len(words) == len(fakes) > 1:
        # word for word: "the Court (Grand Chamber)" of a cluster named by the heading
        # "THE COURT (Grand Chamber)" is not sent as "the ESTIMATE (Funny Chart)"
        return " ".join(_word_case(w, f) for w, f in zip(words, fakes))
    if letters and text.isupper() and not any(
            sum(c.isupper() for c in w) > 1 for w in model.split()):
        return " ".join(w[:1] + w[1:].lower() if w[:1].isalpha() else w
                        for w in text.split(" "))
    return text


def lower_like(model: str, text: str) -> str:
    """``text`` with its capitalised words in lower case where the mention ``model`` is all in
    lower case: Swedish writes "kommissionen", "franska" (demonyms) in lower case, and a
    capital in mid-sentence makes the engine read "Vården" or "Rika" as a name, where it
    reads "vården" or "rika" as it reads "kommissionen" or "franska".  Words in capitals
    ("EU") stay."""
    letters = [c for c in model if c.isalpha()]
    if not letters or any(c.isupper() for c in letters):
        return text
    return " ".join(w[:1].lower() + w[1:] if w[1:] == w[1:].lower() else w
                    for w in text.split(" "))


def _word_case(model: str, word: str) -> str:
    """``word`` in capitals where ``model`` is a word in capitals, in ordinary case where the
    pseudonym's word is in capitals but the mention's is not; else as it is."""
    letters = [c for c in model if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return word.upper()
    if word.isupper() and sum(c.isupper() for c in letters) <= 1 and \
            sum(c.isalpha() for c in word) > 1:
        return word[:1] + word[1:].lower()
    return word
