"""The deployment files: the image's pinned dependencies cover the service's, its health check
follows the configured port, the compose file requires a secret, nginx retries a failed POST on
another replica, and the Kubernetes manifests name a pullable image and keep a replica up."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from .conftest import Servers, free_port

ROOT = Path(__file__).resolve().parents[2]


def _lock() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "deploy" / "requirements.lock").read_text().splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version
    return pins


def test_the_lock_pins_every_service_dependency_within_its_range() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["service"]
    pins = _lock()
    for spec in map(Requirement, extras):
        name = canonicalize_name(spec.name)
        assert name in pins, f"deploy/requirements.lock lacks {spec.name}"
        assert spec.specifier.contains(pins[name]), f"{spec.name}=={pins[name]} not in {spec}"


def _healthcheck() -> list[str]:
    text = (ROOT / "Dockerfile").read_text()
    m = re.search(r"HEALTHCHECK [^\n]*\\\n\s*CMD (\[.*\])", text)
    assert m, "the Dockerfile has a HEALTHCHECK with an exec-form CMD"
    cmd: list[str] = json.loads(m.group(1))
    return [sys.executable if cmd[0] == "python" else cmd[0], *cmd[1:]]


def test_the_image_health_check_follows_the_configured_port(servers: Servers) -> None:
    port = servers.http.rsplit(":", 1)[1]
    env = dict(os.environ, CT_REFEREE_HTTP_PORT=port)
    assert subprocess.run(_healthcheck(), env=env, timeout=10).returncode == 0
    env["CT_REFEREE_HTTP_PORT"] = str(free_port())  # nothing listens there
    assert subprocess.run(_healthcheck(), env=env, timeout=10,
                          capture_output=True).returncode != 0


def test_compose_requires_a_secret() -> None:
    compose = yaml.safe_load((ROOT / "deploy" / "docker-compose.yml").read_text())
    secret = compose["services"]["referee"]["environment"]["CT_REFEREE_SECRET"]
    assert re.fullmatch(r"\$\{CT_REFEREE_SECRET:\?[^}]+\}", secret), secret


def test_nginx_retries_a_failed_post_on_another_replica() -> None:
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    for directive in ("proxy_next_upstream", "grpc_next_upstream"):
        line = re.search(rf"{directive} ([^;]*);", conf)
        assert line and "non_idempotent" in line.group(1).split(), directive


def test_kubernetes_pulls_a_versioned_image_and_keeps_a_replica_up() -> None:
    docs = [d for f in sorted((ROOT / "deploy" / "k8s").glob("*.yaml"))
            for d in yaml.safe_load_all(f.read_text()) if d]
    deployments = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Deployment"}
    referee = deployments["ct-referee"]["spec"]["template"]["spec"]["containers"][0]
    assert "/" in referee["image"] and not referee["image"].endswith(":latest")
    assert referee["imagePullPolicy"] == "IfNotPresent"
    pdbs = [d for d in docs if d["kind"] == "PodDisruptionBudget"]
    assert [p["spec"]["selector"]["matchLabels"] for p in pdbs] == [{"app": "ct-referee"}]
    redis_c = deployments["ct-referee-redis"]["spec"]["template"]["spec"]["containers"][0]
    assert "readinessProbe" in redis_c and "livenessProbe" in redis_c
    assert {"--maxmemory", "--maxmemory-policy"} <= set(redis_c["args"])
