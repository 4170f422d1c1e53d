"""Stand-ins that restoration could not find again in Apertium's translation, and stayed in it
(flagged for review): a composed name whose words come back as words the target analyser
lacks or in a form the original's translation has not, a date whose month the engine
translates as a noun, a word two stand-ins of one sentence share.

Apertium's eng-spa pair is part of the set-up (.ci/run, README): these tests fail, not skip,
where it is missing.  The WGIG test needs the formats corpus (DOPPEL_CORPORA)."""
import json
import os
import re
import subprocess
import sys
import zipfile
import zlib

import pytest

from schemas.records import Assignment
from transforms.engines.apertium_lexicon import pair_lexicon
from transforms.restore import locate_how
from tests.test_engine_aware_selection import _doc, _found, _through_apertium
from tests.test_formats_helpers import corpora_dir

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_restorable_says_whether_a_look_alikes_translation_brings_the_original_back():
    lex = pair_lexicon("en", "es")

    def restorable(fake, original):
        return lex.restorable([(fake, original)])
    # "Empinado" is no word of the Spanish analyser; "tenis" has one form for both numbers,
    # "consorcio" none such
    assert not restorable("Steep", "Wide")
    assert not restorable("Tennis", "Consortium")
    assert restorable("Horse", "World") and restorable("Tendency", "Court")
    assert restorable("Finnish", "Spanish")
    # "Strip" is the noun "Tira" or the verb "desnudar" to the engine: the noun, read by the
    # analyser as the verb "tirar" only, would not come back
    assert not restorable("Strip", "Board") and restorable("Council", "Court")


def test_a_composed_name_takes_only_words_restoration_will_find_again():
    """"World Wide Web Consortium" was sent as "Horse Steep Dirt Tennis" in the WGIG report
    (DOPPEL_SECRET=z), translated "Tenis de Mugre Empinado Caballar", and never found."""
    from transforms.pseudonyms.chooser import _unknown_pool
    from transforms.pseudonyms.engine_shaped import _TOKENS, engine_shaped, vocabulary
    lex = pair_lexicon("en", "es")
    vocab = vocabulary((), "en", lex.views)
    name = "World Wide Web Consortium"
    originals = _TOKENS.findall(name)
    refused = composed = 0
    for k in range(60):
        def order(salt, k=k):
            return zlib.crc32(f"{k}{salt}".encode())
        for check in (None, lex.restorable):
            fake = engine_shaped(name, vocab, lex.views, order, lambda c: True,
                                 _unknown_pool(), (), check)
            assert fake is not None
            pairs = [(f, o) for f, o in zip(_TOKENS.findall(fake), originals)
                     if f[:1].isalpha() and f != o]
            bad = [p for p in pairs if not lex.restorable([p])]
            if check is None:
                refused += bool(bad)
            else:
                composed += 1
                assert not bad, (fake, bad)
    assert composed == 60
    assert refused >= 2          # without the check, such names were composed


def test_a_date_whose_month_the_engine_translated_as_a_noun_is_found():
    """"March 10" comes back "Marcha 10" (the noun "march"): found through the pair's
    dictionaries, and the original date goes back in Spanish; a number after any other word
    is no date."""
    lex = pair_lexicon("en", "es").target_form
    t = "En 2004, tuvo lugar en Nievo, Danielsen, Marcha 10-14, en el tema."
    a = Assignment(cluster=1, category="DATE", original="May 21", replacement="March 10",
                   segment=0, start=0, end=8)
    s, e, back, how = locate_how(t, a, [], "es", "en", lex)
    assert (t[s:e], back, how) == ("Marcha 10", "mayo 21", "date")
    for other in ("Véase el Artículo 10.", "La Marcha de los pueblos, artículo 10."):
        assert locate_how(other, a, [], "es", "en", lex) is None, other


