"""A support chat and a motor insurance claim, unlabelled (issue 14): the chat took "Thanks"
into a person's stand-in ("Thanks Gareth."); the claim's label "Policyholder:" and its title
"Motor Insurance Claim Form" went out as names' stand-ins and came back English."""
import re


def test_thanks_is_no_part_of_the_name(found_names):
    rows = found_names(["Thanks Gareth. Can you confirm the first line of your address?",
                        "Cheers Tom!", "Hi Anna, see you soon."])
    assert [w for w, c in rows[0] if c == "PER"] == ["Gareth"]
    assert [w for w, c in rows[1] if c == "PER"] == ["Tom"]
    assert [w for w, c in rows[2] if c == "PER"] == ["Anna"]


def test_a_claim_forms_label_and_title_are_translated(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Motor Insurance Claim Form",
        "Policyholder: Mr Desmond O'Leary",
    ])
    assert sent[0] == "Motor Insurance Claim Form"
    assert sent[1].startswith("Policyholder: Mr ") and "O'Leary" not in sent[1]
    assert "Motor Insurance" not in back[0]


def test_a_speaker_before_a_colon_stays_a_name(found_names):
    """Guard (passes before the change too): a transcript's speaker is no label."""
    rows = found_names(["Jane: Mr Smith said no.", "Smith: 12 of them came."])
    assert ("Jane", "PER") in rows[0] and ("Smith", "PER") in rows[1]
    assert re.search("Smith", " ".join(w for w, _ in rows[0]))
