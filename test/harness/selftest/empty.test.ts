// Harness self-test: a suite with no tests must fail the run, never pass it vacuously.
describe('harness self-test: no tests', () => {});
