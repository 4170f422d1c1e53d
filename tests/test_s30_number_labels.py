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
