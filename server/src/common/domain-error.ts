import { HttpException } from '@nestjs/common';

/**
 * A rule of the product was not met. The global filter turns it into
 * `{statusCode, detail: {error, message}}` (with a code) or `{statusCode, detail: message}`.
 */
export class DomainError extends HttpException {
  constructor(
    status: number,
    readonly detailMessage: string,
    readonly code?: string,
  ) {
    super(code ? { error: code, message: detailMessage } : detailMessage, status);
  }
}

export const notFound = (what: string) => new DomainError(404, `${what} not found.`, 'not_found');
export const forbidden = (message = 'You do not have access to this.') =>
  new DomainError(403, message, 'forbidden');
export const badRequest = (message: string, code?: string) => new DomainError(400, message, code);
