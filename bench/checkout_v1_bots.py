"""The Tichu bots as they were before issue 26, for ``bench/tichu_duplicate.py``: taken from
git at run time (``git archive`` of the revision tagged ``tichu-bots-v1``) into var/bench/,
instead of a copy kept in the tree.

The revision is named by its commit, which every clone of the project holds; the tag only
gives it a name to find it by. Taken out of that revision unchanged but for one line per
module: ``from ..engine`` becomes ``from tichu.engine``, so the old bots play on this
revision's engine, the game the bench runs."""

import importlib
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REVISION = "cd27a7026244a4650b2ac919f06e70ab815fbfa8"  # git tag tichu-bots-v1
SOURCE = "tichu/bots"
PACKAGE = "tichu_bots_v1"
ROOT = Path(__file__).resolve().parent.parent


def materialise(into: Path = ROOT / "var" / "bench" / REVISION[:12]) -> Path:
    """The directory holding the package ``tichu_bots_v1``, checked out once per revision."""
    if (into / PACKAGE / "__init__.py").exists():
        return into
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", REVISION, SOURCE],
                             check=True, capture_output=True).stdout
    into.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=into.parent))
    package = staging / PACKAGE
    package.mkdir()
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith(".py"):
                text = tar.extractfile(member).read().decode()
                (package / Path(member.name).name).write_text(text.replace("from ..engine", "from tichu.engine"))
    try:
        staging.rename(into)
    except OSError:  # another run checked it out meanwhile: theirs is the same
        shutil.rmtree(staging)
    return into


def load():
    """The v1 bots' package, importable as ``tichu_bots_v1``."""
    path = str(materialise())
    if path not in sys.path:
        sys.path.insert(0, path)
    return importlib.import_module(PACKAGE)
