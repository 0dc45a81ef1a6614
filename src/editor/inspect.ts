import type * as vscode from 'vscode';

export function register(_context: vscode.ExtensionContext): void {}
