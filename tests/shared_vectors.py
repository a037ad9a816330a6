"""Where the shared worked cases live: ``shared/vectors`` beside the checkout (``/work/shared`` for
``/work/main``), found from any worktree depth; ``MJL_SHARED_VECTORS`` overrides."""

import os
from pathlib import Path


def _find() -> Path:
    if os.environ.get("MJL_SHARED_VECTORS"):
        return Path(os.environ["MJL_SHARED_VECTORS"])
    for parent in Path(__file__).resolve().parents:
        if (parent / "shared" / "vectors").is_dir():
            return parent / "shared" / "vectors"
    return Path(__file__).resolve().parents[2] / "shared" / "vectors"


SHARED_VECTORS = _find()
