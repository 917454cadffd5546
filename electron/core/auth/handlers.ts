/** `session.*` channels. */
import type { HandlerFactory } from '../handlers';

export const createSessionHandlers: HandlerFactory = ({ session }) => ({
  'session.status': () => Promise.resolve(session.status()),
  'session.login': (input) => session.login(input),
  'session.logout': () => session.logout(),
  'session.demoAccounts': () => Promise.resolve(session.demoAccounts()),
});
