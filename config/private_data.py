"""The data folder (DATA_DIR) holds sessions, password hashes, the signing key and mailed
reset links, so only the site's own user may read what is in it: folders 0700, files 0600.
A folder or file an older version left world-readable is closed again at the next start."""

import os
from pathlib import Path

FOLDER = 0o700
FILE = 0o600


def private_folder(path: Path) -> Path:
    path.mkdir(mode=FOLDER, parents=True, exist_ok=True)
    path.chmod(FOLDER)
    return path


def private_file(path: Path) -> Path:
    """The file, created empty when missing."""
    path.touch(mode=FILE)
    path.chmod(FILE)
    return path


def open_private(path: Path | str, mode: str = "w"):
    """Open for writing (mode "w" or "a", text or "b"), creating the file private from the start."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if "a" in mode else os.O_TRUNC)
    return os.fdopen(os.open(path, flags, FILE), mode)
