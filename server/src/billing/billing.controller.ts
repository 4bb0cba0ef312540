import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../common/decorators';
import { BillingService } from './billing.service';

/** Stripe's webhook: public, authenticated by its signature over the raw body (app.setup.ts). */
@Controller('billing')
@Public()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @Post('webhook')
  @HttpCode(200)
  webhook(@Req() req: Request, @Headers('stripe-signature') signature?: string) {
    return this.billing.handleWebhook(req.body, signature);
  }
}
