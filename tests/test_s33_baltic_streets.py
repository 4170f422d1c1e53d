"""A Latvian CV's address (session 33): streets whose kind is no "iela" — an embankment, an
avenue, a highway, a Lithuanian highway — with their house numbers."""
from __future__ import annotations


def test_latvian_and_lithuanian_street_kinds_are_places(found_names):
    """"Ganību dambis 17a-12" went out whole: only "iela", "bulvāris" and "prospekts" were
    Latvian streets' kinds."""
    got = found_names(["Adrese: Ganību dambis 17a-12, Rīga, LV-1045",
                       "Viņa dzīvo Brīvības gatvē 214, Rīgā.",
                       "Birojs: Maskavas šoseja 3, Rīga"], lang="lv")
    assert ("Ganību dambis", "LOC") in got[0]
    assert ("Brīvības gatvē", "LOC") in got[1]
    assert ("Maskavas šoseja", "LOC") in got[2]
    got = found_names(["Adresas: Savanorių plentas 12, Kaunas"], lang="lt")
    assert ("Savanorių plentas", "LOC") in got[0]


def test_a_kind_without_its_number_is_no_street(found_names):
    """Guard: the kind words alone, in running text, make no place of the word before."""
    got = found_names(["Projekts paredz jaunu gājēju laukums pie skolas 2025. gadā."],
                      lang="lv")
    assert not any("laukums" in t for row in got for t, _ in row)
