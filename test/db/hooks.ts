import { server, stopAll } from './servers';

// Mocha root hooks: the servers start side by side before the first test (a server that cannot
// start fails each test that uses it, with the reason), and every server the tests started is
// stopped and its directory removed once all tests have run, also when some of them failed.
export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(120000);
    await Promise.allSettled([server('postgres'), server('mariadb')]);
  },
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(60000);
    await stopAll();
  },
};
