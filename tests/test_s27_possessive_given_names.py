"""A given name with its possessive is a person's, whatever capitalised word follows (issue
14): in an e-mail, "Declan's X-rays from Galway University Hospital arrived" sent "Declan"
(the patient) — the rules' guess took "X-rays" in, an ordinary word, and the whole guess
was dropped."""


def test_the_name_is_found_before_what_it_owns(found_names):
    rows = found_names(["Thanks for your note. Declan's X-rays from Galway University "
                        "Hospital arrived yesterday.", "She was treated at St Mary's Hospital."])
    assert ("Declan's", "PER") in rows[0]
    assert rows[1] == [("St Mary's Hospital", "ORG")]


def test_the_patients_name_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Subject: Patient transfer - Mr Declan Murphy (DOB 03/11/1978)",
        "Thanks for your note. Declan's X-rays from Galway University Hospital arrived "
        "yesterday; I've attached them."])
    assert "Declan" not in " ".join(sent) and "Murphy" not in " ".join(sent)
    assert "Declan" in back[1]
