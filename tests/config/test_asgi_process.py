"""The served application: what it loaded at start-up is left out of later garbage collections,
full collections are rare, and its threads take turns often."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _served(probe: str, data_dir: Path) -> str:
    """What `probe` prints in a fresh interpreter that loads the application as daphne does."""
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={"PATH": "/usr/bin:/bin", "STICH_DATA_DIR": str(data_dir),
                              "DJANGO_SETTINGS_MODULE": "config.settings"})
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_loading_the_asgi_application_freezes_the_start_up_objects(tmp_path):
    probe = ("import gc; assert gc.get_freeze_count() == 0; import config.asgi; "
             "print(gc.get_freeze_count(), len(gc.get_objects()))")
    frozen, still_tracked = map(int, _served(probe, tmp_path).split())
    assert frozen > 10 * still_tracked  # nearly everything loaded is frozen


def test_the_served_application_collects_its_oldest_objects_rarely(tmp_path):
    young, middle, full = map(int, _served("import gc; import config.asgi; print(*gc.get_threshold())", tmp_path).split())
    assert young >= 7000 and full >= 100


def test_the_served_application_switches_threads_every_millisecond(tmp_path):
    assert float(_served("import sys; import config.asgi; print(sys.getswitchinterval())", tmp_path)) == 0.001
