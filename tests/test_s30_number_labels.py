"""Swedish board minutes, unlabelled: "org.nr 556123-4567" sent "org.nr" (Nauru's domain) as
a host's stand-in ("uje.vu"), back as it was sent (issue 14)."""
from transforms.detect import identifiers


def test_a_numbers_abbreviated_label_is_no_host():
    text = "Offert från Sundbyberg Bygg AB, org.nr 556123-4567, godkändes."
    found = [s.text for s in identifiers.detect(text, "sv")]
    assert "org.nr" not in found and "556123-4567" in found


def test_norwegian_hosts_stay_hosts():
    """Guard (passes before the change too): "nav.no", "www.nrk.no" are hosts."""
    found = [s.text for s in identifiers.detect("Se www.nrk.no og nav.no for mer.", "da")]
    assert "www.nrk.no" in found and "nav.no" in found


def test_a_registers_label_is_no_body(found_names):
    """"CPR-nr.: 120356-1234" sent "CPR" as a body's stand-in ("EACEA-nr."), likewise "CVR-nr.",
    "REGON 012345678"."""
    rows = found_names(["CPR-nr.: 120356-1234",
                        "Virksomhedens CVR-nr. 12345678 fremgår af fakturaen.",
                        "Skriv CPR-nummer og SE-nr. på blanketten."], "da")
    assert rows == [[], [], []]
    assert found_names(["NIP: 526-104-08-28, REGON 012345678"], "pl") == [[]]


def test_the_registered_body_stays_a_name(found_names):
    """Guard (passes before the change too): the company whose register number the label
    introduces stays a name."""
    rows = found_names(["Leverandør: Nordisk Byg ApS, CVR-nr. 12345678, Vejle."], "da")
    assert any("Nordisk Byg" in w for w, _ in rows[0])


def test_a_swedish_invoices_labels(found_names):
    """A Swedish invoice: "Org.nr 556677-8899" and "Momsreg.nr SE556677889901" sent "Org" and
    "Momsreg" as names' stand-ins ("Mendez.nr") or a host's ("Xdtjyjl.ot"), "OCR 41230987655"
    an acronym's ("TEAC")."""
    text = ("Säljare: Norrlands Snickeri AB, Org.nr 556677-8899, Momsreg.nr SE556677889901. "
            "Betalas till bankgiro 5050-1055 med OCR 41230987655.")
    found = [w for w, _ in found_names([text], "sv")[0]]
    assert not any(w in ("Org", "Momsreg", "OCR") for w in found), found
    hosts = [s.text for s in identifiers.detect(text, "sv") if s.category == "URL"]
    assert hosts == []
