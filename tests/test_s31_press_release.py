"""A press release, unlabelled (issue 14): its headline in title case, "Northwind Renewables
Appoints Priya Raghunathan as ...", was one organisation; the company went out under three
stand-ins ("Northwind Renewables Ltd", "Northwind Renewables" a person's, "Northwind" alone);
"Chief Financial Officer", "Group Financial Controller" and "Chief Executive of Northwind"
went out as stand-ins' words; "Manchester and Singapore" and "Bristol, Aberdeen" were one
place each (and "Bristol" had another stand-in elsewhere)."""
import re

RELEASE = [
    "Northwind Renewables Appoints Priya Raghunathan as Chief Financial Officer",
    "BRISTOL, England, 12 March 2025 – Northwind Renewables Ltd, the Bristol-based developer "
    "of offshore wind projects, today announced the appointment of Priya Raghunathan as Chief "
    "Financial Officer.",
    "Ms Raghunathan joins from Severn Energy Group, where she served as Group Financial "
    "Controller since 2019.",
    "\"We are delighted,\" said Marcus Feeney, Chief Executive of Northwind.",
    "\"I am delighted to be joining Northwind at such an exciting time,\" said Raghunathan.",
    "Before Severn Energy, she spent eight years at Deloitte in Manchester and Singapore.",
    "About Northwind Renewables",
    "The company employs 240 people across offices in Bristol, Aberdeen and Rotterdam.",
]


def test_a_headlines_verb_parts_the_names(found_names):
    rows = found_names(RELEASE[:1])
    assert [w for w, _ in rows[0]] == ["Northwind Renewables", "Priya Raghunathan"]


def test_job_titles_around_names(found_names):
    rows = found_names(RELEASE[1:4])
    found = [w for row in rows for w, _ in row]
    for title in ("Chief Financial", "Chief Financial Officer", "Group", "Chief Executive of "
                  "Northwind"):
        assert title not in found, (title, found)
    assert ("Northwind", "ORG") in rows[2]


def test_lists_of_places_are_places_apart(found_names):
    rows = found_names(RELEASE[5:6] + RELEASE[7:8] + [
        "born in Hamburg, Germany, in 1950",
        "the majority of our people, White, Coloured, Indian and African, for a purpose"])
    assert ("Manchester", "LOC") in rows[0] and ("Singapore", "LOC") in rows[0]
    assert [w for w, _ in rows[1]][0] == "Bristol"
    # guards: an address's town and country; a list of peoples is no list of places
    assert ("Hamburg, Germany", "LOC") in rows[2]
    assert ("Coloured, Indian and African", "LOC") in rows[3], rows[3]


def test_the_release_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(RELEASE)
    for name in ("Northwind", "Raghunathan", "Priya", "Feeney", "Bristol", "Manchester",
                 "Singapore"):
        assert not any(name in s for s in sent), name
    assert " Appoints " in sent[0] and sent[0].endswith(" as Chief Financial Officer"), sent[0]
    assert "as Chief Financial Officer" in sent[1], sent[1]
    assert "as Group Financial Controller since" in sent[2], sent[2]
    assert ", Chief Executive of " in sent[3], sent[3]
    # one company, one stand-in: in the headline, without and with its legal form, alone
    company = re.match(r"(.+?) Appoints ", sent[0]).group(1)
    assert f"{company} " in sent[1] and sent[6] == f"About {company}", (sent[0], sent[1], sent[6])
    short = company.split()[0]
    assert sent[3].endswith(f"of {short}.") and f"joining {short} at" in sent[4], \
        (company, sent[3], sent[4])
    # two places, two stand-ins; a place one stand-in wherever it is
    places = re.search(r"in (\S+) and (\S+)\.$", sent[5])
    assert places and places.group(1) != places.group(2), sent[5]
    town = re.match(r"([A-Z]+), ", sent[1]).group(1)
    assert re.search(rf"offices in {town.title()}, ", sent[7]), (sent[1], sent[7])


def test_no_name_opens_with_a_grammar_word(found_names):
    """"Smith as Trustee of the Smith Family Trust": the model's margin had made "of the
    Smith Family Trust" a body's name, "of" sent as its stand-in's first word; and the
    trustee's role alone a person."""
    rows = found_names(["Smith as Trustee of the Smith Family Trust",
                        "Acme Ltd appointed Jane Doe as Trustee."])
    assert "the Smith Family Trust" in [w for w, _ in rows[0]], rows[0]
    assert [w for w, _ in rows[1]] == ["Acme Ltd", "Jane Doe"]


def test_one_company_under_its_names(found_names):
    """Linking: a company's name without its legal form (a person's to the detector), and
    its first word alone, are the company; a person of the lists beside a company named
    after her stays apart."""
    from schemas.records import Mention
    from transforms.linking import link
    mentions = [Mention(0, 0, 24, "Northwind Renewables Ltd", "ORG"),
                Mention(1, 0, 20, "Northwind Renewables", "PER"),
                Mention(2, 0, 9, "Northwind", "ORG"),
                Mention(3, 0, 9, "Northwind", "PER"),
                Mention(4, 0, 16, "Jane Smith Ltd", "ORG"),
                Mention(5, 0, 10, "Jane Smith", "PER"),
                Mention(6, 0, 17, "Priya Raghunathan", "ORG"),
                Mention(7, 0, 17, "Priya Raghunathan", "PER")]
    clusters = link(mentions, "en")
    ids = [m.cluster for m in mentions]
    assert ids[0] == ids[1] == ids[2] == ids[3], ids
    assert ids[4] != ids[5], ids
    assert ids[6] == ids[7] and clusters[ids[6]].category == "PER", (ids, clusters)
