import 'reflect-metadata';
import { PATH_METADATA } from '@nestjs/common/constants';
import { IS_PUBLIC, ROLES, SKIP_SUBSCRIPTION } from '../common/decorators';
import { AccountsController } from '../parents/accounts.controller';
import { ParentsController } from '../parents/parents.controller';
import { PublicController } from '../parents/public.controller';
import { KidsController } from '../kids/kids.controller';
import { FeedbackController } from '../feedback/feedback.controller';
import { HealthController } from '../health/health.controller';

type Ctor = { prototype: object; name: string };

/** What protects each handler: public, the roles, and whether the subscription is checked. */
function protection(controller: Ctor) {
  const out: Record<string, string> = {};
  for (const name of Object.getOwnPropertyNames(controller.prototype)) {
    if (name === 'constructor') continue;
    const handler = (controller.prototype as Record<string, unknown>)[name] as object;
    if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
    const get = (key: string) =>
      Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
    const parts = [get(IS_PUBLIC) ? 'public' : 'token'];
    const roles = get(ROLES) as string[] | undefined;
    if (roles) parts.push(`roles=${roles.join('|')}`);
    if (get(SKIP_SUBSCRIPTION)) parts.push('no-subscription-check');
    out[name] = parts.join(' ');
  }
  return out;
}

describe('route protection', () => {
  it('keeps every dashboard route for parents with a subscription', () => {
    const routes = protection(ParentsController);
    expect(Object.keys(routes)).toHaveLength(16);
    for (const value of Object.values(routes)) expect(value).toBe('token roles=parent');
  });

  it('opens only login, signup and billing calls to lapsed parents', () => {
    expect(protection(AccountsController)).toEqual({
      login: 'token no-subscription-check',
      signup: 'token no-subscription-check',
      initiateManagement: 'public no-subscription-check',
      subscription: 'token roles=parent no-subscription-check',
      createCheckout: 'token roles=parent no-subscription-check',
      verifyCheckout: 'token roles=parent no-subscription-check',
      cancel: 'token roles=parent no-subscription-check',
      portal: 'token roles=parent no-subscription-check',
    });
  });

  it('keeps the kids routes for kids', () => {
    expect(protection(KidsController)).toEqual({
      login: 'token roles=kid',
      config: 'token roles=kid',
      preferences: 'token roles=kid',
      send: 'token roles=kid',
    });
  });

  it('makes only health, client config and the synthetic email public', () => {
    expect(protection(PublicController)).toEqual({ syntheticEmail: 'public' });
    expect(protection(HealthController)).toEqual({
      health: 'public',
      iapHealth: 'public',
      clientConfig: 'public',
    });
    expect(protection(FeedbackController)).toEqual({ submit: 'token roles=parent' });
  });
});