def test_a_word_two_stand_ins_share_is_taken_beside_the_other_words_found():
    """"Federal Finance Court works with the District Court" -> "las obras de Corte de
    Finanza Federales con la Corte de Distrito": anchored on "Federales", "Court" is the
    "Corte" beside "Finanza", not the one of "Corte de Distrito" as far the other side."""
    t = ("Ambos el IETF y el Regalo de Medida Agudo Macho (W3C) no es-para-#ente de "
         "beneficio, y las obras de Corte de Finanza Federales con la Corte de Distrito.")
    assert _found(("en", "es"), "International Telecommunication Union",
                  "Federal Finance Court", t) == ("Corte de Finanza Federales",
                                                  "Unión de Telecomunicación Internacionales")


def test_three_organisations_of_one_sentence_are_all_put_back():
    from transforms.protect import ProtectOptions, protect_document
    t = ("Both the IETF and the World Wide Web Consortium (W3C) are not-for-profit bodies, "
         "and the International Telecommunication Union works with the Internet Society.")
    names = ["World Wide Web Consortium", "International Telecommunication Union",
             "Internet Society"]
    labels = [(t.index(n), t.index(n) + len(n), "ORG") for n in names]
    for k in range(4):
        pd = protect_document(_doc([(t, labels)]),
                              ProtectOptions(secret=f"s{k}".encode(), engine="apertium"))
        res = _through_apertium(pd)
        assert res.unresolved == 0, (k, res.text)
        assert "Sociedad de Internet" in res.text, res.text


WGIG = os.path.join(corpora_dir(), "formats", "docx", "oxsdk-wgig-report.docx")


@pytest.mark.skipif(not os.path.isfile(WGIG),
                    reason=f"formats corpus not found at {WGIG} (DOPPEL_CORPORA)")
@pytest.mark.parametrize("secret", ["z", "a"])
def test_every_mention_of_the_wgig_report_is_put_back(tmp_path, secret):
    """With these secrets 3 (a composed name) and 1 (a date) mentions stayed unplaced."""
    env = dict(os.environ, DOPPEL_SECRET=secret, PYTHONPATH=ROOT)
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "pipelines.translate", "--input", WGIG,
                           "--output", str(out), "--source-lang", "en", "--target-lang", "es",
                           "--engine", "apertium"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["mentions"]["total"] > 1000
    assert summary["mentions"]["unresolved"] == 0, summary["mentions"]
    with zipfile.ZipFile(out / "oxsdk-wgig-report.docx") as z:
        comments = z.read("word/comments.xml").decode() \
            if "word/comments.xml" in z.namelist() else ""
    assert "Could not place" not in comments


def test_restorable_answers_a_pair_alike_asked_alone_or_with_others():
    """The pairs' words are asked of each process at once: each answer is the one the pair
    gets alone, in a lexicon of its own."""
    from transforms.engines.apertium_lexicon import PairLexicon
    pairs = [("Steep", "Wide"), ("Horse", "World"), ("Tennis", "Consortium"),
             ("Strip", "Board"), ("Council", "Court"), ("Finnish", "Spanish"),
             ("Dirt", "Web"), ("Missile", "Internet")]
    together = PairLexicon("en", "es")
    assert not together.restorable(pairs)
    assert together.restorable([("Horse", "World"), ("Council", "Court")])
    for pair in pairs:
        alone = PairLexicon("en", "es")
        assert alone.restorable([pair]) == together._restorable[pair], pair


def test_a_stand_in_sent_glued_to_a_word_is_found_in_the_word_the_engine_passed():
    """A Swedish judgment writes "zittingsplaats’s-Hertogenbosch" (no space): the stand-in
    went glued to "zittingsplaats", and the engine passed the unknown whole as it was.  It
    is found there, not taken from the same stand-in standing apart later in the sentence,
    which then had none left (MultiLeg sv 236422, DOPPEL_SECRET=a)."""
    from schemas.records import ProtectedSegment
    from transforms.engines import create
    from transforms.restore import restore_segment
    original = "’s\u2011Hertogenbosch"
    sent = ("34 Under dessa omständigheter beslutade Weerdenburg, zittingsplaatsMaijaburgh "
            "(Flygplatsen i Herlev, sammanträdesplats Maijaburgh) att vilandeförklara målet.")
    glued = sent.index("Maijaburgh")
    apart = sent.index("Maijaburgh", glued + 1)
    ps = ProtectedSegment(document="d", id="34", index=0, text=sent, assignments=[
        Assignment(cluster=84, category="LOC", original=original, replacement="Maijaburgh",
                   segment=0, start=at, end=at + len("Maijaburgh")) for at in (glued, apart)])
    engine = create("apertium", "sv", "da")
    try:
        back = engine.translate([sent])[0]
    finally:
        engine.close()
    assert "zittingsplaatsMaijaburgh" in back, back
    res = restore_segment(ps, back, (), "da", "sv", lexicon=pair_lexicon("sv", "da").target_form)
    assert res.unresolved == 0, res
    assert "zittingsplaats" + original in res.text and "Maijaburgh" not in res.text, res.text


