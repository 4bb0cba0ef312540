import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from './domain-error';

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

/** The error contract of ARCHITECTURE §3: `{statusCode, detail}` for every error, nothing leaked. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    const { status, detail } = this.describe(exception);
    if (status >= 500) {
      this.logger.error(
        { msg: 'Unhandled error', method: request.method, path: request.path, status },
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    if (response.headersSent) {
      // A streamed response cannot change its status any more; end it.
      if (!response.writableEnded) response.end();
      return;
    }
    response.status(status).json({ statusCode: status, detail });
  }

  private describe(exception: unknown): { status: number; detail: unknown } {
    const parserError = bodyParserError(exception);
    if (parserError) return parserError;
    if (exception instanceof DomainError) {
      return {
        status: exception.getStatus(),
        detail: exception.code
          ? { error: exception.code, message: exception.detailMessage }
          : exception.detailMessage,
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      return { status, detail: readableDetail(body, status) };
    }
    const status = httpStatusOf(exception);
    if (status)
      return {
        status,
        detail:
          status === 413 ? 'The request is too large.' : 'The request body is not valid JSON.',
      };
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, detail: GENERIC_500 };
  }
}

function readableDetail(body: unknown, status: number): unknown {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if ('detail' in record) return record.detail;
    const message = record.message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string') {
      if (status === 404 && message.startsWith('Cannot ')) return 'Not found.';
      return message;
    }
  }
  return status >= 500 ? GENERIC_500 : 'Request failed.';
}

/** body-parser errors (also when Nest wrapped them) become a readable 400 or 413. */
function bodyParserError(exception: unknown): { status: number; detail: string } | null {
  const candidates = [exception, (exception as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const type = (candidate as { type?: unknown } | null)?.type;
    if (type === 'entity.parse.failed')
      return { status: 400, detail: 'The request body is not valid JSON.' };
    if (type === 'entity.too.large') return { status: 413, detail: 'The request is too large.' };
  }
  if (exception instanceof SyntaxError)
    return { status: 400, detail: 'The request body is not valid JSON.' };
  return null;
}

/** body-parser errors carry a status (400 for bad JSON, 413 for too large). */
function httpStatusOf(exception: unknown): number | null {
  if (exception && typeof exception === 'object') {
    const record = exception as { status?: unknown; type?: unknown };
    if (typeof record.status === 'number' && record.status >= 400 && record.status < 500)
      return record.status;
  }
  return null;
}
