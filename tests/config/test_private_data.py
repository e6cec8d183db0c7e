"""The data folder holds sessions, password hashes, the signing key and mailed reset links:
what the site writes there is readable by its own user only (folders 0700, files 0600), and
a folder an older version left world-readable is closed on the next start."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Migrate a fresh embedded default and send a mail through its file backend, then list the
# modes while the database connection is still open (so its -wal and -shm files exist).
PROBE = """
import json, django
django.setup()
from django.conf import settings
from django.core.mail import send_mail
from django.core.management import call_command
call_command("migrate", verbosity=0)
send_mail("Reset your password", "http://example.com/reset/secret/", None, ["bob@example.com"])
data = settings.DATA_DIR
print(json.dumps({str(p.relative_to(data)): p.stat().st_mode & 0o777 for p in [data, *data.rglob("*")]}))
"""


def modes_after_a_start(data_dir: Path) -> dict[str, int]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={"PATH": "/usr/bin:/bin", "STICH_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def test_a_fresh_data_folder_is_private(tmp_path):
    modes = modes_after_a_start(tmp_path / "var")
    assert {"stich.sqlite3", "stich.sqlite3-wal", "stich.sqlite3-shm", "secret_key", "mail"} <= set(modes)
    assert any(name.startswith("mail/") and name.endswith(".log") for name in modes)
    folders = {".", "mail"}
    assert {name: oct(mode) for name, mode in modes.items() if name in folders} == dict.fromkeys(folders, "0o700")
    assert {name: oct(mode) for name, mode in modes.items() if name not in folders} == {
        name: "0o600" for name in modes if name not in folders
    }


def test_an_old_world_readable_data_folder_is_closed(tmp_path):
    data = tmp_path / "var"
    (data / "mail").mkdir(parents=True, mode=0o755)
    data.chmod(0o755)
    for name in ("stich.sqlite3", "secret_key"):
        (data / name).touch(mode=0o644)
    (data / "secret_key").write_text("an old key")
    modes = modes_after_a_start(data)
    assert (oct(modes["."]), oct(modes["mail"])) == ("0o700", "0o700")
    assert (oct(modes["stich.sqlite3"]), oct(modes["secret_key"])) == ("0o600", "0o600")
