import type * as vscode from 'vscode';
import * as settings from './editor/shared/settings';
import * as insert from './editor/insert';
import * as hover from './editor/hover';
import * as inlayHints from './editor/inlayHints';
import * as inspect from './editor/inspect';
import * as convert from './editor/convert';
import * as bounds from './editor/bounds';
import * as objectKeys from './editor/objectKeys';
import * as keyPlan from './editor/keys';
import * as terminal from './editor/terminal';
import * as debugInlineValues from './editor/debug';
import * as highlight from './editor/highlight';
import * as agentTools from './editor/agentTools';
import * as check from './editor/check';
import * as fileConventions from './editor/shared/fileConventions';
import * as completions from './editor/completions';

// Only wiring: each feature module registers its own commands and providers. Registration is
// all activation does; nothing is computed until a command runs or a provider is asked.
export function activate(context: vscode.ExtensionContext): void {
  settings.register(context);
  insert.register(context);
  hover.register(context);
  inlayHints.register(context);
  inspect.register(context);
  convert.register(context);
  bounds.register(context);
  objectKeys.register(context);
  keyPlan.register(context);
  terminal.register(context);
  debugInlineValues.register(context);
  highlight.register(context);
  agentTools.register(context);
  check.register(context);
  fileConventions.register(context);
  completions.register(context);
}

export function deactivate(): void {}
