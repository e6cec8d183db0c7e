"""The served application: what it loaded at start-up is left out of later garbage collections,
and its threads take turns often."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_loading_the_asgi_application_freezes_the_start_up_objects(tmp_path):
    probe = ("import gc; assert gc.get_freeze_count() == 0; import config.asgi; "
             "print(gc.get_freeze_count(), len(gc.get_objects()))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "STICH_DATA_DIR": str(tmp_path),
                              "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert out.returncode == 0, out.stderr
    frozen, still_tracked = map(int, out.stdout.split())
    assert frozen > 10 * still_tracked  # nearly everything loaded is frozen


def test_the_served_application_switches_threads_every_millisecond(tmp_path):
    probe = "import sys; import config.asgi; print(sys.getswitchinterval())"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "STICH_DATA_DIR": str(tmp_path),
                              "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert out.returncode == 0, out.stderr
    assert float(out.stdout) == 0.001
