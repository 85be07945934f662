import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Files of the toy workspace the pipeline tests ingest (syntax understood by mini-extractor.ts). */
export const MINI_FILES: Record<string, string> = {
  'src/app/orders/order-list.component.ts': [
    "import { OrderService } from '../shared/order.service';",
    '@Component({',
    "  selector: 'app-order-list',",
    "  templateUrl: './order-list.component.html',",
    '})',
    'export class OrderListComponent {',
    '  private orders = inject(OrderService);',
    "  open() { this.router.navigate(['/orders/42']); }",
    '}',
  ].join('\n'),
  'src/app/orders/order-list.component.html': '<div>\n  <sdf-table></sdf-table>\n  <app-order-row></app-order-row>\n</div>\n',
  'src/app/orders/order-row.component.ts': "@Component({\n  selector: 'app-order-row',\n})\nexport class OrderRowComponent {}\n",
  'src/app/orders/orders.routes.ts': "export const routes = [\n  { path: 'orders' },\n  { path: 'orders/:id' },\n];\n",
  'src/app/shared/order.service.ts': 'export class OrderService {}\n',
  'src/app/shared/broken.ts': 'export class Broken { @@broken@@ }\n',
  'src/components.d.ts': 'export namespace Components { interface SdfTable {} }\n',
  'src/types/other.d.ts': 'declare const x: number;\n',
  'node_modules/lib/index.ts': 'export class Vendored {}\n',
  'dist/main.js': 'console.log(1);\n',
  'README.md': '# not ingested by default\n',
  'package.json': '{ "name": "mini" }\n',
};

/** Writes files into a fresh temp directory and returns its path. */
export function writeWorkspace(files: Record<string, string>, prefix = 'graphgate-ingest-'): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) writeFile(root, path, text);
  return root;
}

export function writeFile(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

export function removeWorkspace(root: string): void {
  rmSync(root, { recursive: true, force: true });
}
