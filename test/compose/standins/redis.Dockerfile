# Stand-in for the official redis image, used only when no image registry can be reached:
# Debian's Redis 7 with the same contract (command `redis-server …`, data in /data, protected mode
# off so other containers can connect, redis-cli for the health probe).
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server redis-tools >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
LABEL org.coinmag.standin="redis"
WORKDIR /data
EXPOSE 6379
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["redis-server"]
