"""An address's street between its house number and the town of a postcode is a place, in any
language's words (issue 14): "5 Heol y Bont, Pontypridd CF37 4AA" had sent "Heol y Bont"."""


def _covered(spans, text, part):
    start = text.index(part)
    return any(text.find(s) <= start and start + len(part) <= text.find(s) + len(s)
               for s, _ in spans)


def test_a_street_the_lists_lack_is_masked_before_a_postcode_town(found_names):
    texts = ["Policyholder: Mr Gareth Llewellyn, 5 Heol y Bont, Pontypridd CF37 4AA",
             "Address: Flat 2, 14 Ffordd yr Afon, Swansea SA1 5LF"]
    for text, spans in zip(texts, found_names(texts)):
        street = text.split(", ")[-2].split(" ", 1)[1]
        assert _covered(spans, text, street), (street, spans)
        assert _covered(spans, text, text.split(", ")[-1].split()[0])      # the town


def test_a_date_before_a_postcode_town_is_no_street(found_names):
    [spans] = found_names(["Dated 12 March, Leeds LS1 4AP"])
    assert not any("March" in s for s, _ in spans)


def test_the_street_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled(
        ["Please send the form to Mr Gareth Llewellyn, 5 Heol y Bont, Pontypridd CF37 4AA."])
    assert "Heol" not in sent[0] and "Bont" not in sent[0]
    assert "5 Heol y Bont, Pontypridd CF37 4AA" in back[0]
