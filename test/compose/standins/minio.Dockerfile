# Stand-in for the minio/minio image, used only when no image registry can be reached: s3rver
# speaking path-style S3 on :9000 with the same contract (MINIO_ROOT_USER / MINIO_ROOT_PASSWORD
# as the only key pair, command `server DIR`, `mc ready local` as the health probe).
ARG BASE
FROM ${BASE}
ARG S3RVER_VERSION
WORKDIR /opt/s3
RUN npm init -y >/dev/null && npm install --omit=dev --no-audit --no-fund "s3rver@${S3RVER_VERSION}" >/dev/null
COPY minio-server.cjs s3rver-whole-writes.cjs /opt/s3/
COPY minio.sh /usr/local/bin/minio
COPY mc.cjs /opt/s3/mc.cjs
RUN printf '#!/bin/sh\nexec node /opt/s3/mc.cjs "$@"\n' > /usr/local/bin/mc && chmod 755 /usr/local/bin/mc /usr/local/bin/minio
LABEL org.coinmag.standin="minio"
EXPOSE 9000
ENTRYPOINT ["minio"]
CMD ["server", "/data"]
