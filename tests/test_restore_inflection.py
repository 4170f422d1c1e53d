"""Restoration when the engine inflects a pseudonym, and the word-alignment last resort."""
from schemas.records import Assignment, ProtectedSegment
from transforms.restore import inflected_form_of, restore_segment, transfer_ending


def seg(text, *assignments):
    return ProtectedSegment(document="d", id="1", index=0, text=text, assignments=list(assignments))


def a(original, replacement, category="PER", start=0, cluster=0):
    return Assignment(cluster=cluster, category=category, original=original,
                      replacement=replacement, segment=0, start=start,
                      end=start + len(replacement), method="pseudonym")


def test_ending_transfer_within_an_ending_class_only():
    assert transfer_ending("Kalniņš", "Kalniņam", "Bērziņš") == "Bērziņam"       # lv dative
    assert transfer_ending("Pēteris", "Pēterim", "Andris") == "Andrim"
    assert transfer_ending("Sanita", "Sanitai", "Anita") == "Anitai"               # base form sent
    # Only two final letters shared ("-ris"/"-nis", "-epa"/"-eva"): not trusted, reviewed.
    assert transfer_ending("Pēteris", "Pēterim", "Jānis") is None
    assert transfer_ending("Liepa", "Liepai", "Ieva") is None
    assert transfer_ending("Gauja", "Gaujā", "Īrija") is None
    assert transfer_ending("Latvija", "Latvijā", "Īrija") == "Īrijā"               # accents count
    assert transfer_ending("Tamm", "Tammele", "Lamm") == "Lammele"                 # et allative
    assert transfer_ending("KALNIŅŠ", "KALNIŅAM", "Bērziņš") == "BĒRZIŅAM"         # heading
    assert transfer_ending("Kalniņš", "Kalniņam", "Ozols") is None                 # other class
    assert transfer_ending("Tamm", "Tammele", "Kask") is None                      # stem change
    assert transfer_ending("Kalniņš", "Kalniņš", "Ozols") == "Ozols"               # unchanged


def test_inflected_forms_by_target_endings_or_common_stem():
    assert inflected_form_of("Bērziņš", "Bērziņam", "lv")
    assert not inflected_form_of("Bērziņš", "Bērzs", "lv")
    assert inflected_form_of("Tallinn", "Tallinnas", "et")
    assert inflected_form_of("Kowalski", "Kowalskiego", "pl")
    assert inflected_form_of("Martinez", "Martínez", "es")                         # accents
    assert not inflected_form_of("Anna", "Annals", "es")


def test_inflected_pseudonym_gives_the_original_the_same_ending():
    ps = seg("Vēstuli nosūtīja Andris Kalniņš.",
             a("Juris Bērziņš", "Andris Kalniņš", start=17))
    # The engine (target lv) inflected the sent base form into the dative.
    out = restore_segment(ps, "Vēstuli nosūtīja Andrim Kalniņam.", target_lang="lv")
    assert out.text == "Vēstuli nosūtīja Jurim Bērziņam."
    assert out.outcomes == {"inflected": 1} and out.status == "translated"


def test_untransferable_inflection_goes_back_as_is_and_is_reviewed():
    ps = seg("Paldies Kalniņam.", a("Ozols", "Kalniņš", start=8))
    out = restore_segment(ps, "Paldies Kalniņam.", target_lang="lv")
    assert out.text == "Paldies Ozols."
    assert out.outcomes == {"inflected-untransferred": 1}
    assert out.status == "needs-review" and "Ozols" in out.notes[0]


def test_alignment_is_the_last_resort_and_marks_review():
    # The engine rewrote the pseudonym beyond recognition ("Grey" -> "Gris"): no form,
    # stem or word of it is in the output; the aligner maps its source span.
    ps = seg("Mr Grey signed.", a("Smith", "Grey", start=3))
    calls = []

    def aligner(source, target):
        calls.append((source, target))
        return lambda span: (4, 8) if span == (3, 7) else None

    out = restore_segment(ps, "Sr. Gris firmó.", target_lang="es", aligner=aligner)
    assert out.text == "Sr. Smith firmó."
    assert out.outcomes == {"aligned": 1} and out.status == "needs-review"
    assert calls == [("Mr Grey signed.", "Sr. Gris firmó.")]
    # Without an aligner the same segment is unplaced, never silently wrong.
    out = restore_segment(ps, "Sr. Gris firmó.", target_lang="es")
    assert out.outcomes == {"unplaced": 1} and out.status == "needs-review"
    # Found by exact match: the aligner is not even asked.
    calls.clear()
    restore_segment(ps, "Sr. Grey firmó.", target_lang="es", aligner=aligner)
    assert calls == []
