import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodemodRegistry, listAstCodemods } from '../../../src/execution/codemods/codemod-registry.js';
import { renameIdentifierInFile } from '../../../src/execution/codemods/rename-identifier.codemod.js';
import { rewriteTemplateTag } from '../../../src/execution/codemods/rewrite-template-tag.codemod.js';
import { updateImportSpecifier } from '../../../src/execution/codemods/update-import-specifier.codemod.js';
import { updateRoutePathLiteral } from '../../../src/execution/codemods/update-route-path.codemod.js';
import { applyEdits } from '../../../src/execution/patches/apply-edits.js';

const run = (def: typeof renameIdentifierInFile, text: string, filePath: string, params: Record<string, unknown>) =>
  def.apply({ text, filePath, params: def.params.parse(params) });

describe('rename_identifier_in_file', () => {
  it('renames declarations and references, keeps strings, comments and formatting', async () => {
    const text = [
      'export class  OrderService {',
      "  // OrderService loads orders",
      "  name = 'OrderService';",
      '  static make(): OrderService {   return new OrderService(); }',
      '}',
      'const x = { OrderService };',
    ].join('\n');
    const out = await run(renameIdentifierInFile, text, 'a/order.service.ts', { from: 'OrderService', to: 'OrdersApi' });
    expect(out.changes).toBe(4);
    expect(out.text).toBe([
      'export class  OrdersApi {',
      "  // OrderService loads orders",
      "  name = 'OrderService';",
      '  static make(): OrdersApi {   return new OrdersApi(); }',
      '}',
      'const x = { OrderService: OrdersApi };',
    ].join('\n'));
  });

  it('rejects a non-identifier target name', async () => {
    expect(renameIdentifierInFile.params.safeParse({ from: 'a', to: 'b-c' }).success).toBe(false);
  });
});

describe('update_import_specifier', () => {
  const text = [
    "import { OrdersService, Other } from './orders.service';",
    'import {Alias as Local} from "./orders.service";',
    "export { OrdersService } from './orders.service';",
    "import { Keep } from './keep';",
  ].join('\n');

  it('changes the module specifier of imports and re-exports, keeping each quote style', async () => {
    const out = await run(updateImportSpecifier, text, 'x.ts', { moduleSpecifier: './orders.service', newModuleSpecifier: '../data/orders.service' });
    expect(out.changes).toBe(3);
    expect(out.text.split('\n')).toEqual([
      "import { OrdersService, Other } from '../data/orders.service';",
      'import {Alias as Local} from "../data/orders.service";',
      "export { OrdersService } from '../data/orders.service';",
      "import { Keep } from './keep';",
    ]);
  });

  it('renames a named import and keeps the local name the file uses', async () => {
    const out = await run(updateImportSpecifier, text, 'x.ts', { moduleSpecifier: './orders.service', namedImport: 'OrdersService', newNamedImport: 'OrdersApi' });
    expect(out.text.split('\n').slice(0, 3)).toEqual([
      "import { OrdersApi as OrdersService, Other } from './orders.service';",
      'import {Alias as Local} from "./orders.service";',
      "export { OrdersApi } from './orders.service';",
    ]);
  });

  it('requires a change to make', async () => {
    expect(updateImportSpecifier.params.safeParse({ moduleSpecifier: './a' }).success).toBe(false);
  });
});

describe('update_route_path_literal', () => {
  it('rewrites path and redirectTo literals only, keeping quotes', async () => {
    const text = [
      'const routes: Routes = [',
      "  { path: 'orders', loadChildren: () => import('./orders/orders.module') },",
      '  { path: "", redirectTo: "orders", pathMatch: \'full\' },',
      "  { title: 'orders' },",
      '];',
    ].join('\n');
    const out = await run(updateRoutePathLiteral, text, 'app.routes.ts', { from: 'orders', to: 'sales/orders' });
    expect(out.changes).toBe(2);
    expect(out.text.split('\n')).toEqual([
      'const routes: Routes = [',
      "  { path: 'sales/orders', loadChildren: () => import('./orders/orders.module') },",
      '  { path: "", redirectTo: "sales/orders", pathMatch: \'full\' },',
      "  { title: 'orders' },",
      '];',
    ]);
  });
});

