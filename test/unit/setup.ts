// Root hooks for the unit suite. Every fast-check property of a run draws from one seed, printed
// first, so a failure seen once replays exactly: FC_SEED=<seed> npm run test:unit.
import fc from 'fast-check';

const fromEnv = process.env.FC_SEED;
const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer; got ${fromEnv}`);
fc.configureGlobal({ seed });

export const mochaHooks = {
  beforeAll(): void {
    console.log(`  fast-check seed ${seed} (replay with FC_SEED=${seed})`);
  },
};
