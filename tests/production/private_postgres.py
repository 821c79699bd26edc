"""A PostgreSQL cluster of a test's own (initdb, pg_ctl), on its own port and data
directory in a temporary directory: one it may stop, restart or kill, whatever other
databases the machine serves. PostgreSQL refuses to run as root: a test run as root runs
the cluster as the ``postgres`` account."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.asgi_server import free_port


def _bin() -> Path:
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(p.split("/")[4])
    )
    if not found:
        raise RuntimeError(
            "These tests start a PostgreSQL cluster of their own: install PostgreSQL's server "
            "(Debian: apt-get install postgresql) or name its bin directory in PG_BIN."
        )
    return Path(found[-1]).parent


class Cluster:
    def __init__(self):
        self.bin = _bin()
        self.root = Path(tempfile.mkdtemp(prefix="smear-pg-"))
        self.owner = None if os.geteuid() != 0 else pwd.getpwnam("postgres")
        if self.owner is not None:
            os.chown(self.root, self.owner.pw_uid, self.owner.pw_gid)
        self.data = self.root / "data"
        self.log = self.root / "postgres.log"
        self.port = free_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/smear"
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self.start()
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "smear")

    def _run(self, program: str, *args: str, check: bool = True) -> None:
        command = [str(self.bin / program), *args]
        if self.owner is not None:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=check, capture_output=True, cwd=self.root)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.root, ignore_errors=True)
