"""``privacy.leaks_exact`` by ``str.find`` answers as the word-bounded pattern it replaced,
and the fuzzy check's shortcuts (words by ``str.split``, the matcher made only when a window
needs it) change no answer."""
import random

from transforms.evaluation import privacy
from transforms.linking import fold


def _by_pattern(mention: str, payload: str) -> bool:
    m = mention.strip()
    return bool(m) and privacy._exact_pattern(fold(m)).search(privacy._folded(payload)) is not None


def test_exact_as_the_pattern_on_boundaries():
    cases = [("Riga", "Rigaer Strasse"), ("Riga", "in Riga."), ("Riga", "xRiga Riga"),
             ("Riga", "_Riga"), ("Riga", "Riga_"), ("Riga", "×Riga"), ("Riga", "Riga÷"),
             ("Riga", "Riga"), ("aa", "aaa aa"), ("aa", "aaa"), ("Bērziņš", "Mr BĒRZIŅŠ"),
             ("3", "13 3"), ("3", "13"), ("A-B", "xA-B"), ("A-B", "(A-B)"), ("", "x"),
             ("Ünal", "ünal's"), ("Ünal", "Ünal2")]
    for mention, payload in cases:
        assert privacy.leaks_exact(mention, payload) == _by_pattern(mention, payload), \
            (mention, payload)


def test_exact_as_the_pattern_on_random_text():
    rng = random.Random(7)
    alphabet = "ab _×-.1É\u00a0"
    for _ in range(5000):
        payload = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        mention = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
        assert privacy.leaks_exact(mention, payload) == _by_pattern(mention, payload), \
            (mention, payload)


def test_words_split_as_the_pattern():
    import re
    for payload in ("a  b\tc\u00a0d\u2003e\n", "", "  ", "x\u200by"):
        assert privacy._words(payload) == tuple(
            w.group(0) for w in re.finditer(r"\S+", fold(payload)))


def test_fuzzy_answers_kept():
    assert privacy.leaks_fuzzy("Andris Bērziņš", "met Andrim Bērziņam yesterday")
    assert not privacy.leaks_fuzzy("Andris Bērziņš", "met Aura Pagès yesterday")
    # a payload no window of which passes the quick bounds: no matcher, not reached
    assert privacy.fuzzy_similarity("Bērziņš", "xyz qwv", 0.8) == 0.0
