"""A throwaway PostgreSQL for the tests: `TEST_DATABASE_URL` when given, else a server started here from
the installed binaries (PostgreSQL 15 on this machine and in CI) in a temporary data directory, listening
only on a private Unix socket, stopped when the tests end. As root it runs as the `postgres` user (the
server refuses root). Each test gets a fresh database copied from a migrated template.

Where no server binaries exist the PostgreSQL half is skipped with one line, except under CI=true, where
that is a failure."""

from __future__ import annotations

import atexit
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

import pytest

_server: Server | None = None
_counter = itertools.count(1)


class Server:
    def __init__(self, admin_url: str, own: Path | None, run_as: list[str]) -> None:
        self.admin_url = admin_url  # a database to issue CREATE DATABASE from
        self.own = own  # the data directory of a server we started (None for TEST_DATABASE_URL)
        self.run_as = run_as
        self.template: str | None = None

    def url(self, database: str) -> str:
        base, _, query = self.admin_url.partition("?")
        head = base.rsplit("/", 1)[0]
        return f"{head}/{database}" + (f"?{query}" if query else "")

    def stop(self) -> None:
        if self.own is not None:
            subprocess.run(
                [*self.run_as, _binary("pg_ctl"), "-D", str(self.own / "data"), "-m", "immediate", "stop"],
                capture_output=True,
                check=False,
            )
            shutil.rmtree(self.own, ignore_errors=True)


def _bindir() -> Path | None:
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if Path(candidate, "initdb").exists():
            return Path(candidate)
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _binary(name: str) -> str:
    bindir = _bindir()
    assert bindir is not None
    return str(bindir / name)


def _start() -> Server:
    given = os.environ.get("TEST_DATABASE_URL", "").strip()
    if given:
        return Server(given, None, [])
    if _bindir() is None:
        message = "PostgreSQL tests skipped: no server binaries (initdb) found and TEST_DATABASE_URL is not set"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message.replace("skipped", "cannot run") + " — CI must run them", pytrace=False)
        pytest.skip(message)
    own = Path(tempfile.mkdtemp(prefix="botpg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:  # the server refuses to run as root
        user = pwd.getpwnam("postgres")
        os.chown(own, user.pw_uid, user.pw_gid)
        os.chmod(own, 0o700)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, socket_dir = own / "data", own
    subprocess.run(
        [*run_as, _binary("initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"],
        capture_output=True,
        check=True,
    )
    options = f"-k {socket_dir} -c listen_addresses='' -F -c full_page_writes=off -c max_connections=200"
    started = subprocess.run(
        [*run_as, _binary("pg_ctl"), "-D", str(data), "-o", options, "-l", str(own / "log"), "-w", "start"],
        capture_output=True,
        check=False,
    )
    if started.returncode != 0:
        raise RuntimeError(f"could not start PostgreSQL: {(own / 'log').read_text(errors='replace')[-2000:]}")
    server = Server(f"postgresql://postgres@/postgres?host={quote(str(socket_dir))}", own, run_as)
    atexit.register(server.stop)
    return server


def server() -> Server:
    global _server
    if _server is None:
        _server = _start()
    return _server


async def _admin(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server().admin_url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def postgres_url() -> str:
    """A fresh, migrated, empty database of its own for one test."""
    srv = server()
    if srv.template is None:
        from bot.storage.postgres import PostgresDatabase

        template = f"bot_template_{os.getpid()}"
        await _admin(f"DROP DATABASE IF EXISTS {template}")
        await _admin(f"CREATE DATABASE {template}")
        db = await PostgresDatabase.open_url(srv.url(template))  # migrations run once, into the template
        await db.close()
        srv.template = template
    name = f"bot_test_{os.getpid()}_{next(_counter)}"
    await _admin(f"CREATE DATABASE {name} TEMPLATE {srv.template}")
    return srv.url(name)
