"""Build script for the optional compiled legal-play generator.

All package metadata lives in pyproject.toml; this file only adds the C extension
``nardy._fastgen``. It is optional: without a C compiler the package installs and
``nardy.movegen`` uses its pure-Python generator.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("nardy._fastgen", ["src/nardy/_fastgen.c"], optional=True),
    ]
)
