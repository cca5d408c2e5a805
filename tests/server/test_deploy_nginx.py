"""docs/deploy.md's nginx config, run: a real nginx (Debian's) on free loopback ports with
that config block, TLS with a certificate made here, in front of a real ``nardy serve
--trusted-proxy 127.0.0.1``. A page, an API call and a websocket go through it, and the
server counts the clients' own addresses (127.0.0.2, 127.0.0.3: loopback has them all),
not nginx's. Skipped where nginx is missing, except in CI (``.ci/run`` installs it)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serve_load import Server
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"


def documented_configs() -> list[str]:
    """The ```nginx blocks of docs/deploy.md: the one-machine site first, then the
    several-processes upstream."""
    text = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    found = re.findall(r"```nginx\n(.*?)```", text, re.S)
    assert found, "docs/deploy.md has no nginx block"
    return found


def documented_config() -> str:
    """The first ```nginx block of docs/deploy.md: the one-machine site."""
    return documented_configs()[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def render(
    config: str, *, upstream: int | list[int], http: int, https: int, cert: Path, key: Path
) -> str:
    """The documented site with this test's ports and certificate in place; every
    replaced line must be there (the test fails when the documentation changes shape).
    Several upstream ports: the site's one-server upstream is replaced by docs/deploy.md's
    several-processes block, with these ports for its servers."""
    swaps = [
        ("listen 80;", f"listen 127.0.0.1:{http};"),
        ("listen 443 ssl;", f"listen 127.0.0.1:{https} ssl;"),
        ("/etc/letsencrypt/live/club.example.org/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/club.example.org/privkey.pem", str(key)),
    ]
    if isinstance(upstream, int):
        swaps.insert(0, ("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};"))
    else:
        several = documented_configs()[1]
        addresses = re.findall(r"^\s*server (\S+:\d+)", several, re.M)
        assert len(addresses) == len(upstream), f"docs/deploy.md's upstream: {addresses}"
        for address, port in zip(addresses, upstream, strict=True):
            several = several.replace(f"server {address}", f"server 127.0.0.1:{port}")
        one = re.search(r"upstream nardy \{\n.*?\n\}\n", config, re.S)
        assert one, "docs/deploy.md's site has no upstream block"
        swaps.insert(0, (one.group(0), several))
    for old, new in swaps:
        assert config.count(old) == 1, f"docs/deploy.md's nginx block lacks {old!r}"
        config = config.replace(old, new)
    return config


def nginx_conf(site: str, prefix: Path) -> str:
    """A whole nginx.conf around ``site`` (Debian's includes it in ``http``): one
    process in the foreground, everything written under ``prefix``."""
    temp = "\n".join(
        f"    {name}_temp_path {prefix / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""daemon off;
master_process off;
pid {prefix / "nginx.pid"};
error_log {prefix / "error.log"} info;
events {{ worker_connections 256; }}
http {{
    access_log {prefix / "access.log"};
{temp}
{site}
}}
"""


def wait_for_port(port: int, proc: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)  # startup poll of a real process, not a test timeout
    raise RuntimeError(f"{what} did not listen on {port}")


class Nginx:
    """nginx with the documented site in front of ``upstream`` (a port, or several)."""

    def __init__(self, workdir: Path, upstream: int | list[int]) -> None:
        self.dir = workdir / "nginx"
        self.dir.mkdir()
        self.http, self.https = free_port(), free_port()
        cert, key = self.dir / "cert.pem", self.dir / "key.pem"
        subprocess.run(
            [OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
            + ["-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
            check=True,
            capture_output=True,
        )
        site = render(
            documented_config(),
            upstream=upstream,
            http=self.http,
            https=self.https,
            cert=cert,
            key=key,
        )
        conf = self.dir / "nginx.conf"
        conf.write_text(nginx_conf(site, self.dir), encoding="utf-8")
        check = subprocess.run(
            [NGINX, "-t", "-p", str(self.dir), "-c", str(conf)], capture_output=True, text=True
        )
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen(
            [NGINX, "-p", str(self.dir), "-c", str(conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.https, self.proc, "nginx")

    @property
    def url(self) -> str:
        return f"https://127.0.0.1:{self.https}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


@pytest.fixture
def proxied(db_url: str, tmp_path: Path) -> Iterator[tuple[Server, Nginx]]:
    if not Path(NGINX).exists():
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed (apt-get install nginx-light)")
        pytest.skip("nginx is not installed")
    server = Server(
        db_url,
        tmp_path,
        ["--test-dice-seed", "e2e-seed", "--trusted-proxy", "127.0.0.1"]
        + ["--guest-rate", "1 per hour"],
    )
    server.start()
    try:
        nginx = Nginx(tmp_path, server.port)
        try:
            yield server, nginx
        finally:
            nginx.stop()
    finally:
        server.stop()


def client(nginx: Nginx, source: str) -> httpx.Client:
    """A visitor at loopback address ``source`` (the certificate is this test's own)."""
    transport = httpx.HTTPTransport(local_address=source, verify=False)
    return httpx.Client(transport=transport, base_url=nginx.url, timeout=20)


def new_game(c: httpx.Client, headers: dict[str, str] | None = None) -> httpx.Response:
    """A new visitor (fresh cookies) starts a game against the computer."""
    c.cookies.clear()
    csrf = c.get("/api/session").json()["csrf"]
    return c.post(
        "/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf, **(headers or {})}
    )


def test_the_documented_nginx_config_serves_the_club(proxied: tuple[Server, Nginx]) -> None:
    server, nginx = proxied
    # plain HTTP is sent to HTTPS
    plain = httpx.get(f"http://127.0.0.1:{nginx.http}/lobby", follow_redirects=False)
    assert plain.status_code == 301 and plain.headers["location"].startswith("https://")
    with client(nginx, "127.0.0.2") as alice:
        page = alice.get("/")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        health = alice.get("/healthz")
        assert health.status_code == 200 and health.json() == {"ok": True, "db": True}
        assert alice.get("/metrics").status_code == 404  # kept off the public side
        # an API call: the guest's cookies are Secure (nginx said https)
        made = new_game(alice)
        assert made.status_code == 201, made.text
        cookies = made.headers.get_list("set-cookie")
        assert cookies and all("; secure" in c.lower() for c in cookies), cookies
        game: dict[str, Any] = made.json()
        # a websocket through nginx, with the session cookie
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        jar = "; ".join(f"{k}={v}" for k, v in alice.cookies.items())
        with connect(
            f"wss://127.0.0.1:{nginx.https}/ws/games/{game['id']}",
            ssl=context,
            origin=nginx.url,
            additional_headers={"cookie": jar},
            open_timeout=20,
        ) as ws:
            ws.send('{"type": "hello", "last_seq": 0}')
            assert json.loads(ws.recv(timeout=20))["type"] == "update"
        # the guest limit (1 per hour) counts 127.0.0.2 itself: a second guest from
        # there is refused, whatever address it claims ...
        refused = new_game(alice, {"x-forwarded-for": "198.51.100.1"})
        assert refused.status_code == 429, refused.text
    # ... while another client through the same nginx is his own address
    with client(nginx, "127.0.0.3") as bob:
        assert new_game(bob).status_code == 201
    assert server.proc is not None and server.proc.poll() is None
