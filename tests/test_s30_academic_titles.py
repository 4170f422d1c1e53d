"""A Polish employment certificate, unlabelled: "Prezes Zarządu: dr inż. Andrzej Lewandowski"
went out as one organisation's stand-in, "inż." (engineer) inside it, back untranslated
(issue 14)."""


def test_academic_titles_stay_out_of_the_name(found_names):
    rows = found_names(["Prezes Zarządu: dr inż. Andrzej Lewandowski",
                        "Kierownik: mgr Anna Nowak"], "pl")
    assert rows == [[("Andrzej Lewandowski", "PER")], [("Anna Nowak", "PER")]]
