// The torchlint extension: starts `torchlint --lsp` for C++ and CUDA files.
// It is a client only; everything else is in the server (docs/editors.md).
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

/** The server's settings: initializationOptions and didChangeConfiguration. */
function settings() {
  const config = vscode.workspace.getConfiguration('torchlint');
  const out = { debounceMs: config.get('debounceMs') };
  if (config.get('checks')) {
    out.checks = config.get('checks');
  }
  return out;
}

function activate(context) {
  const config = vscode.workspace.getConfiguration('torchlint');
  const server = {
    command: config.get('path'),
    args: ['--lsp', ...config.get('arguments')],
  };
  client = new LanguageClient('torchlint', 'torchlint', server, {
    documentSelector: [
      { scheme: 'file', language: 'cpp' },
      { scheme: 'file', language: 'cuda-cpp' },
    ],
    initializationOptions: settings(),
  });
  // Settings changes reach the server as didChangeConfiguration, which
  // re-analyses the open files.
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('torchlint') && client) {
        client.sendNotification('workspace/didChangeConfiguration', {
          settings: { torchlint: settings() },
        });
      }
    }));
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
