// Harness self-test: a plain extension-host test module (no mocha) whose run() rejects.
exports.run = async function run() {
  const vscode = require('vscode');
  if (!vscode.extensions.getExtension('idsmith.idsmith')) throw new Error('idsmith.idsmith not loaded');
  throw new Error('deliberate failure from failing-module.cjs');
};
