"""A research paper's front and back matter, unlabelled (issue 14): its conflicts of
interest sent "M." and "-L." of "M.K.F.-L." beside a stand-in for "K.F", and "M.K." as
written at a sentence's start; its author contributions sent "MKF-L"; an author's name
with an affiliation mark glued to it ("Maria K. Fernández-López1") was a firm's."""
import re


def test_initials_alone_are_masked_whole(found_names):
    rows = found_names(["Conflicts of interest: T.G. received fees. M.K.F.-L. and W.Z. "
                        "declare none.",
                        "M.K. and A.B.C. declare none."])
    assert [w for w, c in rows[0] if c == "PER"] == ["T.G.", "M.K.F.-L.", "W.Z."]
    assert [w for w, c in rows[1] if c == "PER"] == ["M.K.", "A.B.C."]


def test_dotted_abbreviations_are_no_initials(found_names):
    """Guard (passes before the change too): degrees and eras."""
    rows = found_names(["She took an M.A. at Yale in 1998.",
                        "Built c. 500 B.C., it was restored in A.D. 1200."])
    found = {w for row in rows for w, _ in row}
    assert not found & {"M.A.", "B.C.", "A.D."}


def test_an_affiliation_mark_leaves_a_person_a_person(found_names):
    rows = found_names(["Maria K. Fernández-López1, Tobias Gruber2 and Ana Ruiz1,3"])
    cats = {w.rstrip("0123456789"): c for w, c in rows[0]}
    assert cats.get("Maria K. Fernández-López") == "PER", rows[0]
    assert cats.get("Tobias Gruber") == "PER", rows[0]


def test_the_contributions_initials_never_reach_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Maria K. Fernández-López, Tobias Gruber and Wei Zhang",
        "Author contributions: MKF-L designed the study; TG and WZ analysed the data.",
        "Conflicts of interest: T.G. received speaker fees. M.K.F.-L. and W.Z. declare none.",
    ])
    for original in ("MKF-L", "TG", "WZ", "T.G.", "M.K.F.-L.", "W.Z.", "K.F"):
        assert not any(re.search(rf"(?<![\w.\-]){re.escape(original)}(?![\w\-])", s)
                       for s in sent), (original, sent)
    assert "MKF-L" in back[1] and "M.K.F.-L." in back[2]
