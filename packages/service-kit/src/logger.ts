import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs; secrets are redacted wherever they might be attached. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['password', '*.password', 'newPassword', '*.newPassword', 'currentPassword', '*.currentPassword', 'token', '*.token',
        'authorization', '*.authorization', 'headers.authorization', 'req.headers.authorization', 'headers.cookie'],
      censor: '[redacted]',
    },
  });
}
