"""Types of the compiled network-input helpers built from ``_fastfeat.c`` (setup.py).

Each function fills caller-owned arrays in place: ``boards`` int16 (N, 2, 26), ``first``
bool (N, 2), outputs float32/float64/bool of the documented shapes, all C-contiguous.
"""

from typing_extensions import Buffer

def short(boards: Buffer, out: Buffer, version: int, /) -> None: ...
def long(boards: Buffer, first: Buffer, out: Buffer, /) -> None: ...
def settle(
    boards: Buffer, probs: Buffer, long: bool, bearoff: Buffer, finished: Buffer, /
) -> None: ...
