# Stand-in for the official haproxy image, used only when no image registry can be reached:
# Debian's HAProxy with the same contract (configuration at /usr/local/etc/haproxy/haproxy.cfg,
# command `haproxy -f <file>` run in the foreground as master-worker, user "haproxy", SIGUSR1 to
# stop gracefully).
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends haproxy >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /usr/local/etc/haproxy /var/lib/haproxy \
 && chown haproxy:haproxy /var/lib/haproxy
COPY haproxy-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
LABEL org.coinmag.standin="haproxy"
USER haproxy
STOPSIGNAL SIGUSR1
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["haproxy", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
