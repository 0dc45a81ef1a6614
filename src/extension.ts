import type * as vscode from 'vscode';
import * as settings from './editor/settings';

// Only wiring: each feature module registers its own commands and providers.
export function activate(context: vscode.ExtensionContext): void {
  settings.register(context);
}

export function deactivate(): void {}
