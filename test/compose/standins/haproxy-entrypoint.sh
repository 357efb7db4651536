#!/bin/sh
# As the official image: `haproxy …` runs in the foreground (-db) as master-worker (-W).
set -eu
if [ "${1:-}" = haproxy ]; then
  shift
  exec haproxy -W -db "$@"
fi
exec "$@"
