"""Forms made by analogy (transforms.dictionary.select.Analogy): learnt from the dictionary's
own forms, so a pseudonym can take a form its entry was never seen in."""
from schemas.dictionary import DictionaryEntry, DictionaryForm
from transforms.dictionary.select import OWN, Analogy
from transforms.dictionary.store import Dictionary


def f(text, case, number="Sing"):
    return DictionaryForm(form=text, features={"Case": case, "Number": number}, count=1)


def e(cat, lemma, *forms):
    return DictionaryEntry(category=cat, lemma=lemma, count=1, tokens=len(lemma.split()),
                           forms=list(forms))


def dictionary():
    return Dictionary(lang="et", entries={
        "LOC": [e("LOC", "Tartu", f("Tartu", "Gen"), f("Tartule", "All"), f("Tartus", "Ine")),
                e("LOC", "Narva", f("Narva", "Gen"), f("Narvale", "All"), f("Narvas", "Ine")),
                e("LOC", "Pärnu", f("Pärnu", "Gen"), f("Pärnus", "Ine")),
                e("LOC", "New York", f("New Yorgini", "Ter")),
                e("LOC", "Iraak", f("Iraagi", "Gen"))],
        "PER": [e("PER", "Mets", f("Metsa", "Gen"), f("Metsale", "All")),
                e("PER", "Putin", f("Putini", "Gen"), f("Putinile", "All")),
                e("PER", "Vermeer", f("Vermeeri", "Gen")),
                e("PER", "Kaja Kallas", f("Kaja Kallase", "Gen")),
                e("ORG", "Saaremaa Merisport Park", f("Saaremaa Merispordi Park", "Nom"))]})


GEN, ALL, TER = ({"Case": c, "Number": "Sing"} for c in ("Gen", "All", "Ter"))


def test_composition_on_the_entrys_own_genitive():
    a = Analogy(dictionary())
    # Gen -> All is "+le" for every entry seen in both (Tartu, Narva, Mets, Putin)
    tamm = a.make("Tamm", ALL, [f("Tamme", "Gen")])
    assert tamm.form == "Tammele" and tamm.score == OWN
    # no own genitive: the genitive by the ending class, then +le
    assert a.make("Lenin", ALL).form == "Leninile"


def test_shorter_endings_and_the_vowel_consonant_class():
    a = Analogy(dictionary())
    # "-in" was seen (Putin -> Putini); "-rg" never: consonant-final words take -i here
    assert a.make("Lundberg", GEN).form == "Lundbergi"
    assert a.make("Lundberg", GEN).score < a.make("Lenin", GEN).score
    # a vowel-final name keeps its genitive
    assert a.make("Sibilia", GEN).form == "Sibilia"


def test_a_rare_form_is_made_for_any_name():
    a = Analogy(dictionary())
    # the only terminative is "New Yorgini": over the genitive made by analogy ("Yorgi",
    # like Iraak -> Iraagi) its ending is "ni", which serves names not ending in -k
    assert a.knows(TER)
    assert a.make("Keila", TER).form == "Keilani"
    assert a.make("York", TER).form == "Yorgini"


def test_only_the_last_word_inflects_and_the_others_come_from_the_entrys_forms():
    a = Analogy(dictionary())
    # EDT's lemma lemmatises every word; the entry's forms show the name's own words
    made = a.make("Saaremaa Merisport Park", GEN, [f("Saaremaa Merispordi Park", "Nom")])
    assert made.form == "Saaremaa Merispordi Pargi"            # like Iraak -> Iraagi
    assert a.make("Mari Tamm", GEN, [f("Mari Tamme", "Gen")]) is not None
    assert a.make("Mari Kallas", ALL, [f("Mari Kallase", "Gen")]).form == "Mari Kallasele"


def test_features_never_seen_are_not_made():
    a = Analogy(dictionary())
    abe = {"Case": "Abe", "Number": "Sing"}
    assert not a.knows(abe) and a.make("Tartu", abe) is None
    # a need with Case only takes the usual Number
    made = a.make("Tamm", {"Case": "All"}, [f("Tamme", "Gen")])
    assert made.form == "Tammele" and made.features == ALL
