import type { EmulatorContext } from '../context';
import { createTokenService, type TokenService } from './tokens';

/** One token service per running emulator: `checkToken` and `POST /login` must share a key. */
const services = new WeakMap<EmulatorContext, Promise<TokenService>>();

/** The server hands over the service it built while the PKI was being issued. */
export function provideTokenService(ctx: EmulatorContext, service: Promise<TokenService>): void {
  services.set(ctx, service);
}

export function tokenServiceFor(ctx: EmulatorContext): Promise<TokenService> {
  let service = services.get(ctx);
  if (!service) {
    service = createTokenService({
      keyDir: ctx.persistence.dir('auth'),
      tokenTtlSeconds: ctx.options.tokenTtlSeconds,
      environment: ctx.options.environment,
      accounts: ctx.accounts,
      now: () => ctx.now(),
    });
    services.set(ctx, service);
  }
  return service;
}
