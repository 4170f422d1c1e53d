"""An Arabic surname's article and patronymic, and an Irish surname's "Mac an", "Ó", "Nic"
with the mutated word after them, are the name's (issue 14): "Abdul Rahman al-Khalifa" sent
"al-Khalifa", "Omar ibn al-Khattab" "ibn al-Khattab", "Cathal Mac an tSaoi" "an tSaoi",
"Seán Ó hUiginn" "hUiginn"."""


def test_the_whole_surname_is_found(found_names):
    rows = found_names([
        "The claimant, Abdul Rahman al-Khalifa, was represented by counsel.",
        "Present: Mohammed bin Salman Al Saud and Omar ibn al-Khattab.",
        "We met Youssef el-Amrani and Fatima Zahra ben Ali in Rabat.",
        "Present: Cathal Mac an tSaoi and Seán Ó hUiginn.",
        "Ms Aoife Nic an Bhaird and Liam O Brien came."])
    assert ("Abdul Rahman al-Khalifa", "PER") in rows[0]
    assert ("Omar ibn al-Khattab", "PER") in rows[1]
    assert ("Youssef el-Amrani", "PER") in rows[2]
    assert ("Cathal Mac an tSaoi", "PER") in rows[3] and ("Seán Ó hUiginn", "PER") in rows[3]
    assert ("Aoife Nic an Bhaird", "PER") in rows[4]


def test_what_follows_other_names_stays_outside(found_names):
    rows = found_names(["John Smith an hour later left.",
                        "Anna Berg al fine del mese",
                        "Mary Jones bin the letters."])
    assert ("John Smith", "PER") in rows[0]
    assert ("Anna Berg", "PER") in rows[1]
    assert ("Mary Jones", "PER") in rows[2]


def test_the_surnames_never_reach_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "The claimant, Abdul Rahman al-Khalifa, was represented by counsel.",
        "Present: Cathal Mac an tSaoi and Seán Ó hUiginn."])
    text = " ".join(sent)
    for part in ("Khalifa", "tSaoi", "hUiginn", "Cathal", "Abdul"):
        assert part not in text
    assert "al-Khalifa" in back[0] and "Mac an tSaoi" in back[1] and "Ó hUiginn" in back[1]


def test_a_family_name_with_its_article_alone(found_names):
    rows = found_names(["Vi träffade familjen al-Hassan och Fatima Yilmaz i Malmö."], lang="sv")
    assert ("al-Hassan", "PER") in rows[0] and ("Fatima Yilmaz", "PER") in rows[0]
    rows = found_names(["The al-Sabah family met on Monday.", "a well-Known fact"])
    assert ("al-Sabah", "PER") in rows[0] and rows[1] == []
