import 'reflect-metadata';
import { PATH_METADATA } from '@nestjs/common/constants';
import { IS_PUBLIC, ROLES } from '../common/decorators';
import { BillingController } from './billing.controller';

describe('BillingController', () => {
  it('opens the webhook to Stripe without a token: its signature authenticates it', () => {
    const handler = BillingController.prototype.webhook;
    expect(Reflect.getMetadata(PATH_METADATA, BillingController)).toBe('billing');
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe('webhook');
    expect(Reflect.getMetadata(IS_PUBLIC, BillingController)).toBe(true);
    expect(
      Reflect.getMetadata(ROLES, handler) ?? Reflect.getMetadata(ROLES, BillingController),
    ).toBe(undefined);
  });
});
