"""A tenancy agreement, unlabelled: the signatures' "O. Kovalenko" and "G. Pryce-Jones" had
stand-ins of their own beside the full names' ("Ms Zuikin Kuhn" above, "B. Ponomarenko"
below), and then "Kovalenko's" matched two persons and took a third; "the Landlord", a
contract's party, went out as a person's stand-in ("the Bird") and came back in English
(issue 14)."""
import re

from schemas.records import Mention
from transforms.linking import link

AGREEMENT = [
    "This Agreement is made between the Landlord, Mr Gareth Pryce-Jones of Cardiff, and the "
    "Tenants, Ms Olena Kovalenko and Mr Tomasz Wiśniewski.",
    "The Tenants must not keep pets without the Landlord's written consent; Ms Kovalenko's "
    "cat is permitted.",
    "Signed by the Landlord: G. Pryce-Jones",
    "Signed by the Tenants: O. Kovalenko, T. Wiśniewski"]


def _per(segment, text):
    return Mention(segment=segment, start=0, end=len(text), text=text, category="PER")


def test_initials_and_surname_join_the_name_written_in_full():
    mentions = [_per(0, "O. Kovalenko"), _per(1, "Olena Kovalenko"), _per(2, "Kovalenko's"),
                _per(3, "J.-F. Eriksson"), _per(4, "Jean-François Eriksson")]
    link(mentions, "en")
    assert len({m.cluster for m in mentions[:3]}) == 1
    assert mentions[3].cluster == mentions[4].cluster != mentions[0].cluster


def test_initials_of_two_persons_stay_apart():
    """Guard (passes before the change too): "A. Smith" beside "Anna Smith" and "Adam Smith"
    is either: no cluster is chosen for it; "B. Smith" is neither."""
    mentions = [_per(0, "Anna Smith"), _per(1, "Adam Smith"), _per(2, "A. Smith"),
                _per(3, "B. Smith")]
    link(mentions, "en")
    assert len({m.cluster for m in mentions}) == 4


def test_one_stand_in_per_person_and_the_parties_translated(translate_unlabelled):
    sent, back = translate_unlabelled(AGREEMENT)
    assert not any(w in s for s in sent for w in ("Kovalenko", "Pryce", "Wiśniewski",
                                                  "Olena", "Gareth", "Tomasz"))
    full = re.search(r"the Tenants, Ms (\S+) (\S+) and Mr (\S+) (\S+)\.", sent[0])
    assert full, sent[0]
    given, surname, given2, surname2 = full.groups()
    assert f"Ms {surname}'s cat" in sent[1]
    assert f"{given[0]}. {surname}, {given2[0]}. {surname2}" in sent[3]
    landlord = re.search(r"between the Landlord, Mr (\S+) (\S+) of", sent[0])
    assert landlord and sent[2].endswith(f"{landlord.group(1)[0]}. {landlord.group(2)}")
    # the parties are sent as they are, and the engine translates them
    assert "the Landlord's written consent" in sent[1]
    assert "Landlord" not in back[2] and back[2].endswith("G. Pryce-Jones"), back[2]


def test_a_surname_that_is_a_partys_word_stays_masked(found_names):
    """Guard (passes before the change too): after a title the word is a surname ("Mr
    Seller", "Ms Lender"), not a party."""
    rows = found_names(["The goods were delivered by Mr Seller to the Buyer on Monday.",
                        "The deposit is held by Ms Lender for the Tenant."])
    assert rows == [[("Seller", "PER")], [("Lender", "PER")]]


def test_a_name_without_its_middle_name_is_the_same_person():
    """A Finnish decision's "Matti Juhani Virtanen" and, further down, "Hyvä Matti Virtanen"
    had two stand-ins; "Anna Smith" beside "Anna Maria Smith" and "Anna Lee Smith" is
    either, and joins neither."""
    mentions = [_per(0, "Matti Juhani Virtanen"), _per(1, "Matti Virtanen"),
                _per(2, "Anna Maria Smith"), _per(3, "Anna Lee Smith"), _per(4, "Anna Smith")]
    link(mentions, "fi")
    assert mentions[0].cluster == mentions[1].cluster
    assert len({m.cluster for m in mentions[2:]}) == 3
