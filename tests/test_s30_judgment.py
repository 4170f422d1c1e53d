"""An English judgment, unlabelled (issue 14): its heading "Before: THE HONOURABLE MRS
JUSTICE HARTLEY" sent the judge's surname (the model took "JUSTICE", the court's word, for a
body and let "HARTLEY" out); the claimant in capitals was a body's and "Mr Okonkwo-Briggs" a
person's: two stand-ins; "[2019] EWCA Civ 1150" sent the court's code as a name's stand-in
("JASMINA Agidi")."""
import re

from transforms.detect import identifiers

JUDGMENT = [
    "Neutral Citation Number: [2024] EWHC 1187 (KB)",
    "IN THE HIGH COURT OF JUSTICE, KING'S BENCH DIVISION",
    "Royal Courts of Justice, Strand, London, WC2A 2LL",
    "Before: THE HONOURABLE MRS JUSTICE HARTLEY",
    "Between: DANIEL OKONKWO-BRIGGS (Claimant) and NORTHGATE ESTATES LIMITED (Defendant)",
    "2. Mr Okonkwo-Briggs says that his line manager made remarks about his accent.",
    "3. I was referred to Smith v Jones [2019] EWCA Civ 1150 and to Harpur Trust v Brazel "
    "[2022] UKSC 21."]


def test_a_judges_name_after_a_title_in_capitals(found_names):
    rows = found_names(["Before: THE HONOURABLE MRS JUSTICE HARTLEY",
                        "Before: HIS HONOUR JUDGE ROBERT PEEL"])
    assert rows == [[("HARTLEY", "PER")], [("ROBERT PEEL", "PER")]]


def test_neutral_citations_are_public():
    text = JUDGMENT[6]
    cited = [text[a:b] for a, b in identifiers.public_citations(text)]
    assert cited == ["[2019] EWCA Civ 1150", "[2022] UKSC 21"]


def test_the_judgment_as_sent(translate_unlabelled):
    sent, _ = translate_unlabelled(JUDGMENT)
    assert not any(w in s for s in sent for w in ("HARTLEY", "Hartley", "OKONKWO", "Okonkwo"))
    judge = re.fullmatch(r"Before: THE HONOURABLE MRS JUSTICE ([A-Z][A-Z'\-]{3,})", sent[3])
    assert judge, sent[3]                       # a surname in capitals, not initials
    claimant = re.match(r"Between: ([A-Z]+) ([A-Z][A-Z'\-]+) \(Claimant\)", sent[4])
    assert claimant, sent[4]
    assert sent[5].startswith(f"2. Mr {claimant.group(2).title()} ") or \
        sent[5].startswith(f"2. Mr {claimant.group(2)} "), (sent[4], sent[5])
    assert "[2019] EWCA Civ 1150" in sent[6] and "[2022] UKSC 21" in sent[6]
