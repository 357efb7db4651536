# Stand-in for the official postgres image, used only when no image registry can be reached:
# Debian's PostgreSQL with the same contract (POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB /
# POSTGRES_INITDB_ARGS, PGDATA=/var/lib/postgresql/data, command `postgres`, pg_isready on the
# default socket, SIGINT to stop).
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/run/postgresql /var/lib/postgresql/data \
 && chown postgres:postgres /var/run/postgresql /var/lib/postgresql/data
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
LABEL org.coinmag.standin="postgres"
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["postgres"]
