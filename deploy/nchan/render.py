"""The engine's nginx.conf for one machine: ``python deploy/nchan/render.py NAME=value ...``
fills deploy/nchan/nginx.conf.template (its head says what each name is) and prints it.
Only ``${NAME}`` in capitals is filled: nginx's own ``$variables`` are left as they are."""

from __future__ import annotations

import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")
DEFAULTS = {
    "NCHAN_MODULE": "/usr/lib/nginx/modules/ngx_nchan_module.so",
    # The engine's limits (docs/operations.md, "The engine's limits").
    "MEMORY": "128M",
    "MESSAGE_TIMEOUT": "1h",
    "STREAMS_PER_ADDRESS": "60",
    "REQUESTS_PER_ADDRESS": "100",
    "NEW_GAMES_PER_MINUTE": "10",
    "NEW_GAMES_BURST": "20",
    # A club's phones may share one address (its Wi-Fi's): a room checking in at once fits.
    "CHECK_INS_PER_MINUTE": "60",
    "CHECK_INS_BURST": "60",
}


def render(**values: str) -> str:
    given = {**DEFAULTS, **values}

    def fill(match: re.Match) -> str:
        name = match.group(1)
        if name not in given:
            raise KeyError(f"deploy/nchan/nginx.conf.template needs {name}=...")
        return given[name]

    return re.sub(r"\$\{([A-Z_]+)\}", fill, TEMPLATE.read_text())


if __name__ == "__main__":
    given = dict(arg.split("=", 1) for arg in sys.argv[1:])
    sys.stdout.write(render(**given))
