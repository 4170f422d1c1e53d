"""A Polish CV, unlabelled (issue 14): its job titles, "Starszy Specjalista ds. Kadr" and
"Specjalista ds. Płac" (senior HR specialist, payroll specialist), were bodies' names and
would have gone out as bodies' stand-ins; a title before a person's name leaves the name."""


def test_polish_job_titles_are_no_names(found_names):
    rows = found_names([
        "2020 – obecnie: Starszy Specjalista ds. Kadr, PKO Bank Polski S.A., Warszawa",
        "2016 – 2020: Specjalista ds. Płac, Orlen Serwis S.A., Płock",
        "Prezes Zarządu Jan Nowak podpisał umowę.",
        "Prezes Zarządu Wąsikiewicz podpisał."], lang="pl")
    words = [[w for w, _ in row] for row in rows]
    assert not any("Specjalista" in w or "Kadr" in w for w in words[0]), rows[0]
    assert "PKO Bank Polski S.A." in words[0] and "Warszawa" in words[0]
    assert not any("Płac" in w for w in words[1]) and "Płock" in words[1], rows[1]
    assert rows[2] == [("Jan Nowak", "PER")], rows[2]
    # (a surname no list has stays masked, with the title's word if need be)
    assert any("Wąsikiewicz" in w for w in words[3]), rows[3]
