"""A real DOCX (Okapi's text reference) sent "a PNG (by Nicu)" as one organisation's stand-in,
and technical files' format names went out as acronyms' stand-ins (issue 14)."""


def test_a_files_format_is_no_name(found_names):
    rows = found_names(["To the right is a PNG with transparency.",
                        "Save the chart as a JPEG or a GIF.",
                        "Please send the signed form as a PDF to Anna Smith."])
    assert rows == [[], [], [("Anna Smith", "PER")]]


def test_a_credit_in_brackets_is_the_persons(found_names):
    """"To the right is a PNG (by Nicu)": one organisation to the model; the name after "by"
    is the person, the format before it no name."""
    rows = found_names(["To the right is a PNG (by Nicu) with transparency.",
                        "The cover shows the harbour at dawn (photo: Jane Roe)."])
    assert rows[0] == [("Nicu", "PER")]
    assert ("Jane Roe", "PER") in rows[1]
