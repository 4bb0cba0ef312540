import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig } from '../config/app-config';
import { AiModule } from './ai.module';
import { AiService } from './ai.service';

describe('AiModule', () => {
  it('provides AiService with the configured provider', async () => {
    Logger.overrideLogger(false);
    const moduleRef = await Test.createTestingModule({ imports: [AiModule] })
      .useMocker((token) => {
        if (token === AppConfig)
          return new AppConfig({ NODE_ENV: 'test', AI_PROVIDER: 'scripted' });
        return undefined;
      })
      .compile();
    await moduleRef.init();
    expect(moduleRef.get(AiService).provider).toBe('scripted');
    await moduleRef.close();
  });
});
