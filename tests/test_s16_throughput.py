"""Issue 17 (session 16): the translate job's own CPU cut without changing an output byte.
Each test pins what a faster path must keep answering exactly as the slower one did."""
from __future__ import annotations

import random
import threading

from transforms import restore
from transforms.linking import _TOKEN


def _free_by_scan(toks, taken):
    return [not restore._overlaps(t.span(), taken) for t in toks]


def test_free_tokens_is_the_overlap_test_for_every_token():
    rng = random.Random(17)
    words = ["la", "Comisión", "de", "Juárez", "—", "C-215/11", "Broekhoven", "y", "ley"]
    for _ in range(300):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(0, 25)))
        toks = list(_TOKEN.finditer(text))
        taken = []
        for _ in range(rng.randint(0, 4)):
            a = rng.randint(0, len(text))
            taken.append((a, rng.randint(a, len(text))))
        if rng.random() < 0.3 and text:          # the exact-match case: all but one span
            a = rng.randint(0, len(text))
            b = rng.randint(a, len(text))
            taken += [(0, a), (b, len(text))]
        want = _free_by_scan(toks, taken)
        assert restore._free_tokens(toks, taken) == want
        view = restore._Tokens(text)
        assert restore._free_tokens(toks, taken, view.starts, view.ends) == want


def test_tokens_of_follows_the_text_asked_about():
    a = "El Tribunal de Justicia y la Comisión"
    b = "La ley danesa de 2013"
    ta = restore._tokens_of(a)
    assert restore._tokens_of(a) is ta
    assert restore._tokens_of("".join(list(a))) is ta       # equal, not the same object
    tb = restore._tokens_of(b)
    assert tb.words == ["La", "ley", "danesa", "de", "2013"]
    assert tb.folded == ["la", "ley", "danesa", "de", "2013"]
    assert restore._tokens_of(a).words == [t.group(0) for t in _TOKEN.finditer(a)]
    assert restore._tokens_of(a) is not ta                    # kept for the last text only


def test_tokens_of_is_per_thread():
    seen = {}

    def other():
        seen["other"] = restore._tokens_of("Über den Rat").words

    mine = restore._tokens_of("la Comisión Europea")
    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen["other"] == ["Über", "den", "Rat"]
    assert restore._tokens_of("la Comisión Europea") is mine


def test_find_translated_same_answer_as_the_word_by_word_search():
    """The anchor search, spelt out, answers as ``found_at`` did: the pseudonym's word
    found as the engine's translation, the default translation first, nearest words next."""
    from schemas.records import Assignment

    table = {("Lapsa", "Lapsa"): "Kalnins", ("Court", "Tribunal"): "Juzgado",
             ("Court", "tribunal"): "juzgado"}

    def lexicon(fake, found, original, default_only=False):
        if default_only and found.islower():
            return None                      # only the capitalised one is the default
        return table.get((fake, found))

    text = "el tribunal dijo que el Tribunal Lapsa decidió"
    a = Assignment(cluster=1, category="ORG", original="Juzgado Kalnins",
                   replacement="Court Lapsa", segment=0, start=0, end=11)
    s, e, new = restore._find_translated(text, a, [], lexicon)
    assert text[s:e] == "Tribunal Lapsa" and new == "Juzgado Kalnins"
    # the capitalised one taken, any translation: here too far from the other word
    taken = [(text.index("Tribunal"), text.index("Tribunal") + 8)]
    assert restore._find_translated(text, a, taken, lexicon) is None
    text = "el tribunal Lapsa dijo que el Tribunal"
    taken = [(text.index("Tribunal"), len(text))]
    assert restore._find_translated(text, a, taken, lexicon) == (3, 17, "juzgado Kalnins")
    # (free, the default translation comes first, wherever it is)
    assert restore._find_translated(text, a, [], lexicon) == (12, 38, "Kalnins dijo que el Juzgado")


# -- public citations: the act pattern tried only where a match can begin ----------------

