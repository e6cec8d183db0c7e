"""HTTP and websockets in one ASGI app, served by daphne.

Websockets must come from a page of this site, the same scheme, host and port (config.origin:
a page on another site cannot open a socket with our user's cookies), and are authenticated
from the Django session.
"""

import gc
import os
import sys

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.origin import SameOriginValidator  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402
from games.liveness import Vouching  # noqa: E402

# Vouching: the process tells beat it is alive, so that its pages' seats pause, without
# strikes, if it dies (games/liveness.py).
application = Vouching(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
))

# A full collection walks every object the process holds, and most of them were made by the
# imports above and live as long as the process. Frozen, they are left out of every later
# collection, which otherwise stalled every socket of the process at once (BENCHMARKS.md).
gc.freeze()

# What stays is still a lot: each open socket's objects and the engine's listing caches, a
# quarter of a million objects at 100 tables, which a full collection walks in 170-350 ms
# with every socket of the process stopped. The default thresholds (700, 10, 10) ran one
# every ~10 s at 100 tables; with these, young objects survive a page's drawing without being
# promoted and full collections come a tenth as often: at 100 tables the process spent 2.8 s
# instead of 7.0 s collecting and 6 % less CPU per game action (BENCHMARKS.md, load, sixth round).
gc.set_threshold(7000, 10, 100)

# The database thread gives up the interpreter lock on every round trip to the database and
# must then wait for the event loop to hand it back, for up to the switch interval (5 ms by
# default) each time: a move's eight statements could wait 40 ms behind the pages being drawn.
# At 1 ms, 250 tables' median and p99 latency fell in each paired run (BENCHMARKS.md).
sys.setswitchinterval(0.001)
