"""Masked translation evaluation (DESIGN.md §2.1, §5): score engines × protection methods on
context quality with entities masked, beside privacy and restoration figures.

``masking`` (spans and masks), ``alignment`` (optional simalign), ``references`` (MultiLeg
pairs, TMX, sentence alignment), ``metrics`` (sacrebleu, bootstrap, COMET), ``privacy`` (leak
and detection figures), ``score`` (the pure stages), ``report`` (JSON/CSV/Parquet/HTML),
``gate`` (``--fail-below``), ``replay`` (recorded-translation engine)."""
