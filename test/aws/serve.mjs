// One S3 or DynamoDB API server for the tests, in its own process: `node serve.mjs KIND DIR`
// (KIND s3rver or dynalite; DIR its temporary directory: s3rver's objects, the log). It listens
// on 127.0.0.1 at a port the system picks, reports that port over the IPC channel, and when that
// channel closes (the test process is gone, even killed with SIGKILL) removes DIR and exits, so
// nothing outlives a test run. Started by servers.ts.
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const [kind, dir] = process.argv.slice(2);

if (typeof process.send !== 'function') {
  console.error('serve.mjs is started by test/aws/servers.ts (it needs an IPC channel)');
  process.exit(2);
}
process.on('disconnect', () => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});

if (kind === 's3rver') {
  // s3rver signs its continuation tokens with DES, which OpenSSL 3 keeps in its legacy
  // provider: servers.ts starts this process with --openssl-legacy-provider.
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 'data') });
  const { port } = await server.run();
  process.send({ port });
} else if (kind === 'dynalite') {
  // In memory (no path): dynalite then keeps its tables in memory-level, plain JavaScript.
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
} else {
  console.error(`unknown server ${kind}`);
  process.exit(2);
}
