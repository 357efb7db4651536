#!/bin/sh
# `minio server DIR [--flags]`: serve DIR over S3 (flags such as --console-address are ignored).
set -eu
if [ "${1:-}" = server ]; then
  shift
  exec node /opt/s3/minio-server.cjs "$@"
fi
exec "$@"
