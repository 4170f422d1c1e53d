"""A nickname in quotes between a given name and a surname is the person's, a role word before
the given name or not (issue 14): "against Supervisor Derek "Del" Mahoney" sent "Del"."""
import re


def test_the_nickname_is_masked_with_the_name(found_names):
    rows = found_names(['Grievance raised against Supervisor Derek "Del" Mahoney on 2 March.',
                        'Grievance raised against Derek "Del" Mahoney on 2 March.'])
    assert any('"Del" Mahoney' in w for w, c in rows[0] if c == "PER")
    assert ('Derek "Del" Mahoney', "PER") in rows[1]


def test_the_nickname_never_reaches_the_engine(translate_unlabelled):
    sent, back = translate_unlabelled([
        'Grievance raised against Supervisor Derek "Del" Mahoney on 2 March.'])
    words = re.findall(r"\w+", sent[0])
    assert "Del" not in words and "Mahoney" not in words
    assert '"Del" Mahoney' in back[0]
