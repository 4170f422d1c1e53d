"""A university's transcript of records, unlabelled (issue 14): its modules ("COMP1511
Computer Processors"), the degree's class ("First Class Honours") and a word of the thesis's
quoted title ("Tweets") went out as organisations' stand-ins and came back untranslated; the
student, the supervisor, the registry's officer, the employer and its town are names still."""

TRANSCRIPT = [
    "UNIVERSITY OF LEEDS",
    "Student name: Olusegun Adeyemi-Hart",
    "COMP1511 Computer Processors 10 credits 72",
    "MATH1400 Mathematics for Computing 20 credits 61",
    "COMP2811 User Interfaces 20 credits 74",
    "Year in Industry: Software Engineer Intern, Arup Group Ltd, Manchester",
    'COMP3931 Individual Project: "Detecting Sarcasm in Tweets with Transformers" 40 credits 78',
    "Supervisor: Dr Hannah Whitcombe",
    "Award: First Class Honours",
    "This transcript was issued by Student Records, Marjorie Cheung, Registry Officer.",
]


def test_modules_class_and_title_words_are_no_names(found_names):
    rows = found_names(TRANSCRIPT)
    for k in (2, 3, 4, 6, 8):
        assert rows[k] == [], (TRANSCRIPT[k], rows[k])
    assert rows[1] == [("Olusegun Adeyemi-Hart", "PER")]
    assert ("Arup Group Ltd", "ORG") in rows[5] and ("Manchester", "LOC") in rows[5]
    assert rows[7] == [("Hannah Whitcombe", "PER")]
    assert ("Marjorie Cheung", "PER") in rows[9]


def test_names_beside_codes_and_in_titles_stay(found_names):
    """Guards: a module code before a university's name, a place and a person in a quoted
    title, a title not in title case."""
    rows = found_names(['A thesis: "Migration from Krakow to Dublin after Accession" (2019)',
                        'Her essay "Letters to Seamus Heaney" won the prize.',
                        "Course MGMT2040 at Durham University was full."])
    assert ("Krakow", "LOC") in rows[0] and ("Dublin", "LOC") in rows[0], rows[0]
    assert any("Seamus Heaney" in w for w, _ in rows[1]), rows[1]
    assert any("Durham University" in w for w, _ in rows[2]), rows[2]


def test_the_transcript_as_sent(translate_unlabelled):
    sent, back = translate_unlabelled(TRANSCRIPT)
    for name in ("Olusegun", "Adeyemi", "Whitcombe", "Hannah", "Cheung", "Marjorie", "Arup",
                 "Manchester"):
        assert not any(name in s for s in sent), name
    assert "Computer Processors" in sent[2] and "Mathematics for Computing" in sent[3]
    assert "Tweets" in sent[6] and "First Class Honours" in sent[8]
    assert "Whitcombe" in back[7] and "Cheung" in back[9]
