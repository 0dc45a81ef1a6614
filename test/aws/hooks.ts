import { server, stopAll } from './servers';

// The AWS SDK for JavaScript warns once per process that its releases after January 2027 need
// Node 22. The SDK is pinned (package.json) to a release that supports Node 20, which this
// project targets, so the warning says nothing new: its documented switch turns it off.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// Mocha root hooks: both servers start side by side before the first test (a server that
// cannot start fails each test that uses it, with the reason), and both are stopped once all
// tests have run, also when some of them failed.
export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(60000);
    await Promise.allSettled([server('s3rver'), server('dynalite')]);
  },
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(30000);
    await stopAll();
  },
};