def test_act_cited_finds_what_the_pattern_finds_everywhere():
    from transforms.detect import identifiers as I
    rng = random.Random(16)
    pieces = ["Regulation", "regulation", "REGULATION", "Directive", "tillämpningsförordningen",
              "Förordning", "(EU)", "(EC)", "(QG)", "(UE, Euratom)", "No", "Nr.", "nr", "N:o",
              "1896/2006", "987/2009", "2001/18/EC", "12/34/5", "x", "_", "9", "²", "(",
              ")", "Decisión", "asetuksen", "rozporządzenia", "DIREKTĪVA", "İregulation",
              "Regulatıon", "Reſulation", "directiveſ", "Dırective", "Deciſion", "aſetuksen",
              "Article", "of", "the", "2019/217",
              "\n", "  ", "-", "/", "ECLI:EU:C:2018:784", "Übereinkommen", "ĮSAKYMAS"]
    texts = ["Regulation (EC) No 1896/2006 and Directive 2001/18/EC",
             "Förordning (QG) nr 987/2009 — tillämpningsförordningen 987/2009",
             "x_Regulation No 1/2345, 9Regulation 12/34, (EU) 2019/217, (EU, Euratom) 1/23",
             "İregulation No 12/345; REGULATION nr 1/23; Regulatıon 1/23; Reſulation 1/23",
             "Dırective 2/34 and Deciſion No 12/2004"]
    for _ in range(3000):
        texts.append("".join(rng.choice(pieces) + rng.choice(["", " ", "  ", "\n"])
                             for _ in range(rng.randint(1, 14))))
    for text in texts:
        want = [m.span(0) + m.span(1) for m in I._ACT_CITED.finditer(text)]
        assert [m.span(0) + m.span(1) for m in I._act_cited(text)] == want, text


def test_act_cited_case_fixes_are_all_the_letters_ignorecase_adds():
    """The characters that re.IGNORECASE matches to a letter of an act's name but that do
    not lower-case to one: a text with one goes to the pattern itself (``_CASE_FIXES``)."""
    import re
    import sys
    from transforms.detect import identifiers as I
    letters = set("".join(I._ACT_NAMES))
    assert all(n == n.lower() for n in I._ACT_NAMES)
    assert re.fullmatch(r"\(\?:[^()]*\)", I._ACT_WORDS)     # a plain alternation of names
    any_letter = re.compile("(?i)[" + "".join(re.escape(c) for c in sorted(letters)) + "]")
    added = {chr(o) for o in range(sys.maxunicode + 1) if not 0xD800 <= o <= 0xDFFF
             and any_letter.fullmatch(chr(o))
             and (chr(o).replace("\u0130", "i") if chr(o) == "\u0130" else chr(o)).lower()
             not in letters}
    assert added <= set(I._CASE_FIXES)


def _ignorecase_extras(letters):
    import re
    import sys
    any_letter = re.compile("(?i)[" + "".join(re.escape(c) for c in sorted(letters)) + "]")
    return {chr(o) for o in range(sys.maxunicode + 1) if not 0xD800 <= o <= 0xDFFF
            and any_letter.fullmatch(chr(o))
            and (chr(o).replace("\u0130", "i") if chr(o) == "\u0130" else chr(o)).lower()
            not in letters}


def test_screens_case_fixes_cover_phone_words_and_www():
    from transforms.detect import identifiers as I
    assert _ignorecase_extras(set("".join(I._PHONE_WORD_PIECES) + "w")) <= set(I._CASE_FIXES)


def test_every_phone_word_holds_a_piece():
    from transforms.detect import identifiers as I
    words = [w.replace(r"\w*", "") for w in I.PHONE_WORDS.split("|")]
    assert len(words) > 15
    for w in words:
        assert any(p in w.lower() for p in I._PHONE_WORD_PIECES), w


def _made_up_texts(seed, pieces, n=3000):
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) + rng.choice(["", " ", "  ", "\n", ".", ":"])
                    for _ in range(rng.randint(1, 12))) for _ in range(n)]


