"""One rule for an entity's form features, in the dictionary and in the mentions to replace:
the head word's UD features, Case and Number of a flat name from its last word
(``transforms.nlp.base.entity_features``)."""
from transforms.dictionary.extract import mentions_from_annotated, observations_from_annotated
from transforms.nlp.base import entities_to_mentions, entity_features
from transforms.nlp.conllu import read_annotated

# UD Estonian style: "Robert Hunteri" is a flat chain headed by "Robert" (Case=Nom) whose last
# word carries the case (Gen); "Eesti Panga" is not flat (nmod + head): its head is the last
# word itself.  Latvian style: both words inflect alike.
ET = """# sent_id = x_1
1\tRobert\tRobert\tPROPN\tS\tCase=Nom|Number=Sing\t3\tnmod\t_\tNE=B-Per
2\tHunteri\tHunter\tPROPN\tS\tCase=Gen|Number=Sing\t1\tflat\t_\tNE=I-Per
3\tsõnul\tsõna\tNOUN\tS\tCase=Ade|Number=Plur\t0\troot\t_\t_
4\tEesti\tEesti\tPROPN\tS\tCase=Gen|Number=Sing\t5\tnmod\t_\tNE=B-Org
5\tPanga\tpank\tPROPN\tS\tCase=Gen|Number=Sing\t3\tnmod\t_\tNE=I-Org|SpaceAfter=No
6\t.\t.\tPUNCT\tZ\t_\t3\tpunct\t_\t_

"""

LV = """# sent_id = y_1
1\tAndrim\tAndris\tPROPN\tnp\tCase=Dat|Gender=Masc|Number=Sing\t3\tiobj\t_\tNE=B-Per
2\tBērziņam\tBērziņš\tPROPN\tnp\tCase=Dat|Gender=Masc|Number=Sing\t1\tflat:name\t_\tNE=I-Per
3\tpalīdzēja\tpalīdzēt\tVERB\tv\tMood=Ind\t0\troot\t_\tSpaceAfter=No
4\t.\t.\tPUNCT\tz\t_\t3\tpunct\t_\t_

"""


def _by_text(items, key):
    return {key(x): x for x in items}


def test_flat_name_takes_case_and_number_from_its_last_word_everywhere():
    ann = read_annotated(text=ET, lang="et", tagset="edt")
    nlp = _by_text(entities_to_mentions(0, ann), lambda m: m.text)
    dic = _by_text(mentions_from_annotated(0, ann), lambda m: m.text)
    obs = _by_text(observations_from_annotated(ann), lambda o: o.form)
    for name, case in (("Robert Hunteri", "Gen"), ("Eesti Panga", "Gen")):
        assert nlp[name].features["Case"] == dic[name].features["Case"] == case
        assert dict(obs[name].features)["Case"] == case
    # the head is still the head: UPOS and relation are the first word's ("Robert", nmod)
    assert nlp["Robert Hunteri"].features["deprel"] == "nmod"
    assert nlp["Robert Hunteri"].features["upos"] == dic["Robert Hunteri"].features["upos"]


def test_the_rule_keeps_the_heads_other_features_and_agreeing_names():
    ann = read_annotated(text=LV, lang="lv")
    span = [i for i, t in enumerate(ann.tokens) if t.text in ("Andrim", "Bērziņam")]
    feats, head = entity_features(ann.tokens, span, -1)       # head found from the tree
    assert ann.tokens[head].text == "Andrim"
    assert feats == {"Case": "Dat", "Gender": "Masc", "Number": "Sing"}
    # a span whose last word is not in the head's flat chain keeps the head's features
    ann = read_annotated(text=ET, lang="et", tagset="edt")
    words = [i for i, t in enumerate(ann.tokens) if t.text in ("Robert", "Hunteri", "sõnul")]
    feats, head = entity_features(ann.tokens, words, -1)
    assert ann.tokens[head].text == "sõnul" and feats["Case"] == "Ade"
