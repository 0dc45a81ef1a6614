// One S3 or DynamoDB API server for the tests, in its own process: `node serve.mjs s3rver DIR`
// or `node serve.mjs dynalite`. It listens on 127.0.0.1 at a port the system picks, reports
// that port over the IPC channel, and exits when that channel closes, so it never outlives the
// test process, even one killed with SIGKILL. Started by servers.ts; logs go to a file there.
const [kind, dir] = process.argv.slice(2);

if (typeof process.send !== 'function') {
  console.error('serve.mjs is started by test/aws/servers.ts (it needs an IPC channel)');
  process.exit(2);
}
process.on('disconnect', () => process.exit(0));

if (kind === 's3rver') {
  // s3rver signs its continuation tokens with DES, which OpenSSL 3 keeps in its legacy
  // provider: servers.ts starts this process with --openssl-legacy-provider.
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
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
