"""A company's legal form, any country's, is its name's last part, in whatever language the
document is written.  Held out (each MultiLeg document scored by a name model that never saw
it), "AKB Marketing Services sp. z o.o." in a Danish, Estonian, Finnish, Latvian and Polish
judgment was masked without "sp. z o.o." (and as a person in four of them), and "Sumal, S.L."
as "S.L." alone, or as two persons.  The spans below are those the detector had made there
(``model._with_legal_forms`` is the step that now joins them); the last test runs the whole
detector."""
from transforms.detect.base import Span
from transforms.detect.heuristic import HeuristicDetector
from transforms.detect.model import _with_legal_forms


def _span(text, part, category, nth=0):
    start = -1
    for _ in range(nth + 1):
        start = text.index(part, start + 1)
    return Span(start, start + len(part), category, "model", part, source="detector")


def _shown(text, spans):
    return [(text[s.start:s.end], s.category) for s in spans]


def test_a_foreign_legal_form_after_a_name_is_part_of_the_company():
    text = "AKB Vermögensverwaltung GmbH og AKB Marketing Services sp. z o.o."
    spans = [_span(text, "AKB Vermögensverwaltung GmbH", "ORG"),
             _span(text, "AKB Marketing Services", "PER")]
    assert _shown(text, _with_legal_forms(text, spans)) == [
        ("AKB Vermögensverwaltung GmbH", "ORG"), ("AKB Marketing Services sp. z o.o.", "ORG")]


def test_a_legal_form_after_a_comma_takes_in_the_name_before_it():
    text = "– Sumal, S.L./Mercedes Benz Trucks España, S.L."
    alone = [_span(text, "S.L.", "PER"), _span(text, "Mercedes Benz Trucks España", "PER")]
    assert _shown(text, _with_legal_forms(text, alone)) == [
        ("Sumal, S.L.", "ORG"), ("Mercedes Benz Trucks España, S.L.", "ORG")]
    # the name and its form found as two persons: one company
    two = [_span(text, "Sumal", "PER"), _span(text, "S.L.", "PER")]
    assert _shown(text, _with_legal_forms(text, two)) == [("Sumal, S.L.", "ORG")]


def test_a_state_aid_number_a_town_and_its_country_and_a_crossing_name_stay_as_they_were():
    text = "State aid SA.38373 was granted in Cape Town, SA last year."
    aid, town = _span(text, "State aid", "ORG"), _span(text, "Cape Town", "LOC")
    assert _with_legal_forms(text, [aid, town]) == [aid, town]
    text = "Nordvik Logistics AB Holding"
    spans = [_span(text, "Nordvik Logistics", "ORG"), _span(text, "AB Holding", "ORG")]
    assert _with_legal_forms(text, spans) == spans


def test_the_detector_keeps_a_company_and_its_form_together():
    text = "Klagen blev anlagt af Nordvik Logistics sp. z o.o. mod Skatteministeriet."
    found = _shown(text, HeuristicDetector().detect([text], "da")[0])
    assert ("Nordvik Logistics sp. z o.o.", "ORG") in found
