"""Subcommands of ``nardy``: each module defines one Click ``command``."""
