import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { ValidationPipe, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ValidationError } from 'class-validator';
import { AppConfig } from './config/app-config';
import { DomainError } from './common/domain-error';
import { requestIdMiddleware } from './common/request-id.middleware';

/** Everything main.ts and the integration tests share: one app, configured one way. */
export function configureApp(app: INestApplication, config: AppConfig) {
  const expressApp = app as NestExpressApplication;
  expressApp.set('trust proxy', config.trustProxy);
  expressApp.disable('x-powered-by');
  app.use(requestIdMiddleware);
  // The Stripe webhook needs the raw bytes to check the signature.
  app.use('/api/billing/webhook', express.raw({ type: '*/*', limit: '1mb' }));
  app.use(express.json({ limit: '256kb' }));
  app.use(
    helmet({
      contentSecurityPolicy: false, // set per app where the pages are served (nginx or serveApps)
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  app.setGlobalPrefix('api');
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) =>
        new DomainError(400, flatten(errors).join('; '), 'validation_failed'),
    }),
  );
  app.enableShutdownHooks();
  if (config.staticDir) serveApps(expressApp, config.staticDir);
}

function flatten(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((e) => {
    const own = Object.values(e.constraints ?? {}).map((m) =>
      m.startsWith('property ')
        ? `${prefix}${m.replace(/^property (\S+) should not exist$/, '$1 is not allowed')}`
        : m,
    );
    return [...own, ...flatten(e.children ?? [], `${prefix}${e.property}.`)];
  });
}

/** Routes of ARCHITECTURE §9 (the same as nginx's) for the embedded one-port mode. */
const APPS = [
  {
    name: 'kids-web',
    prefix: '/kids/',
    routes: [/^\/kids(\/.*)?$/, /^\/chat\/?$/],
    microphone: true,
  },
  { name: 'admin-web', prefix: '/admin/', routes: [/^\/admin(\/.*)?$/], microphone: false },
  {
    name: 'parents-web',
    prefix: '/',
    routes: [/^\/$/, /^\/parents(\/.*)?$/, /^\/(Terms|terms|privacy|account-deletion)\/?$/],
    microphone: false,
  },
];

const CSP = (emulatorHost: string | null) =>
  [
    "default-src 'self'",
    "script-src 'self' https://apis.google.com https://www.googletagmanager.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com https://www.google-analytics.com https://*.google-analytics.com https://*.googletagmanager.com${emulatorHost ? ` http://${emulatorHost}` : ''}`,
    'frame-src https://*.firebaseapp.com https://accounts.google.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

export function serveApps(app: NestExpressApplication, root: string) {
  // In embedded mode the browser talks to the Auth emulator directly: allow exactly that origin.
  const csp = CSP(process.env.FIREBASE_AUTH_EMULATOR_HOST || null);
  for (const spec of APPS) {
    const dist = path.join(root, spec.name, 'dist');
    const index = path.join(dist, 'index.html');
    if (!fs.existsSync(index)) continue;
    // Hashed assets live for a year; HTML is never cached.
    app.use(
      spec.prefix === '/' ? '/assets' : `${spec.prefix}assets`,
      express.static(path.join(dist, 'assets'), {
        immutable: true,
        maxAge: '365d',
        index: false,
        fallthrough: false,
      }),
    );
    const html = fs.readFileSync(index);
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (!spec.routes.some((r) => r.test(req.path))) {
        // Other files of the build (favicon, images) under the app's prefix.
        if (spec.prefix !== '/' && req.path.startsWith(spec.prefix))
          return express.static(dist, { index: false })(req, res, next);
        if (
          spec.prefix === '/' &&
          !req.path.startsWith('/api/') &&
          /\.[a-z0-9]+$/i.test(req.path)
        ) {
          return express.static(dist, { index: false })(req, res, next);
        }
        return next();
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader(
        'Permissions-Policy',
        `microphone=(${spec.microphone ? 'self' : ''}), camera=(), geolocation=()`,
      );
      res.end(html);
    });
  }
}
