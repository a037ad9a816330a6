"""Python's cycle collector paused around the recomputations (standings, season rankings).

A recomputation of every table, or of a season's ranking, makes some hundred thousand small objects
(rows, fractions, decimals) and no reference cycle, so reference counting frees them as it goes;
left running, the collector walks the young objects, and every other live object, again and again.
Measured with bench/standings.py: a tournament's first recomputation 0.39 s of Python time down to
0.23 s (the next run no slower); a season of 5,000 players, where it took about 45 % of the CPU time.
The pause is process-wide: in a threaded process the other threads go without cycle collection for
the few hundred milliseconds of a rebuild.
"""
import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def cycle_collector_paused() -> Iterator[None]:
    """The collector paused while the block runs, and resumed after it unless it was off already."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
