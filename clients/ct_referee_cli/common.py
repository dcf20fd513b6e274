"""What the client commands share: the referee to talk to, reading states and moves, printing
responses and errors."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Callable, TextIO

from google.protobuf.message import Message

from ct_referee_client import Client, RefereeError, connect
from service.config import from_env
from service.errors import error_body
from service.jsonmap import to_json_body


def add_server(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", help="http://host:port or grpc://host:port (default: local)")


def client(args: argparse.Namespace) -> Client:
    return connect(args.server or "local", config=from_env())


def with_client(run: Callable[[argparse.Namespace, Client], int]) -> Callable[
        [argparse.Namespace], int]:
    """``run`` with the referee the arguments name: a referee error is printed as the service's
    error body (exit 1), a file or value error as a line (exit 2)."""

    def command(args: argparse.Namespace) -> int:
        ref = client(args)
        try:
            return run(args, ref)
        except RefereeError as e:
            print(json.dumps(error_body(e.code, e.message, e.rule, e.move_index, e.field)),
                  file=sys.stderr)
            return 1
        except (OSError, ValueError) as e:
            print(f"ct-referee: {e}", file=sys.stderr)
            return 2
        finally:
            ref.close()

    return command


def print_message(msg: Message, out: TextIO | None = None) -> None:
    """``msg`` in its JSON form, a line on ``out`` (the standard output of the moment)."""
    (out or sys.stdout).write(to_json_body(msg).decode() + "\n")


def read_state(path: str) -> Any:
    """A state file: a response holding "state", a GameState mapping, or an engine document."""
    text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    data = json.loads(text)
    if isinstance(data, dict) and isinstance(data.get("state"), dict):
        data = data["state"]
    return data


def parse_move(text: str) -> dict[str, Any]:
    m = json.loads(text)
    if not isinstance(m, dict):
        raise ValueError(f"not a move: {text}")
    return m
