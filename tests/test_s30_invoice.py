"""An invoice, unlabelled: its title-case "Bill To:", its table's heading "Description    Qty
    Unit Price    Total" and "Subtotal: £4,250.00" went out as persons' and firms' stand-ins
("Gajane Fiorello:", "Union", "Almas:") and came back untranslated (issue 14)."""

INVOICE = ["Bill To: Mr Haruto Nakamura, Oakridge Logistics plc, London EC1A 4HD",
           "Description    Qty    Unit Price    Total",
           "Subtotal: £4,250.00  VAT @ 20%: £850.00  Total: £5,100.00"]


def test_an_invoices_labels_and_headings_are_no_names(found_names):
    rows = found_names(INVOICE)
    found = [w for row in rows for w, _ in row]
    for word in ("Bill To", "Bill", "Description", "Total", "Subtotal"):
        assert word not in found, (word, found)
    assert any("Haruto Nakamura" in w for w in found)


def test_names_in_a_tables_cells_and_before_a_colon_stay(found_names):
    """Guard (passes before the change too): a person in a table's cell ("Grant", a given
    name and an ordinary word) and a speaker before an amount ("Bill: £20 each") are names."""
    rows = found_names(["Name    Role    Start",
                        "Grant    Manager    2019",
                        "Bill: £20 each, I reckon."])
    assert ("Grant", "PER") in rows[1]
    assert ("Bill", "PER") in rows[2]
