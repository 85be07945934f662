/** Marks the one stdout line carrying the child's JSON result. */
export const RESULT_MARK = '\u0000GG_SANDBOX_RESULT:';

/**
 * Loaded with `--import` before the runner: creates stdout/stderr first (they use `net` internally
 * for pipes), then replaces every network, process, worker and inspector entry point and removes the
 * web network globals. The permission model (no child-process/worker/fs-write grants, reads limited
 * to the run folder and the declared pack files) is the boundary underneath.
 */
export const PRELOAD_SOURCE = `
import { createRequire, syncBuiltinESMExports } from 'node:module';
const require = createRequire(import.meta.url);
void process.stdout; void process.stderr;
const deny = (what) => function denied() { const e = new Error(what + ' is not available in the sandbox'); e.code = 'ERR_SANDBOX_DENIED'; throw e; };
for (const name of ['child_process', 'worker_threads', 'cluster', 'inspector', 'dgram', 'dns', 'http', 'https', 'http2', 'tls', 'vm', 'v8', 'wasi']) {
  const mod = require('node:' + name);
  for (const key of Object.keys(mod)) if (typeof mod[key] === 'function') { try { mod[key] = deny(name + '.' + key); } catch {} }
  if (mod.promises) for (const key of Object.keys(mod.promises)) if (typeof mod.promises[key] === 'function') { try { mod.promises[key] = deny(name + '.promises.' + key); } catch {} }
}
const net = require('node:net');
for (const key of ['connect', 'createConnection', 'createServer']) net[key] = deny('net.' + key);
net.Socket.prototype.connect = deny('net.Socket.connect');
net.Server.prototype.listen = deny('net.Server.listen');
syncBuiltinESMExports();
// _kill is the raw signal call under kill; _debugProcess opens the inspector of any same-user Node process (e.g. the server).
for (const key of ['binding', '_linkedBinding', 'dlopen', 'kill', '_kill', '_debugProcess', '_debugEnd', 'chdir', 'setuid', 'setgid', 'seteuid', 'setegid', 'setgroups', 'initgroups', 'loadEnvFile']) { try { process[key] = deny('process.' + key); } catch {} }
for (const g of ['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest', 'Request', 'Response', 'Headers', 'WebAssembly', 'SharedArrayBuffer', 'Atomics']) {
  try { delete globalThis[g]; } catch {}
  Object.defineProperty(globalThis, g, { get: deny(g), configurable: false });
}
`;

/** Runs the declared code with frozen inputs, a read-only pack reader and a captured console; prints one result line. */
export const RUNNER_SOURCE = `
import { readFileSync } from 'node:fs';
const MARK = ${JSON.stringify(RESULT_MARK)};
const out = process.stdout.write.bind(process.stdout);
const exit = process.exit.bind(process);
const here = (name) => new URL(name, import.meta.url);
const freeze = (v) => { if (v && typeof v === 'object') { Object.values(v).forEach(freeze); Object.freeze(v); } return v; };
const code = readFileSync(here('code.js'), 'utf8');
const inputs = freeze(JSON.parse(readFileSync(here('inputs.json'), 'utf8')));
const packMap = JSON.parse(readFileSync(here('pack.json'), 'utf8'));
const pack = Object.freeze({
  files: Object.freeze(Object.keys(packMap)),
  read: (path) => { if (typeof path !== 'string' || !Object.hasOwn(packMap, path)) throw new Error(String(path) + ' is not a declared pack file'); return readFileSync(packMap[path], 'utf8'); },
});
const logs = [];
const sandboxConsole = Object.freeze({ log: (...a) => { if (logs.length < 100) logs.push(a.map((x) => typeof x === 'string' ? x : JSON.stringify(x)).join(' ').slice(0, 1000)); } });
const finish = (payload) => { let text; try { text = JSON.stringify(payload); } catch (e) { text = JSON.stringify({ ok: false, error: 'the result is not JSON-serializable', logs }); } out('\\n' + MARK + text + '\\n', () => exit(0)); };
try {
  const fn = new Function('inputs', 'pack', 'console', '"use strict";\\nreturn (' + code.trim().replace(/;\\s*$/, '') + '\\n);');
  const value = await fn(inputs, pack, sandboxConsole);
  finish({ ok: true, value: value === undefined ? null : value, logs });
} catch (e) {
  finish({ ok: false, error: String((e && e.message) || e).slice(0, 2000), code: (e && e.code) || null, logs });
}
`;
