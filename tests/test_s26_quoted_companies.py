"""Latvia, Lithuania and Estonia write a company's legal form before its quoted name: SIA
“Baltijas Loģistika” went out whole (the model found "SIA" alone), UAB „Vilniaus vandenys“
sent "vandenys", and in an English contract the model made one span of two such companies
and the "and" between them, without the last quote.  Each test but the guard failed on the
code before the change."""


def test_a_quoted_company_after_its_legal_form_is_masked_whole(found_names):
    assert ("Baltijas Loģistika", "ORG") in found_names(
        ["SIA “Baltijas Loģistika”, reģ. Nr. 40103123456, Brīvības iela 58-3, Rīga"], "lv")[0]
    assert found_names(["UAB „Vilniaus vandenys“, įmonės kodas 120898256"], "lt") == [
        [("Vilniaus vandenys", "ORG")]]


def test_two_companies_in_one_sentence_are_two(found_names):
    found = found_names(['The contract between SIA "Baltijas Logistika" and UAB "Vilniaus '
                         'Transportas" was signed.'], "en")[0]
    assert found == [("Baltijas Logistika", "ORG"), ("Vilniaus Transportas", "ORG")]


def test_a_quoted_word_after_capital_letters_is_no_company(found_names):
    assert found_names(["He said AS 'one' was fine."], "en") == [[]]


def test_a_quoted_company_before_its_legal_form_is_masked_whole(found_names):
    # Polish writes the form after the name: „Orzeł” went out
    found = found_names(["Z poważaniem, Tomasz Zieliński, Przedsiębiorstwo Handlowe „Orzeł” "
                         "Sp. z o.o."], "pl")[0]
    assert ("Orzeł", "ORG") in found and ("Tomasz Zieliński", "PER") in found


def test_a_name_that_ran_on_into_a_company_s_form_ends_before_it(found_names):
    found = found_names(["Pagarbiai, Direktorius Jonas Jonaitis, UAB „Statybų projektai“"], "lt")[0]
    assert ("Statybų projektai", "ORG") in found
    assert not any("UAB" in text for text, _ in found), found
