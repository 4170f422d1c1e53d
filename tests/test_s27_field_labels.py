"""A form's field label is no name (issue 14): an invoice's "Bill to:" sent "Bill" as a
person's stand-in.  A transcript's speaker before a colon stays a name."""


def test_labels_are_not_names(found_names):
    rows = found_names(["Bill to: Harbourview Dental Ltd", "Sold to: Grant Thornton LLP"])
    assert rows == [[("Harbourview Dental Ltd", "ORG")], [("Grant Thornton LLP", "ORG")]]


def test_a_speaker_stays_a_name(found_names):
    assert found_names(["Jane: I disagree.", "Prepared by: Mark Stone"]) == \
        [[("Jane", "PER")], [("Mark Stone", "PER")]]
