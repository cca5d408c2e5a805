"""The JSON-lines engine protocol behind ``nardy engine`` (``docs/protocol.md``).

``wire``: bytes to request and answer to bytes; ``fields``: the request's fields;
``commands``/``bots``: the commands; ``budget``: time limits and ``stop``;
``protocol``: the one boundary that answers every line; ``serve``: the reading loop.
"""
