"""Run the real Apertium APy (Debian ``apertium-apy``) bound to 127.0.0.1 only.

APy's own ``main`` binds every interface; tests must not.  Run with the system Python that has
APy's dependencies (tornado): ``/usr/bin/python3 tests/fakes/apy_loopback.py -p PORT MODES``.
"""
import sys

import tornado.httpserver

_bind = tornado.httpserver.HTTPServer.bind


def _loopback_bind(self, port, address=None, *args, **kwargs):
    return _bind(self, port, "127.0.0.1", *args, **kwargs)


tornado.httpserver.HTTPServer.bind = _loopback_bind

from apertium_apy import apy  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "apertium-apy"
    apy.main()
