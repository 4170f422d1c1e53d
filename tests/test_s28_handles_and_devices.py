"""A social network's handle and a device's hardware address identify a person as an
e-mail or an IP address does (issue 14): "Follow @mjones_88" and "MAC address
00:1A:2B:3C:4D:5E" went out as written."""
from transforms.detect.identifiers import detect


def _found(text):
    return [(s.text, s.category) for s in detect(text, "en")]


def test_handles_are_identifiers():
    assert ("@mjones_88", "IDNUM") in _found("Follow @mjones_88 and use #JusticeForJane.")
    assert _found("cc @anna.k, @_bob") == [("@anna.k", "IDNUM"), ("@_bob", "IDNUM")]


def test_what_holds_an_at_sign_and_is_no_handle():
    assert _found("mail anna@example.com now") == [("anna@example.com", "EMAIL")]
    assert _found("meet @ 5pm") == []
    assert _found("see www.example.com/@alice") == [("www.example.com/@alice", "URL")]


def test_hardware_addresses_are_identifiers():
    for text, mac in [("Device MAC address 00:1A:2B:3C:4D:5E was logged.", "00:1A:2B:3C:4D:5E"),
                      ("MAC 00-1a-2b-3c-4d-5e", "00-1a-2b-3c-4d-5e"),
                      ("router 001a.2b3c.4d5e up", "001a.2b3c.4d5e")]:
        assert (mac, "IP") in _found(text), text
    assert _found("logged at 10.0.0.12.") == [("10.0.0.12", "IP")]
    assert _found("Article 12:3 and 4:5") == []


def test_they_never_reach_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Follow @mjones_88 for updates.",
        "Device MAC address 00:1A:2B:3C:4D:5E was logged."])
    text = " ".join(sent)
    assert "mjones_88" not in text and "1A:2B:3C" not in text
    assert "@mjones_88" in back[0] and "00:1A:2B:3C:4D:5E" in back[1]
