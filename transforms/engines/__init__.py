"""MT engines behind one interface, in a registry: adding a vendor is one small module that
subclasses ``Engine`` and registers itself."""
from transforms.engines.base import ENGINES, Engine, EngineError, batch_size, create  # noqa: F401
from transforms.engines import apertium, apy, record, simple, vendors  # noqa: F401  (register)