def test_screens_never_skip_a_text_the_patterns_match(monkeypatch):
    from transforms.detect import identifiers as I
    from transforms.detect.base import REGISTRY, Context
    url, phone = REGISTRY["URL"], REGISTRY["PHONE"]
    texts = _made_up_texts(5, [
        "http://", "HTTPS://", "ftp://", "Www.", "WWW.", "www", "wWw.", "ẉww.", "ſ", "ı",
        "example.org", "curia.europa.eu/juris", "Tel.", "TÉL", "Tālr.", "puhelin", "GSM",
        "Fax", "faks", "FAKS", "faſ", "Telefon", "+", "＋", "00", "0", "44", "20 7946 0958",
        "+48 709 583 399", "0049 30 1234567", "İ", "Phone:", "numéro de téléphone", "x",
        "Kelvin", "\u212a", "mobiil", "Mob", "tfn", "TLF", "a", "b", "1", "2", "709 583 399"])
    texts += ["see www.example.org, WWW.CURIA.EUROPA.EU or https://x.eu/a",
              "Tel. 020 7946 0958; TÉL. +33 1 23 45 67 89; Tālr. 67 012 345",
              "Fax +48 709 583 399 and phone 0049 30 1234567, Mob 709 583 399"]
    for text in texts:
        if url.pattern.search(text):
            assert "://" in text or I._holds_any(text, ("www.",)), text
        if I._INTL_OR_WORD.search(text):
            assert I._may_be_intl_or_word(text), text

    def spans(texts, lang, country):
        ctx = Context(lang=lang, country=country)
        return [[(s.start, s.end, s.subtype) for s in r.find(t, ctx)]
                for t in texts for r in (url, phone)]
    some = texts[::10] + texts[-3:]
    screened = spans(some, "de", "DE")
    assert any(screened)
    monkeypatch.setattr(I, "_holds_any", lambda text, pieces: True)
    monkeypatch.setattr(I, "_may_be_intl_or_word", lambda text: True)
    assert spans(some, "de", "DE") == screened


def test_may_hold_phone_is_a_run_with_enough_digits():
    """One pattern for "a _PHONE_RUN with at least ``need`` digits" (the runs had been found
    and their digits counted one by one)."""
    from transforms.detect import identifiers as I

    def by_runs(text, region):
        need = I._min_phone_digits(region)
        return any(sum(c.isdigit() for c in m.group()) >= need
                   for m in I._PHONE_RUN.finditer(text))

    texts = _made_up_texts(6, ["1", "23", "456", "7890", " ", "  ", "-", "–", "/", ".", "(",
                               ")", "[", "]", "+", "＋", "~", "\u00ad", "\u3000", "a", ",",
                               "٣", "²", "１", "x-", " - ", "\n", "0", "00"], n=4000)
    texts += ["in 2013, 2014 and article 12", "call " + "1" * 6, "call " + "1" * 5,
              "(0)2 0-7 8 9", "+44 (0) 20 7946 0958"]
    for region in ("GB", None, "ES", "LV"):
        for text in texts:
            assert I._may_hold_phone(text, region) == by_runs(text, region), (text, region)
    assert not I._may_hold_phone("in 2013, 2014 and article 12", "GB")
    assert I._may_hold_phone("+44 (0) 20 7946 0958", "GB")


# -- the job's start: Beam's import frozen, not collected while it is made ---------------

def _in_a_process(script: str) -> str:
    import subprocess
    import sys
    from pathlib import Path
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parent.parent)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip().splitlines()[-1]


def test_the_job_process_freezes_its_imports_and_collects_after():
    # run as the job (__main__), refused for its input: the imports frozen, the collector
    # on again, none of the oldest generation's collections during the import
    script = """
import gc, runpy, sys
full = []
gc.callbacks.append(lambda phase, info: phase == "start" and info["generation"] == 2
                    and full.append(1))
sys.argv = ["pipelines.translate", "--input", "/nonexistent/*.jsonl", "--output", "/tmp/x",
            "--source-lang", "en", "--target-lang", "es"]
try:
    runpy.run_module("pipelines.translate", run_name="__main__")
except SystemExit:
    pass
import apache_beam
print(gc.get_freeze_count() > 100000, gc.isenabled(), len(full))
"""
    assert _in_a_process(script) == "True True 0"


def test_importing_the_job_module_leaves_the_collector_alone():
    script = """
import gc
gc.disable()
import pipelines.translate
print(gc.get_freeze_count(), gc.isenabled())
"""
    assert _in_a_process(script) == "0 False"
