"""A Polish power of attorney, unlabelled (issue 14): "udzielam pełnomocnictwa Panu Piotrowi
Nowakowskiemu" had "Panu" (to Mr) in the person's span, and the stand-in took its place."""


def test_pan_in_its_cases_is_no_part_of_the_name(found_names):
    rows = found_names(["niniejszym udzielam pełnomocnictwa Panu Piotrowi Nowakowskiemu, "
                        "zamieszkałemu w Wieliczce",
                        "Spotkałam się z Panem Janem Kowalskim.",
                        "Magdalena Wójcik-Kowalska, zamieszkała w Krakowie"], lang="pl")
    assert ("Piotrowi Nowakowskiemu", "PER") in rows[0], rows[0]
    assert ("Janem Kowalskim", "PER") in rows[1], rows[1]
    assert ("Magdalena Wójcik-Kowalska", "PER") in rows[2], rows[2]     # guard
