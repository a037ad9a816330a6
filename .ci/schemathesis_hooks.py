"""Schemathesis hooks for .ci/run: every request of an operation with path parameters goes to the
real objects that .ci/schemathesis_setup.py chose for it (ST_IDS names its JSON file), whatever
phase generated it, so that no operation is only ever answered "not found"."""
import json
import os
from pathlib import Path

import schemathesis

IDS = json.loads(Path(os.environ["ST_IDS"]).read_text())


@schemathesis.hook
def before_call(ctx, case, **kwargs):
    ids = IDS.get(f"{case.operation.method.upper()} {case.operation.path}")
    if ids:
        case.path_parameters = {**(case.path_parameters or {}), **ids}
