"""The 31 real Tenhou matches shared beside the checkout (shared/data/tenhou), found from the
main checkout and from a worktree one level further down alike."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIRECTORY = next((base / "shared" / "data" / "tenhou" for base in (ROOT.parent, ROOT.parent.parent)
                  if (base / "shared" / "data" / "tenhou").is_dir()), ROOT.parent / "shared" / "data" / "tenhou")
FILES = sorted(DIRECTORY.glob("*.json"))
