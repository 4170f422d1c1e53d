"""An Irish e-mail thread answering a subject access request, unlabelled (issue 14): the
address's "Cork T12 X8K2" was one organisation (the Eircode no postcode), so "Cork" went out
under two stand-ins, one with the code."""
import re

from transforms.detect import identifiers

THREAD = [
    "From: Siobhan McAllister <s.mcallister@harbourview-legal.ie>",
    "To: Tomasz Zieliński <tomasz.zielinski@gmail.com>",
    "Dear Mr Zieliński,",
    "We have identified records relating to you held by our Cork and Galway offices.",
    "We will send the documents by 10 April 2025 to your address at 7 Ardmore Park, "
    "Bishopstown, Cork T12 X8K2.",
    "Kind regards,",
    "Siobhan McAllister",
]


def test_eircodes_are_postcodes():
    found = [(sub, text[a:b]) for text in ("Cork T12 X8K2.", "Dublin D02 AF30", "D6W XY12")
             for sub, a, b in identifiers.postcodes(text)]
    assert found == [("IE", "T12 X8K2"), ("IE", "D02 AF30"), ("IE", "D6W XY12")], found
    # guards: an engine's, a road's and a model's codes are none
    assert identifiers.postcodes("the V12 engine, route N11 M50, Model A12 B345") == ()


def test_the_thread_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(THREAD)
    for name in ("McAllister", "Siobhan", "Zieliński", "Tomasz", "Cork", "T12", "X8K2",
                 "Ardmore", "Bishopstown", "harbourview"):
        assert not any(name in s for s in sent), name
    office = re.search(r"held by our (\S+) and ", sent[3])
    assert office and re.search(rf", {office.group(1)} \S+ \S+\.$", sent[4]), (sent[3], sent[4])
