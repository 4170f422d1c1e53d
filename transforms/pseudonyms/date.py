"""Dates: the date pseudonym and the shift it is chosen by (pure).

Dates are shifted, not drawn from a pool: a keyed number of days (40..939, keyed by scope and
the cluster's key), each mention rewritten in its own pattern (``transforms.dates``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from schemas.records import Cluster
from transforms import dates
from transforms.linking import POSSESSIVE, fold
from transforms.pseudonyms.keyed import keyed_int
from transforms.pseudonyms.kinds import Pseudonym

if TYPE_CHECKING:  # pragma: no cover
    from transforms.pseudonyms.chooser import PseudonymChooser


class DatePseudonym(Pseudonym):
    def __init__(self, original: dates.DateValue, fake: dates.DateValue, lang: str = ""):
        self.original = original
        self.fake = fake
        self.lang = lang            # the text's language: its month names

    def form_for(self, mention_text: str, features=None) -> str:
        value = dates.parse(mention_text) or self.original
        return dates.substitute(mention_text, value, self.fake, lang=self.lang)

    def all_forms(self):
        return []


def shifted_date(ch: "PseudonymChooser", cluster: Cluster,
                 value: dates.DateValue) -> dates.DateValue:
    """The fake date for ``cluster``: ``value`` shifted by its keyed number of days, walked on
    until the chooser accepts the result written like the original."""
    days = 40 + keyed_int(ch.secret, ch.scope, "DATE", cluster.key) % 900
    y, m, d = value.fields()
    if y is not None and m is None and d is None:
        # A bare year has only 7 shifts in dates.shift: walk years instead, so that two
        # years of one document never get the same pseudonym.
        for k in range(99):
            new = dates.DateValue(y + 1 + (days + k) % 99, None, None)
            text = POSSESSIVE.sub("", dates.render_like(cluster.canonical, new, ch.lang))
            if ch._acceptable(text, share_words=True):
                ch.used.add(fold(text))
                return new
    for k in range(50):
        new = dates.shift(value, days + 37 * k)
        text = POSSESSIVE.sub("", dates.render_like(cluster.canonical, new, ch.lang))
        if ch._acceptable(text, share_words=True):
            ch.used.add(fold(text))
            return new
    return dates.shift(value, days)
