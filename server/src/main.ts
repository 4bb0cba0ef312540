import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { configureApp } from './app.setup';
import { AppConfig, ConfigError } from './config/app-config';
import { JsonLogger } from './common/json-logger';

async function bootstrap() {
  let config: AppConfig;
  try {
    config = new AppConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee docs/configuration.md for every variable.\n`);
      process.exit(78);
    }
    throw error;
  }
  const logger = new JsonLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    logger,
    bodyParser: false,
  });
  configureApp(app, config);
  await app.listen(config.port, config.host);
  logger.log(
    {
      msg: 'listening',
      url: config.publicUrl,
      port: config.port,
      database: config.databaseType,
      billing: config.billingMode,
    },
    'Bootstrap',
  );
}

void bootstrap();
