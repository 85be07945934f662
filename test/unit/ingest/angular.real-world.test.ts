import { describe, expect, it } from 'vitest';
import { angularExtractor } from '../../../ingest/extractors/angular/index.js';
import { templateExtractor } from '../../../ingest/extractors/templates/index.js';
import { ids } from '../../../ingest/model/ids.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

describe('angular extractor: webpack-era require() assets', () => {
  it('links template: require(...) and styles: [require(...)] like templateUrl/styleUrls', () => {
    const ws = memoryWorkspace({
      'src/app/home/home.component.ts': [
        '@Component({',
        "  selector: 'app-home',",
        "  template: require('./home.component.html'),",
        "  styles: [require('./home.component.css')],",
        '})',
        'export class HomeComponent {}',
      ].join('\n'),
      'src/app/home/home.component.html': '<app-card></app-card>',
      'src/app/home/home.component.css': ':host { display: block; }',
    });
    const path = 'src/app/home/home.component.ts';
    const facts = ws.extract(path, [angularExtractor, templateExtractor]);
    const cls = ids.symbol(REPO_ID, path, 'HomeComponent');
    expect(facts.edges.filter((e) => e.type === 'TEMPLATES' || e.type === 'STYLES').map((e) => [e.type, e.from, e.to])).toEqual([
      ['TEMPLATES', cls, ids.file(REPO_ID, 'src/app/home/home.component.html')],
      ['STYLES', cls, ids.file(REPO_ID, 'src/app/home/home.component.css')],
    ]);
    expect(facts.nodes.find((n) => n.id === cls)?.props).toMatchObject({ templatePath: 'src/app/home/home.component.html', styleUrls: ['src/app/home/home.component.css'] });
    expect(facts.nodes.find((n) => n.id === cls)?.props.inlineTemplate).toBeUndefined();
    expect(facts.events).toEqual([]);
  });
});
