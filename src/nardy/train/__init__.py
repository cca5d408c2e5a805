"""Training of the evaluation networks: self-play TD(λ) and search distillation.

Above the core, eval and bots, and imported by none of them. ``nardy train --variant
short|long`` drives :func:`nardy.train.loop.train` (or :func:`nardy.train.distill.distill`),
each from its config (:mod:`nardy.train.config`); games are played by
:mod:`nardy.train.selfplay`, the weights updated by :class:`nardy.train.td.TDLearner`,
strength checked by :mod:`nardy.train.arena`.
"""
