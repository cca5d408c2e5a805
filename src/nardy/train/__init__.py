"""Training (DESIGN.md layer 3): self-play TD(λ) for the evaluation networks.

Not imported by the core. ``nardy train --variant short|long`` drives
:func:`nardy.train.loop.train`; games are played by :mod:`nardy.train.selfplay`, the
weights updated by :class:`nardy.train.td.TDLearner`, strength checked by
:mod:`nardy.train.arena`.
"""
