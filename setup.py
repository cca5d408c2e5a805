"""Build script for the optional compiled extensions.

All package metadata lives in pyproject.toml; this file only adds the C extensions
``nardy._fastgen`` (legal plays) and ``nardy._fastfeat`` (short-nardy network inputs).
Both are optional: without a C compiler the package installs, and ``nardy.movegen``
and ``nardy.eval.features`` use their pure-Python/numpy code.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("nardy._fastgen", ["src/nardy/_fastgen.c"], optional=True),
        Extension("nardy._fastfeat", ["src/nardy/_fastfeat.c"], optional=True),
    ]
)
