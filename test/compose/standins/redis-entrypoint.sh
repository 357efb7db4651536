#!/bin/sh
# As the official image: redis-server runs as "redis" in /data, listening on every address with
# protected mode off (the container network is the boundary).
set -eu
if [ "${1:-}" = redis-server ]; then
  shift
  chown redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no "$@"
fi
exec "$@"
