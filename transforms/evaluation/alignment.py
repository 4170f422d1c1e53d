"""Word alignment with simalign (optional): maps a source entity's character span to the
span of the target words aligned to it, as the Tilde paper does.

The model is configured by path only (``--align-model DIR``: a Hugging Face model directory
such as a downloaded ``bert-base-multilingual-cased``); nothing is downloaded here.  Without a
model the evaluation uses its model-free means (``masking.locate_entities``: original strings,
date components, the engine's translation of the entity).  Alignment comes last among those
means: it is what misplaced dates in the paper."""
from __future__ import annotations

import os
from typing import Callable, List, Optional, Tuple

from transforms.evaluation.masking import Span, word_spans


class AlignerError(RuntimeError):
    pass


class SimAligner:
    def __init__(self, model_path: str, matching: str = "m", layer: int = 8):
        if not os.path.isdir(model_path):
            raise AlignerError(f"alignment model directory {model_path!r} not found: download a "
                               f"multilingual BERT (e.g. bert-base-multilingual-cased) when "
                               f"online and pass its directory")
        try:
            from simalign import SentenceAligner
        except ImportError as exc:
            raise AlignerError(f"word alignment needs simalign ({exc}): pip install "
                               f"'doppel[align]'") from None
        self.method = {"a": "inter", "m": "mwmf", "i": "itermax", "f": "fwd", "r": "rev"}[matching]
        self.aligner = SentenceAligner(model=model_path, token_type="bpe",
                                       matching_methods=matching, layer=layer)

    def pairs(self, source: str, target: str) -> Tuple[List[Span], List[Span], List[Tuple[int, int]]]:
        src, tgt = word_spans(source), word_spans(target)
        if not src or not tgt:
            return src, tgt, []
        aligns = self.aligner.get_word_aligns([source[a:b] for a, b in src],
                                              [target[a:b] for a, b in tgt])
        return src, tgt, list(aligns[self.method])

    def mapper(self, source: str, target: str) -> Callable[[Span], Optional[Span]]:
        """A function: source character span -> hull of the aligned target words."""
        src, tgt, pairs = self.pairs(source, target)

        def aligned(span: Span) -> Optional[Span]:
            words = {i for i, (a, b) in enumerate(src) if a < span[1] and span[0] < b}
            hits = [tgt[j] for i, j in pairs if i in words]
            if not hits:
                return None
            return min(a for a, _ in hits), max(b for _, b in hits)

        return aligned
