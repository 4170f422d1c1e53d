"""A reference a form gives someone (a booking, an order, a customer's or a patient's code)
ties the document to that person as a name does (issue 14): a travel itinerary's "Booking
reference: QX7P4L" went out as written.  A code of capitals and digits after such a label is
an identifier; a case's or an act's number, a year, a class or a seat is not."""
from transforms.detect.identifiers import detect


def _found(text, lang="en"):
    return [(s.text, s.category) for s in detect(text, lang)]


def test_codes_after_their_labels_are_identifiers():
    for text, code in [
            ("Passenger: MR JOHN DOHERTY. Booking reference: QX7P4L.", "QX7P4L"),
            ("Order #A12-77F was shipped on Monday.", "A12-77F"),
            ("Your ref: JS/4471/AB", "JS/4471/AB"),
            ("Policy number HX4471 covers the flat.", "HX4471"),
            ("Booking reference 58812 is confirmed.", "58812"),
            ("Kundnummer: K20391X", "K20391X"),
            ("Localizador: 7XK2PQ", "7XK2PQ"),
            ("Numer zamówienia: ZK-44871", "ZK-44871"),
            ("Re your letter (our ref. EV/2231/KM) of 4 June", "EV/2231/KM"),
            ("Reference AB12345 applies.", "AB12345"),
            ("Student ID: s1234567", "s1234567"),
            ("Employee number E-0042 signed in.", "E-0042")]:
        assert (code, "IDNUM") in _found(text), text


def test_what_labels_without_a_code_stay():
    for text in ["Reference: Article 5 of the Directive", "Ref: 2019", "Class: 5B. Seat: 23C",
                 "see the reference manual", "reference 2019", "ID: unknown", "Idea: try it",
                 "Customer: SMITH", "Order No. 12", "Invoice: see the attached letter",
                 "Booking reference: pending"]:
        assert not [c for _, c in _found(text) if c == "IDNUM"], text


def test_public_numbers_after_words_like_labels_stay():
    # a case's and an act's number are public citations, whatever word stands before them
    for text, lang in [("i sag C-5/18 og sag T-219/10", "da"),
                       ("i ärende R 661/19", "sv"),
                       ("viitega määruse nr 6/2002", "et"),
                       ("Account is taken of Regulation No 987/2009", "en")]:
        assert not [t for t, c in _found(text, lang) if c == "IDNUM" and "/" in t], text


def test_a_booking_reference_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        "Passenger: Mr John Doherty. Booking reference: QX7P4L.",
        "Please quote your customer number: K20391X when you call."])
    text = " ".join(sent)
    assert "QX7P4L" not in text and "K20391X" not in text
    assert "QX7P4L" in back[0] and "K20391X" in back[1]


def test_a_police_officers_collar_number():
    # it names the officer as the surname does ("PC 4471" went out); not a console's "PS 5"
    assert ("4471", "IDNUM") in _found("interviewed the suspect with PC 4471 Jones.")
    assert [t for t, c in _found("DC 2231 Holt and Sgt 1042 arrived") if c == "IDNUM"] == \
        ["2231", "1042"]
    assert _found("buy a PS 5 console") == [] and _found("a 12 V DC supply") == []
    assert ("7713", "IDNUM") in _found("PCSO Tanya Whitlock (collar 7713) attended.")
    assert ("55012", "IDNUM") in _found("Officer with badge number 55012")


def test_a_british_registration_mark():
    # it names the car's keeper ("registration AB12CDE" went out as written)
    assert ("AB12CDE", "IDNUM") in _found("Vehicle registration AB12CDE was seen.")
    assert ("AB12 CDE", "IDNUM") in _found("Vehicle reg: AB12 CDE")
    assert _found("the ISO 9001 and EN 1234 standards") == []
