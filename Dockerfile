# ct-referee: multi-stage build, runs as a non-root user, health-checked.
#   docker build -t ct-referee .
#   docker run -p 8080:8080 -p 50051:50051 ct-referee
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md deploy/requirements.lock ./
COPY referee_core ./referee_core
COPY engine ./engine
COPY algeria ./algeria
COPY service ./service
COPY ct_referee_proto ./ct_referee_proto
COPY clients ./clients
# the pinned dependencies (deploy/requirements.lock), then the project itself without resolving
RUN python -m pip install --no-cache-dir --upgrade pip \
 && python -m pip wheel --no-cache-dir --wheel-dir /wheels -r requirements.lock \
 && python -m pip wheel --no-cache-dir --no-deps --wheel-dir /wheels . \
 && cp requirements.lock /wheels/

FROM python:3.11-slim AS runtime
RUN groupadd --system --gid 10001 referee \
 && useradd --system --uid 10001 --gid referee --no-create-home --shell /usr/sbin/nologin referee
COPY --from=build /wheels /wheels
RUN python -m pip install --no-cache-dir --no-index --find-links /wheels \
      -r /wheels/requirements.lock "ct-referee[service]" \
 && rm -rf /wheels
USER 10001:10001
ENV PYTHONUNBUFFERED=1 CT_REFEREE_HOST=0.0.0.0 CT_REFEREE_HTTP_PORT=8080 CT_REFEREE_GRPC_PORT=50051
EXPOSE 8080 50051
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import os,sys,urllib.request; port = os.environ.get('CT_REFEREE_HTTP_PORT') or '8080'; sys.exit(0 if urllib.request.urlopen(f'http://127.0.0.1:{port}/healthz', timeout=2).status == 200 else 1)"]
ENTRYPOINT ["ct-referee"]
CMD ["serve"]
