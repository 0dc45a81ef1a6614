// Harness self-test: a test file that throws while loading must show up as a failing test
// with its error, not as a silent failure of the whole module.
throw new Error('deliberate failure while loading');
