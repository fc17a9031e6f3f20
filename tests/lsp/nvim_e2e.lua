-- End-to-end test with a real editor: Neovim's built-in LSP client runs
-- `torchlint --lsp` on a LibTorch program with a device bug, receives the
-- diagnostic, applies the quick fix, and edits the buffer without saving.
-- Run by nvim_e2e.sh: nvim --headless -u NONE -l-less `-c 'luafile ...'`.

local torchlint = vim.env.TL_TORCHLINT
local cache = vim.env.TL_CACHE
local file = vim.env.TL_FILE
local work = vim.fn.fnamemodify(file, ':h')

local function fail(message)
  io.stderr:write('FAIL: ' .. message .. '\n')
  vim.cmd('cquit 1')
end

local function expect(cond, message)
  if not cond then
    fail(message)
  end
end

local function wait_for(what, pred)
  if not vim.wait(60000, pred, 20) then
    fail('timed out waiting for ' .. what)
  end
end

local function describe(diags)
  local out = {}
  for _, d in ipairs(diags) do
    table.insert(out, string.format('%s@%d:%d', d.code, d.lnum, d.col))
  end
  return table.concat(out, ' ')
end

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local on_disk = table.concat(vim.fn.readfile(file), '\n')

local client = vim.lsp.start_client({
  name = 'torchlint',
  cmd = { torchlint, '--lsp', '--cache-dir', cache },
  root_dir = work,
  init_options = { debounceMs = 100 },
})
expect(client, 'the client did not start')
expect(vim.lsp.buf_attach_client(buf, client), 'buf_attach_client failed')

-- 1. The diagnostic of the bug, with its rule code and line.
wait_for('the first diagnostics', function()
  return #vim.diagnostic.get(buf) > 0
end)
local diags = vim.diagnostic.get(buf)
expect(describe(diags) == 'torch-device-mismatch@53:16',
  'first diagnostics: ' .. describe(diags))
expect(diags[1].source == 'torchlint', 'source ' .. tostring(diags[1].source))
expect(diags[1].severity == vim.diagnostic.severity.WARN, 'severity')
local related = diags[1].user_data.lsp.relatedInformation
expect(#related == 3 and related[1].location.range.start.line == 42,
  'relatedInformation: ' .. vim.inspect(related))

-- 2. Code actions on the flagged line; apply the quick fix.
vim.api.nvim_win_set_cursor(0, { 54, 4 })
local params = vim.lsp.util.make_range_params(0, 'utf-16')
params.context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf) }
local replies = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction',
  params, 30000)
expect(replies and replies[client] and replies[client].result,
  'no code actions: ' .. vim.inspect(replies))
local actions = replies[client].result
expect(#actions == 2, 'actions: ' .. vim.inspect(actions))
expect(actions[1].title == "Fix torch-device-mismatch: insert '.to(device)'",
  'fix title: ' .. actions[1].title)
expect(actions[2].title ==
  'Suppress with NOLINT(torch-device-mismatch) on this line',
  'suppress title: ' .. actions[2].title)
vim.lsp.util.apply_workspace_edit(actions[1].edit, 'utf-16')
local fixed = vim.api.nvim_buf_get_lines(buf, 42, 43, false)[1]
expect(fixed ==
  '      torch::tensor({0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}, torch::kLong)' ..
  '.to(device);', 'line 43 after the fix: ' .. fixed)
wait_for('the diagnostics to clear after the fix', function()
  return #vim.diagnostic.get(buf) == 0
end)

-- 3. Unsaved edits: a new bug, then lines inserted above it; the
-- diagnostic follows the text in the buffer, not the file on disk.
vim.api.nvim_buf_set_lines(buf, 54, 54, false, { '    labels.cpu();' })
wait_for('a diagnostic on the new line', function()
  return describe(vim.diagnostic.get(buf)) == 'torch-discarded-move@54:11'
end)
vim.api.nvim_buf_set_lines(buf, 17, 17, false, { '', '' })
wait_for('the diagnostic to follow the edit', function()
  return describe(vim.diagnostic.get(buf)) == 'torch-discarded-move@56:11'
end)
expect(vim.bo[buf].modified, 'the buffer should still be unsaved')
expect(table.concat(vim.fn.readfile(file), '\n') == on_disk,
  'the file on disk changed')

vim.lsp.stop_client(client)
wait_for('the server to stop', function()
  return vim.lsp.get_client_by_id(client) == nil
end)
io.stdout:write('PASS nvim_e2e\n')
vim.cmd('qall!')
