import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/app.setup';
import { AppConfig } from '../../src/config/app-config';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole server as production builds it, on a fresh SQLite file (or the throwaway MySQL
 * database of global-setup.js), the real Auth emulator and the scripted AI. Providers outside
 * our reach (Stripe, OpenAI) are pointed at local HTTP servers through `env`.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-it-'));
  const config = new AppConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MYSQL_URL: process.env.MYSQL_URL,
    FIREBASE_PROJECT_ID: 'demo-sprout',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    AI_PROVIDER: 'scripted',
    LOG_LEVEL: 'error',
    PUBLIC_URL: 'http://localhost:8080',
    ...env,
  });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(AppConfig)
    .useValue(config)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    logger: ['error'],
  });
  configureApp(app, config);
  await app.init();
  return {
    app,
    config,
    server: app.getHttpServer(),
    dataDir,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
