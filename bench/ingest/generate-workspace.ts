import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Deterministic generator of a synthetic Angular workspace for the ingest benchmark: feature
 * folders with components (external templates using adp-/sdf- tags and child components), services
 * injected into them, DTO models, lazy routes with guards, ag-Grid hosts whose column defs use a
 * cell renderer that navigates to a detail route, specs and styles. Same options → same bytes.
 */
export interface GenerateOptions {
  features: number;
  componentsPerFeature: number;
  servicesPerFeature: number;
  modelsPerFeature: number;
  specsPerFeature: number;
  stylesPerFeature: number;
}

export const DEFAULT_GENERATE: GenerateOptions = {
  features: 108, componentsPerFeature: 30, servicesPerFeature: 8, modelsPerFeature: 4, specsPerFeature: 10, stylesPerFeature: 10,
};

const pascal = (s: string): string => s.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());

function component(f: number, c: number, o: GenerateOptions): { ts: string; html: string } {
  const name = `f${f}-c${c}`;
  const cls = `${pascal(name)}Component`;
  const service = `F${f}S${c % o.servicesPerFeature}Service`;
  const grid = c % 10 === 0;
  const child = c + 1 < o.componentsPerFeature ? `<app-f${f}-c${c + 1} [item]="row"></app-f${f}-c${c + 1}>` : '';
  const ts = [
    "import { Component, Input, inject } from '@angular/core';",
    grid ? "import { ColDef } from 'ag-grid-community';" : '',
    `import { ${service} } from '../services/s${c % o.servicesPerFeature}.service';`,
    `import { F${f}M${c % o.modelsPerFeature} } from '../models/m${c % o.modelsPerFeature}.model';`,
    grid ? `import { F${f}LinkRendererComponent } from './link-renderer.component';` : '',
    '',
    '@Component({',
    `  selector: 'app-${name}',`,
    `  templateUrl: './${name}.component.html',`,
    '})',
    `export class ${cls} {`,
    `  @Input() item?: F${f}M${c % o.modelsPerFeature};`,
    `  private readonly data = inject(${service});`,
    grid ? `  columnDefs: ColDef[] = [\n    { field: 'id', cellRenderer: F${f}LinkRendererComponent },\n    { field: 'name' },\n    { field: 'status', sortable: true },\n  ];` : '',
    `  rows = this.data.list();`,
    '',
    `  select(id: number): void {`,
    `    this.data.load(id);`,
    '  }',
    '}',
    '',
  ].filter((l) => l !== '').join('\n');
  const html = [
    `<section class="${name}">`,
    `  <sdf-card heading="Feature ${f} item ${c}">`,
    c % 3 === 0 ? `    <adp-button (click)="select(${c})">Open</adp-button>` : `    <sdf-button variant="primary" (click)="select(${c})">Open</sdf-button>`,
    grid ? '    <ag-grid-angular [rowData]="rows" [columnDefs]="columnDefs"></ag-grid-angular>' : `    <div *ngFor="let row of rows">{{ row.name }}</div>`,
    child ? `    ${child}` : '',
    `    <a [routerLink]="['/f${f}', 'detail', ${c}]">details</a>`,
    '  </sdf-card>',
    '</section>',
    '',
  ].filter((l) => l !== '').join('\n');
  return { ts, html };
}

function files(o: GenerateOptions): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const routes: string[] = [];
  for (let f = 0; f < o.features; f++) {
    const base = `src/app/features/f${f}`;
    for (let m = 0; m < o.modelsPerFeature; m++) {
      out.push([`${base}/models/m${m}.model.ts`, `export interface F${f}M${m} {\n  id: number;\n  name: string;\n  status: 'open' | 'closed';\n  amount${m}: number;\n}\n`]);
    }
    for (let s = 0; s < o.servicesPerFeature; s++) {
      const model = `F${f}M${s % o.modelsPerFeature}`;
      out.push([`${base}/services/s${s}.service.ts`, [
        "import { Injectable, inject } from '@angular/core';",
        "import { HttpClient } from '@angular/common/http';",
        `import { ${model} } from '../models/m${s % o.modelsPerFeature}.model';`,
        '',
        "@Injectable({ providedIn: 'root' })",
        `export class F${f}S${s}Service {`,
        '  private readonly http = inject(HttpClient);',
        `  list() { return this.http.get<${model}[]>('/api/f${f}/items'); }`,
        `  load(id: number) { return this.http.get<${model}>(\`/api/f${f}/items/\${id}\`); }`,
        '}',
        '',
      ].join('\n')]);
    }
    for (let c = 0; c < o.componentsPerFeature; c++) {
      const { ts, html } = component(f, c, o);
      out.push([`${base}/components/f${f}-c${c}.component.ts`, ts], [`${base}/components/f${f}-c${c}.component.html`, html]);
    }
    out.push([`${base}/components/link-renderer.component.ts`, [
      "import { Component, inject } from '@angular/core';",
      "import { Router } from '@angular/router';",
      '',
      `@Component({ selector: 'app-f${f}-link-renderer', template: '<a (click)="open()">{{ value }}</a>' })`,
      `export class F${f}LinkRendererComponent {`,
      '  value = 0;',
      '  private readonly router = inject(Router);',
      "  agInit(params: { value: number }): void { this.value = params.value; }",
      `  open(): void { this.router.navigate(['/f${f}/detail', this.value]); }`,
      '}',
      '',
    ].join('\n')]);
    for (let t = 0; t < o.specsPerFeature; t++) {
      out.push([`${base}/components/f${f}-c${t}.component.spec.ts`, `import { F${pascal(`${f}-c${t}`)}Component } from './f${f}-c${t}.component';\n\ndescribe('F${f}C${t}Component', () => {\n  it('creates', () => {\n    expect(F${pascal(`${f}-c${t}`)}Component).toBeDefined();\n  });\n});\n`]);
    }
    for (let st = 0; st < o.stylesPerFeature; st++) out.push([`${base}/components/f${f}-c${st}.component.scss`, `.f${f}-c${st} {\n  display: block;\n  padding: ${st}px;\n}\n`]);
    out.push([`${base}/f${f}.routes.ts`, [
      "import { Routes } from '@angular/router';",
      "import { authGuard } from '../../core/auth.guard';",
      `import { F${f}C0Component } from './components/f${f}-c0.component';`,
      `import { F${f}C1Component } from './components/f${f}-c1.component';`,
      '',
      'export const routes: Routes = [',
      `  { path: '', component: F${f}C0Component },`,
      `  { path: 'detail/:id', component: F${f}C1Component, canActivate: [authGuard] },`,
      '];',
      '',
    ].join('\n')]);
    routes.push(`  { path: 'f${f}', loadChildren: () => import('./features/f${f}/f${f}.routes').then((m) => m.routes) },`);
  }
  out.push(['src/app/app.routes.ts', ["import { Routes } from '@angular/router';", '', 'export const appRoutes: Routes = [', ...routes, '];', ''].join('\n')]);
  out.push(['src/app/core/auth.guard.ts', "import { CanActivateFn } from '@angular/router';\n\nexport const authGuard: CanActivateFn = () => true;\n"]);
  out.push(['tsconfig.json', JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ES2022', moduleResolution: 'bundler', strict: true, experimentalDecorators: true } }, null, 2)]);
  out.push(['package.json', JSON.stringify({ name: 'bench-workspace', private: true }, null, 2)]);
  return out;
}

/** Writes the workspace under `root`; returns the number of files written. */
export function generateWorkspace(root: string, options: GenerateOptions = DEFAULT_GENERATE): number {
  const list = files(options);
  for (const [path, text] of list) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return list.length;
}
