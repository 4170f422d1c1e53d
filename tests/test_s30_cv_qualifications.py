"""A CV's qualifications and job titles went out as names: "BSc (Hons) Accounting and
Finance" as an organisation's stand-in, "(First Class)" inside the university's, "Audit
Senior" and "Junior Associate" as a firm's and a person's, "PhD in Chemical Engineering" and
"LLB Law" likewise — back untranslated in the Spanish CV (issue 14)."""


CV = ["2015 – 2019: Audit Senior, Moore Kingston Smith, Leeds",
      "2019 – 2021: Tax Senior at Grant Thornton, then Junior Associate at Pinsent Masons.",
      "2009 – 2012: BSc (Hons) Accounting and Finance, University of Leeds (First Class)",
      "2012 – 2013: MSc Data Science, University of Bristol (Distinction)",
      "He holds an MBA from Warwick Business School and a BA in Modern Languages from "
      "Durham University.",
      "2005 – 2008: LLB Law, King's College London (Upper Second Class Honours)",
      "Awarded PhD in Chemical Engineering by Imperial College London in 2017."]


def test_qualifications_and_ranks_are_no_names(found_names):
    found = [w for row in found_names(CV) for w, _ in row]
    for word in ("Audit", "Senior", "Junior", "Associate", "BSc", "Hons", "Accounting",
                 "Finance", "First", "Distinction", "MSc", "Data", "MBA", "BA", "Modern",
                 "LLB", "Law", "Honours", "PhD", "Chemical"):
        assert not any(word in w.split() or w.startswith(word + " ") for w in found), word


def test_the_schools_and_firms_stay_names(found_names):
    rows = found_names(CV)
    found = [w for row in rows for w, _ in row]
    for name in ("University of Leeds", "University of Bristol", "Warwick Business School",
                 "Durham University", "King's College London", "Imperial College London",
                 "Grant Thornton", "Pinsent Masons"):
        assert name in found, (name, found)


def test_a_company_named_with_a_degrees_letters_stays(found_names):
    """Guard (passes before the change too): "MBA Polymers Inc." is a company, its words no
    subject."""
    rows = found_names(["The order came from MBA Polymers Inc. in Richmond."])
    assert any(w.startswith("MBA Polymers") for w, _ in rows[0])