describe('rewrite_template_tag', () => {
  it('renames start and end tags in an external template, keeping attributes, bindings and layout', async () => {
    const html = [
      '<div class="x">',
      '  <adp-button  [disabled]="busy"',
      '      (click)="save()" label="adp-button">Save</adp-button>',
      '  <adp-button-group></adp-button-group>',
      '  <adp-button *ngIf="show" />',
      '</div>',
    ].join('\n');
    const out = await run(rewriteTemplateTag, html, 'a.component.html', { from: 'adp-button', to: 'sdf-button' });
    expect(out.changes).toBe(3);
    expect(out.text.split('\n')).toEqual([
      '<div class="x">',
      '  <sdf-button  [disabled]="busy"',
      '      (click)="save()" label="adp-button">Save</sdf-button>',
      '  <adp-button-group></adp-button-group>',
      '  <sdf-button *ngIf="show" />',
      '</div>',
    ]);
  });

  it('rewrites inline templates of a component and nothing else in the file', async () => {
    const ts = [
      "const label = '<adp-alert></adp-alert>';",
      '@Component({',
      "  selector: 'app-x',",
      '  template: `<section>',
      '    <adp-alert type="info">Hi</adp-alert>',
      '  </section>`,',
      '})',
      'export class X {}',
    ].join('\n');
    const out = await run(rewriteTemplateTag, ts, 'x.component.ts', { from: 'adp-alert', to: 'sdf-alert' });
    expect(out.changes).toBe(2);
    expect(out.text.split('\n')[0]).toBe("const label = '<adp-alert></adp-alert>';");
    expect(out.text.split('\n')[4]).toBe('    <sdf-alert type="info">Hi</sdf-alert>');
  });

  it('refuses a template that does not parse', async () => {
    await expect(run(rewriteTemplateTag, '<adp-x><b></adp-x>', 'a.html', { from: 'adp-x', to: 'sdf-x' })).rejects.toThrow(/does not parse/);
  });
});

describe('codemod registry', () => {
  it('lists the four built-ins and a registered custom codemod with its parameter schema', async () => {
    const registry = new CodemodRegistry();
    registry.register({
      id: 'uppercase_const', description: 'Uppercases one const name.', extensions: ['.ts'], params: z.strictObject({ name: z.string() }),
      apply: ({ text, params }) => ({ text: text.replace(`const ${(params as { name: string }).name}`, `const ${(params as { name: string }).name.toUpperCase()}`), changes: 1 }),
    });
    expect(registry.list().map((c) => [c.id, c.builtIn])).toEqual([
      ['rename_identifier_in_file', true], ['update_import_specifier', true], ['update_route_path_literal', true], ['rewrite_template_tag', true], ['uppercase_const', false],
    ]);
    expect(registry.list()[4]!.params).toMatchObject({ type: 'object', required: ['name'] });
    expect(() => registry.register({ ...renameIdentifierInFile })).toThrow(/already registered/);
    expect(() => registry.register({ ...renameIdentifierInFile, id: 'Bad Id' })).toThrow(/snake_case/);
    const out = await applyEdits('const a = 1;\n', 'x.ts', [{ type: 'ast_codemod', codemod: 'uppercase_const', params: { name: 'a' } }], registry);
    expect(out.text).toBe('const A = 1;\n');
    expect(listAstCodemods().length).toBeGreaterThanOrEqual(4);
  });

  it('validates codemod parameters and extensions before running', async () => {
    const registry = new CodemodRegistry();
    await expect(applyEdits('x', 'a.ts', [{ type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'a' } }], registry)).rejects.toThrow(/invalid parameters/);
    await expect(applyEdits('x', 'a.scss', [{ type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'a', to: 'b' } }], registry)).rejects.toThrow(/does not apply/);
    await expect(applyEdits('const a = 1;', 'a.ts', [{ type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'zz', to: 'b' } }], registry)).rejects.toThrow(/nothing to change/);
    await expect(applyEdits('x', 'a.ts', [{ type: 'ast_codemod', codemod: 'nope', params: {} }], registry)).rejects.toThrow(/unknown codemod/);
  });
});
