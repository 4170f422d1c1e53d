"""A title-case phrase opening with a given name that is also an ordinary word, before an
abstract noun, is no person (issue 14): "Job Description", "Bill Payment Options" and
"Grant Application Form" went out as persons' stand-ins.  A person whose surname is an
ordinary word stays a person."""


def test_title_case_phrases_are_not_persons(found_names):
    rows = found_names(["2. Job Description.", "Bill Payment Options",
                        "Submit the Grant Application Form by Friday.",
                        "in respect of Grant Agreement No. 2012-3075"])
    assert rows == [[], [], [], []]


def test_persons_stay_persons(found_names):
    rows = found_names(["Bill Cash spoke in the debate.", "Grant Thornton audited it.",
                        "Mark Clement wrote to us."])
    assert rows == [[("Bill Cash", "PER")], [("Grant Thornton", "PER")],
                    [("Mark Clement", "PER")]]
