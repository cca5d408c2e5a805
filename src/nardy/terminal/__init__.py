"""The terminal game of ``nardy play``: console input/output, one game's loop (cube,
resignations, the computer's side, hints) and matches of several games."""
