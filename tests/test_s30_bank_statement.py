"""A bank statement in capitals, unlabelled (issue 14): "FASTER PAYMENT FROM S PATEL RENT",
"TRANSFER TO MRS G LLEWELLYN-HUGHES", "STANDING ORDER J O'NEILL GARAGE" went out whole — the
model reads a line in capitals as a heading — and the account holder's surname in capitals
did not spread from "MR OWEN LLEWELLYN-HUGHES"."""
from schemas.records import Mention, Segment
from transforms.linking import propagate

STATEMENT = [
    "Account holder: MR OWEN LLEWELLYN-HUGHES",
    "03 Apr      FASTER PAYMENT FROM S PATEL RENT               £650.00  £1,854.80",
    "05 Apr      TRANSFER TO MRS G LLEWELLYN-HUGHES   £200.00            £1,576.80",
    "06 Apr      STANDING ORDER J O'NEILL GARAGE      £120.00            £1,456.80",
    "04 Apr      DIRECT DEBIT BRITISH GAS             £78.00             £1,776.80"]


def test_persons_in_a_text_in_capitals(found_names):
    rows = found_names(STATEMENT)
    assert ("S PATEL", "PER") in rows[1]
    assert ("G LLEWELLYN-HUGHES", "PER") in rows[2]
    assert ("J O'NEILL", "PER") in rows[3]
    assert not any(c == "PER" for _, c in rows[4])


def test_the_statement_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(STATEMENT)
    for word in ("PATEL", "LLEWELLYN", "HUGHES", "O'NEILL", "OWEN"):
        assert not any(word in s for s in sent), word
    assert "DIRECT DEBIT" in sent[4] and "RENT" in sent[1] and "GARAGE" in sent[3]


def test_a_surname_in_capitals_or_hyphenated_spreads():
    """"MR OWEN LLEWELLYN-HUGHES" named, "LLEWELLYN-HUGHES" alone further on is his surname;
    likewise a hyphenated surname in title case ("Pryce-Jones"). Not an acronym after a
    word that is no given name ("Acme EU")."""
    texts = ["Account holder: MR OWEN LLEWELLYN-HUGHES",
             "Letter to LLEWELLYN-HUGHES about Pryce-Jones.",
             "Gareth Pryce-Jones signed for Acme EU; the EU agreed."]
    segments = [Segment("d", str(i), i, t) for i, t in enumerate(texts)]
    given = [Mention(segment=0, start=16, end=37, text="OWEN LLEWELLYN-HUGHES", category="PER"),
             Mention(segment=2, start=0, end=18, text="Gareth Pryce-Jones", category="PER"),
             Mention(segment=2, start=30, end=37, text="Acme EU", category="ORG")]
    found = propagate(segments, given, lang="en")
    spread = {(m.segment, m.text) for m in found if m.source == "propagated"}
    assert (1, "LLEWELLYN-HUGHES") in spread and (1, "Pryce-Jones") in spread
    assert not any(t == "EU" for _, t in spread)
