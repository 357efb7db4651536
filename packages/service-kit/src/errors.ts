/** Errors a handler throws; the error middleware turns each into `{"error": message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(field: string | undefined, message: string) {
    super(400, message, field);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message: string) {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, field?: string) {
    super(409, message, field);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(503, message, undefined, retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
