import { stopAll } from './servers';

// Mocha root hook: every server the database tests started is stopped and its directory
// removed once all tests have run, also when some of them failed.
export const mochaHooks = {
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(60000);
    await stopAll();
  },
};
