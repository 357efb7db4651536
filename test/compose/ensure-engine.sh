#!/usr/bin/env bash
# Makes sure a Docker engine answers, for `npm run test:compose`: installs Debian's docker.io,
# docker-compose and debootstrap (for the stand-in base image) when missing, starts dockerd in the
# background when it is not running, and waits for it. Exits 1, saying why, when that cannot be done.
set -uo pipefail

say() { printf '%s\n' "ensure-engine: $*" >&2; }
answers() { for cli in docker /usr/bin/docker; do command -v "$cli" >/dev/null 2>&1 && timeout 10 "$cli" info >/dev/null 2>&1 && return 0; done; return 1; }

missing=()
command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
{ command -v docker-compose >/dev/null 2>&1 || docker compose version >/dev/null 2>&1; } || missing+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then say "missing ${missing[*]} and not root to install them"; answers || exit 1; fi
  say "installing ${missing[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } || { say "apt-get install ${missing[*]} failed"; answers || exit 1; }
fi

answers && exit 0
command -v dockerd >/dev/null 2>&1 || { say "no dockerd"; exit 1; }
[ "$(id -u)" = 0 ] || { say "dockerd is not running and only root can start it"; exit 1; }
log=${DOCKERD_LOG:-/var/log/dockerd.log}
say "starting dockerd (log: $log)"
setsid dockerd >>"$log" 2>&1 < /dev/null &
for _ in $(seq 1 60); do answers && exit 0; sleep 1; done
say "dockerd did not answer within 60 s; the end of its log:"
tail -n 20 "$log" >&2
exit 1
