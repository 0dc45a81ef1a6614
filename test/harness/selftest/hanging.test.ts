// Harness self-test: a test that never settles; the run must time out, fail and clean up.
describe('harness self-test: hang', () => {
  it('never finishes', function () {
    this.timeout(0);
    return new Promise(() => {});
  });
});
