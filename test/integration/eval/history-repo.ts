import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** git in a test repository, as argv (author fixed so commits are reproducible). */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, '-c', 'user.name=t', '-c', 'user.email=t@x', '-c', 'commit.gpgsign=false', ...args], {
    encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LC_ALL: 'C', GIT_CONFIG_NOSYSTEM: '1', GIT_OPTIONAL_LOCKS: '0' },
  }).trim();
}

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

const component = (name: string, body: string): string =>
  `import { Component } from '@angular/core';\n@Component({ selector: 'app-${name}', templateUrl: './${name}.component.html' })\n` +
  `export class ${name[0]!.toUpperCase()}${name.slice(1)}Component {\n${body}\n}\n`;

/** One commit: a subject and the files it writes (path → text). */
export interface TestCommit {
  subject: string;
  files: Record<string, string>;
}

/** The history of the test repository, oldest first; the comment says how the miner must classify each. */
export const HISTORY: TestCommit[] = [
  // root commit: skipped (no parent to run on)
  { subject: 'Initial Angular app with orders and customers', files: {
    'package.json': '{ "name": "shop", "version": "1.0.0" }\n',
    'src/app/orders/orders.component.ts': component('orders', '  columns = ["number", "total"];'),
    'src/app/orders/orders.component.html': '<table><tr><th>Order number</th><th>Total</th></tr></table>\n',
    'src/app/orders/order.service.ts': 'export class OrderService {\n  total(lines: number[]) { return lines.reduce((a, b) => a + b, 0); }\n}\n',
    'src/app/customers/customers.component.ts': component('customers', '  customers: string[] = [];'),
    'src/app/customers/customers.component.html': '<ul><li *ngFor="let c of customers">{{ c }}</li></ul>\n',
  } },
  // task 1 candidate (but older than the newest three qualifying)
  { subject: 'Show the order date in the orders grid', files: {
    'src/app/orders/orders.component.ts': component('orders', '  columns = ["number", "date", "total"];'),
    'src/app/orders/orders.component.html': '<table><tr><th>Order number</th><th>Order date</th><th>Total</th></tr></table>\n',
  } },
  // release: skipped
  { subject: 'chore(release): 1.0.1', files: { 'package.json': '{ "name": "shop", "version": "1.0.1" }\n' } },
  // qualifies (oldest of the three newest)
  { subject: 'Add a customer name filter to the customer list', files: {
    'src/app/customers/customers.component.ts': component('customers', '  customers: string[] = [];\n  nameFilter = "";'),
  } },
  // format sweep: skipped
  { subject: 'Run prettier on the whole app', files: { 'src/app/orders/order.service.ts': 'export class OrderService {\n  total(lines: number[]) {\n    return lines.reduce((a, b) => a + b, 0);\n  }\n}\n' } },
  // qualifies
  { subject: 'Fix rounding of the order total in the order service', files: {
    'src/app/orders/order.service.ts': 'export class OrderService {\n  total(lines: number[]) {\n    return Math.round(lines.reduce((a, b) => a + b, 0) * 100) / 100;\n  }\n}\n',
  } },
  // only adds a file: no answer, skipped
  { subject: 'Add the invoice component for orders', files: {
    'src/app/invoice/invoice.component.ts': component('invoice', '  number = "";'),
    'src/app/invoice/invoice.component.html': '<h1>Invoice</h1>\n',
  } },
  // qualifies (newest)
  { subject: 'ABC-12: Show the invoice number in the invoice header', files: {
    'src/app/invoice/invoice.component.html': '<h1>Invoice {{ number }}</h1>\n',
  } },
];

/** Creates a repository with these commits in a fresh temp folder; returns its path. */
export function makeRepo(history: readonly TestCommit[] = HISTORY, prefix = 'gg-history-repo-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  git(root, 'init', '-q', '-b', 'main');
  for (const [i, c] of history.entries()) {
    for (const [path, text] of Object.entries(c.files)) write(root, path, text);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', c.subject, '--date', `2024-01-0${Math.min(i + 1, 9)}T10:00:00Z`);
  }
  return root;
}