def test_a_date_the_engine_wove_into_a_names_words_goes_back_right():
    """"of 28 July 2021 – Ada Carlos Tali" came back "de 28 julio Carlos de 2021 Ada Tali"
    (Apertium moves a word of a name after a year into the date).  Names first, "Peter
    Portelli" went back over "Carlos de 2021 Ada Tali", the year with it, and the date stayed
    the stand-in's: a wrong date in the translation.  Dates are placed first, by their
    components: the date is right, and what is left of the name is flagged for review
    (MultiLeg 240051, DOPPEL_SECRET=c)."""
    from schemas.records import ProtectedSegment
    from transforms.restore import restore_segment
    sent = ("Judgment of the Farm (First Shoulder) of 28 July 2021 – Ada Carlos Tali v "
            "Mexican Mind")
    back = ("Juicio de la Parque (Primero Hombro) de 28 julio Carlos de 2021 Ada Tali v Mente "
            "mexicana")

    def at(stand_in, original, category):
        return Assignment(cluster=len(original), category=category, original=original,
                          replacement=stand_in, segment=0, start=sent.index(stand_in),
                          end=sent.index(stand_in) + len(stand_in))
    ps = ProtectedSegment(document="d", id="1", index=0, text=sent, assignments=[
        at("Farm (First Shoulder)", "Court (First Chamber)", "ORG"),
        at("28 July 2021", "25 February 2021", "DATE"),
        at("Ada Carlos Tali", "Peter Portelli", "PER"),
        at("Mexican Mind", "European Commission", "ORG")])
    res = restore_segment(ps, back, (), "es", "en", lexicon=pair_lexicon("en", "es").target_form)
    assert re.search(r"25 febrero \w+ de 2021", res.text), res.text
    assert "28 julio" not in res.text, res.text
    # "Carlos", the stand-in's word the engine moved into the date, is still there: the
    # name was found by only some of its words, and the segment goes to review
    assert res.status == "needs-review" and res.outcomes.get("words-partial") == 1, res


def test_of_two_dates_with_one_year_each_takes_its_own_month_and_year():
    """"augusti 2008–maj 2009" was sent as "maj 2012–augusti 2012"; "augusti 2012" took the
    first date's year ("2012–august"), and the other date could not be placed (MultiLeg sv
    219207, DOPPEL_SECRET=c).  Of two spans as tight, the one in the order of the date as
    sent is taken."""
    from schemas.records import ProtectedSegment
    from transforms.engines import create
    from transforms.restore import restore_segment
    sent = ("17 Efter en skattekontroll avseende perioden maj\xa02012–augusti\xa02012 fann "
            "myndigheten att sådana delgivningar var mervärdesskattepliktiga.")

    def at(stand_in, original):
        s = sent.index(stand_in)
        return Assignment(cluster=len(original), category="DATE", original=original,
                          replacement=stand_in, segment=0, start=s, end=s + len(stand_in))
    ps = ProtectedSegment(document="d", id="17", index=0, text=sent, assignments=[
        at("maj\xa02012", "augusti\xa02008"), at("augusti\xa02012", "maj\xa02009")])
    engine = create("apertium", "sv", "da")
    try:
        back = engine.translate([sent])[0]
    finally:
        engine.close()
    res = restore_segment(ps, back, (), "da", "sv", lexicon=pair_lexicon("sv", "da").target_form)
    assert res.unresolved == 0, res
    assert "august\xa02008–maj\xa02009" in res.text, res.text
