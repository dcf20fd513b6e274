"""The HTTP front of ``ct-referee serve``: an RSGI application (Granian's native interface) that
reads each request's body on the event loop, under the request's deadline and size limit, and
only then hands the whole request to the WSGI app (``rest.create_app``) on one of ``threads``
handler threads.

Granian's own WSGI interface calls the app as soon as the headers are in and streams the body
into ``wsgi.input``: a client that sends its body a byte at a time holds a handler thread for as
long as it likes, and ``threads`` such clients stop the process answering. Here a slow body costs
a waiting coroutine, never a thread; one that has not arrived when the request deadline
(``--request-timeout``, counted from the headers) passes is answered ``deadline_exceeded``
(503) and dropped. The time
left of the deadline goes on to the handler (``DEADLINE_KEY``), so reading and work share one
limit. docs/trust.md, "Availability limits".
"""

from __future__ import annotations

import asyncio
import io
import json
import queue
import sys
import threading
import time
from typing import Any, Callable, Iterable, Iterator, TypeVar

from .config import Config
from .errors import ServiceError

DEADLINE_KEY = "ct_referee.deadline"  # environ: time.monotonic() by which the answer is due

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Headers = list[tuple[str, str]]
T = TypeVar("T")


class Handlers:
    """``threads`` handler threads taking calls from one queue, each answer handed back to the
    event loop that asked for it. What ``run_in_executor`` on a ``ThreadPoolExecutor`` does,
    without its per-call ``concurrent.futures.Future`` (a lock and a condition each) and the
    chaining of that future to the loop's: about half the CPU time of a request's hand-off and
    return (docs/performance.md, "The REST path")."""

    def __init__(self, threads: int) -> None:
        self.calls: queue.SimpleQueue[tuple[asyncio.AbstractEventLoop, asyncio.Future[Any],
                                            Callable[..., Any], tuple[Any, ...]] | None]
        self.calls = queue.SimpleQueue()
        self.threads = [threading.Thread(target=self._serve, name=f"http_{i}", daemon=True)
                        for i in range(threads)]
        for t in self.threads:
            t.start()

    def run(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """``fn(*args)`` on a handler thread; its result (or exception) on the running loop."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self.calls.put((loop, fut, fn, args))
        return fut

    def shutdown(self) -> None:
        """The threads stop once the calls queued before this are done."""
        for _ in self.threads:
            self.calls.put(None)

    def _serve(self) -> None:
        while (item := self.calls.get()) is not None:
            loop, fut, fn, args = item
            try:
                result, error = fn(*args), None
            except BaseException as e:  # handed to the awaiting coroutine, as an executor does
                result, error = None, e
            try:
                loop.call_soon_threadsafe(_settle, fut, result, error)
            except RuntimeError:  # the loop closed meanwhile: nobody waits for the answer
                pass


def _settle(fut: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if fut.done():  # cancelled while it ran (the request's task was)
        return
    if error is not None:
        fut.set_exception(error)
    else:
        fut.set_result(result)


class BodyTooLarge(Exception):
    pass


def _error(err: ServiceError) -> tuple[int, Headers, bytes]:
    return (err.http_status, [("content-type", "application/json")],
            json.dumps(err.to_json()).encode())


class Front:
    """RSGI app in front of ``wsgi``: body first (on the loop), then a handler thread."""

    def __init__(self, wsgi: WSGIApp, config: Config) -> None:
        self.wsgi = wsgi
        self.config = config
        self.handlers = Handlers(config.threads)

    # -- RSGI --------------------------------------------------------------------------------

    def __rsgi_del__(self, loop: Any) -> None:
        self.handlers.shutdown()

    async def __rsgi__(self, scope: Any, proto: Any) -> None:
        if scope.proto != "http":  # websockets: nothing here speaks them
            return
        deadline = time.monotonic() + self.config.request_timeout
        try:
            # a timeout on this task (no task of its own for the read, as wait_for would make)
            async with asyncio.timeout(self.config.request_timeout):
                body = await self._body(scope, proto)
        except TimeoutError:
            proto.response_bytes(*_error(ServiceError(
                "deadline_exceeded", f"the request body did not arrive within "
                f"{self.config.request_timeout:g} s (--request-timeout)")))
            return
        except BodyTooLarge:
            proto.response_bytes(*_error(ServiceError(
                "payload_too_large",
                f"the request is larger than {self.config.max_request_bytes} bytes")))
            return
        environ = self._environ(scope, body, deadline)
        status, headers, first, rest = await self.handlers.run(self._call, environ)
        if rest is None:
            proto.response_bytes(status, headers, first)
            return
        await self._stream(proto.response_stream(status, headers), first, rest)

    # -- reading -----------------------------------------------------------------------------

    async def _body(self, scope: Any, proto: Any) -> bytes:
        """The whole body, refused past ``max_request_bytes`` (by its Content-Length before any
        of it is read, else as the chunks come in)."""
        limit = self.config.max_request_bytes
        length = scope.headers.get("content-length")
        if length is not None:
            try:
                n = int(length)
            except ValueError:
                n = -1
            if n > limit:
                raise BodyTooLarge
            if n == 0:
                return b""
            if n > 0:  # hyper holds the body to exactly this length
                return bytes(await proto())
        elif scope.headers.get("transfer-encoding") is None:
            return b""
        parts, size = [], 0
        async for chunk in proto:
            size += len(chunk)
            if size > limit:
                raise BodyTooLarge
            parts.append(bytes(chunk))
        return b"".join(parts)

    def _environ(self, scope: Any, body: bytes, deadline: float) -> dict[str, Any]:
        server_host, _, server_port = scope.server.rpartition(":")
        client_host, _, client_port = scope.client.rpartition(":")
        environ: dict[str, Any] = {
            "REQUEST_METHOD": scope.method,
            "SCRIPT_NAME": "",
            "PATH_INFO": scope.path.encode("utf-8", "surrogateescape").decode("latin-1"),
            "QUERY_STRING": scope.query_string,
            "SERVER_NAME": server_host.strip("[]"),
            "SERVER_PORT": server_port,
            "REMOTE_ADDR": client_host.strip("[]"),
            "REMOTE_PORT": client_port,
            "SERVER_PROTOCOL": f"HTTP/{scope.http_version}",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.version": (1, 0),
            "wsgi.url_scheme": scope.scheme,
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
            DEADLINE_KEY: deadline,
        }
        for name, value in scope.headers.items():
            if name in ("content-length", "transfer-encoding"):  # the body is whole now
                continue
            key = ("CONTENT_TYPE" if name == "content-type"
                   else "HTTP_" + name.upper().replace("-", "_"))
            environ[key] = f"{environ[key]}, {value}" if key in environ else value
        if "HTTP_HOST" not in environ and scope.authority:  # HTTP/2's :authority
            environ["HTTP_HOST"] = scope.authority
        return environ

    # -- answering (on a handler thread) -----------------------------------------------------

    def _call(self, environ: dict[str, Any]
              ) -> tuple[int, Headers, bytes, Iterator[bytes] | None]:
        """Run the WSGI app: (status, headers, body, None) for an answer of known length (the
        referee's: it is in memory already); (status, headers, first chunk, the rest) for a
        streamed one, whose further chunks are made one at a time on a handler thread."""
        started: list[Any] = []

        def start_response(status: str, headers: Headers, exc_info: Any = None) -> None:
            started[:] = [int(status.split(" ", 1)[0]), headers]

        result = self.wsgi(environ, start_response)
        it = iter(result)
        first = next(it, b"")
        status, headers = started
        if any(k.lower() == "content-length" for k, _ in headers):
            body = first + b"".join(it)
            _close(result)
            return status, headers, body, None
        return status, headers, first, _closing(it, result)

    async def _stream(self, transport: Any, first: bytes, rest: Iterator[bytes]) -> None:
        from granian._granian import RSGIProtocolClosed, RSGIProtocolError

        try:
            if first:
                await transport.send_bytes(first)
            while (chunk := await self.handlers.run(next, rest, None)) is not None:
                if chunk:
                    await transport.send_bytes(chunk)
        except (RSGIProtocolClosed, RSGIProtocolError):  # the client went away: stop making chunks
            pass
        finally:
            await self.handlers.run(_close_iter, rest)


def _close(result: Iterable[bytes]) -> None:
    close = getattr(result, "close", None)
    if close is not None:
        close()


def _closing(it: Iterator[bytes], result: Iterable[bytes]) -> Iterator[bytes]:
    try:
        yield from it
    finally:
        _close(result)


def _close_iter(it: Iterator[bytes]) -> None:
    _close(it)  # a generator's close runs _closing's finally
