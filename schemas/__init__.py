"""Records that cross stage or process boundaries: one definition, used by all code."""
from schemas.records import (  # noqa: F401
    Code, Segment, Document, Mention, Cluster, Assignment, ProtectedSegment,
    MTRequest, MTResponse, RestoredSegment, DocumentReport, Failure,
)
