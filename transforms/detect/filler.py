"""Placeholder text: the "Lorem ipsum" that templates and layout tools fill pages with.

Its capitalised words ("Lorem", "Maecenas", "Fusce") look like names to any detector that has
not met them, and a template's filler holds no personal data.  A sentence made of its words
is filler: no name is taken from its words.  The vocabulary is the two passages in common use (Word's
``=lorem()`` and the lipsum.com text, both public domain) and Faker's Latin word list, which
generates more of it."""
from __future__ import annotations

import functools
import re
from typing import FrozenSet

_PASSAGES = (
    # Microsoft Word's =lorem()
    "Lorem ipsum dolor sit amet, consectetuer adipiscing elit. Maecenas porttitor congue "
    "massa. Fusce posuere, magna sed pulvinar ultricies, purus lectus malesuada libero, sit "
    "amet commodo magna eros quis urna. Nunc viverra imperdiet enim. Fusce est. Vivamus a "
    "tellus. Pellentesque habitant morbi tristique senectus et netus et malesuada fames ac "
    "turpis egestas. Proin pharetra nonummy pede. Mauris et orci. Aenean nec lorem. In "
    "porttitor. Donec laoreet nonummy augue. Suspendisse dui purus, scelerisque at, vulputate "
    "vitae, pretium mattis, nunc. Mauris eget neque at sem venenatis eleifend. Ut nonummy.",
    # the classic passage (lipsum.com)
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
    "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "
    "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure "
    "dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. "
    "Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt "
    "mollit anim id est laborum.")
_WORD = re.compile(r"[^\W\d_]+")
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# share of a sentence's words that must be filler words, and how many words at least
SHARE = 0.6
MIN_WORDS = 2


@functools.lru_cache(maxsize=1)
def vocabulary() -> FrozenSet[str]:
    words = {w.lower() for p in _PASSAGES for w in _WORD.findall(p)}
    try:
        from faker.providers.lorem.la import Provider
        words |= {w.lower() for w in Provider.word_list}
    except ImportError:       # Faker is a dependency; the passages alone still serve
        pass
    return frozenset(words)


def filler(text: str, start: int, end: int) -> bool:
    """Is ``text[start:end]`` placeholder text: every word of it a filler word, in a sentence
    mostly made of them ("Maecenas porttitor congue massa.")?  A name that is no filler word
    ("Marcus" in a Latin quotation) never is."""
    vocab = vocabulary()
    if not all(w.lower() in vocab for w in _WORD.findall(text[start:end])):
        return False
    for m in _SENTENCE.finditer(text):
        if m.start() <= start and end <= m.end():
            words = [w.lower() for w in _WORD.findall(m.group())]
            return len(words) >= MIN_WORDS and \
                sum(w in vocab for w in words) >= SHARE * len(words)
    return False
