"""The worked cases (docs/rules.md section 10): the project's own copy in ``tests/vectors/``, read by
every vector test, and the league's shared copy (``shared/vectors`` beside the checkout) that the
project's copy must equal wherever a checkout has one beside it."""

import json
from pathlib import Path

VECTORS = Path(__file__).resolve().parent / "vectors"
SETTLEMENT = VECTORS / "public.jsonl"
HANDVALUE = VECTORS / "handvalue_public.jsonl"
MCR = VECTORS / "mcr_public.jsonl"


def read_cases(path: Path) -> list[dict]:
    """The cases of one JSON-lines file; a missing file is an error, never an empty list."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def shared_vectors() -> Path | None:
    """``shared/vectors`` in a folder above this checkout (the main checkout and its worktrees sit at
    different depths), or ``None`` for a checkout that stands alone."""
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "vectors").is_dir():
            return parent / "shared" / "vectors"
    return None
