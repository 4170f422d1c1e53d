"""A Swedish estate inventory (bouppteckning), unlabelled (session 33): the deceased's bank
account after the bank's name, and the form's labels that are no one's names."""
from __future__ import annotations

INVENTORY = [
    "BOUPPTECKNING",
    "Den avlidnes namn: Karl-Erik Johansson",
    "Dödsdag: 2 mars 2025",
    "Förrättningsdag: 14 april 2025",
    "Dödsbodelägare:",
    "Son: Per Johansson, Storgatan 5, 411 38 Göteborg",
    "Bouppgivare: Margareta Johansson.",
    "Tillgångar: Bankkonto i Swedbank, 8214-9,123 456 789-0: 312 455 kr.",
]


def test_an_account_after_its_bank_is_a_number(found_numbers):
    """"Bankkonto i Swedbank, 8214-9,123 456 789-0" went out whole: the account's word was a
    compound's last part, the bank stood between it and the number, and the clearing number's
    comma had no space after it.  An amount after an account's word stays an amount."""
    def numbers(text):
        return found_numbers(text, "sv")
    assert numbers(INVENTORY[7]) == ["8214-9,123 456 789-0"]
    assert numbers("Kontot hos Nordea, 3300 1234567890, avslutas.") == ["3300 1234567890"]
    assert numbers("Lønkonto i Danske Bank: 3409 0012345678") == ["3409 0012345678"]
    assert numbers("Sparkonto: 5 000 kr") == []
    assert numbers("Bankkonto i Swedbank, saldo 312 455 kr") == []


def test_the_inventorys_labels_are_no_names(found_names):
    """"Dödsdag:", "Förrättningsdag:", "Dödsbodelägare:", "Bouppgivare:" went out as
    persons' stand-ins (and came back in Swedish in the Danish): a day, owners, a giver."""
    got = found_names(INVENTORY, lang="sv")
    labels = {"Dödsdag", "Förrättningsdag", "Dödsbodelägare", "Bouppgivare"}
    assert not [t for row in got for t, _ in row if t in labels]
    assert ("Margareta Johansson", "PER") in got[6]
    assert ("Karl-Erik Johansson", "PER") in got[1]


def test_the_inventory_sends_no_account(translate_unlabelled):
    sent, back = translate_unlabelled(INVENTORY, source="sv", target="da")
    blob = "\n".join(sent)
    for secret in ("123 456 789", "8214-9", "Johansson", "Karl-Erik"):
        assert secret not in blob, secret
    assert "8214-9,123 456 789-0" in back[7]
