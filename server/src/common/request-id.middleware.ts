import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from '@nestjs/common';
import { requestContext } from './request-context';

const logger = new Logger('HTTP');
const VALID_ID = /^[\w.-]{1,100}$/;

/** Gives every request an id (kept from nginx's X-Request-Id when valid) and logs its outcome. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction) {
  const incoming = req.header('x-request-id');
  const requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    requestContext.run({ requestId }, () =>
      logger.log({
        msg: 'request',
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      }),
    );
  });
  requestContext.run({ requestId }, () => next());
}
