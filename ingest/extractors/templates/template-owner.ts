import { join, posix } from 'node:path';
import type { ClassDeclaration, SourceFile } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import { repoPathOf } from '../support/source.js';
import { requiredPath, stringValue } from '../support/text.js';
import { componentMetadata, propertyValue } from './template-sources.js';
import { projectFile, projectFolderFiles } from '../support/project-files.js';

function ownerIn(sf: SourceFile, repoPath: string, templatePath: string): ClassDeclaration | undefined {
  for (const cls of sf.getClasses()) {
    const meta = componentMetadata(cls);
    if (!meta) continue;
    const url = stringValue(propertyValue(meta, 'templateUrl')) ?? requiredPath(propertyValue(meta, 'template'));
    if (url !== undefined && posix.normalize(posix.join(posix.dirname(repoPath), url)) === templatePath) return cls;
  }
  return undefined;
}

/**
 * The `@Component` class whose `templateUrl` (or `template: require(…)`) is this external template:
 * the same-named `.ts` next to it first (`x.component.html` → `x.component.ts`), then the other
 * TypeScript files of its folder that mention the file name. The class file is read through
 * `ctx.readRepoFile`, so the template is re-extracted when the component changes.
 */
export function templateOwnerClass(ctx: ExtractContext): ClassDeclaration | undefined {
  const dir = posix.dirname(ctx.path);
  const name = posix.basename(ctx.path);
  const sibling = projectFile(ctx.project, join(ctx.root, dir, name.replace(/\.html?$/, '.ts')));
  const folder = projectFolderFiles(ctx.project, join(ctx.root, dir));
  for (const sf of [sibling, ...folder.filter((f) => f !== sibling)]) {
    if (!sf || !sf.getFullText().includes(name)) continue;
    const repoPath = repoPathOf(ctx.root, sf.getFilePath());
    const cls = repoPath ? ownerIn(sf, repoPath, ctx.path) : undefined;
    if (cls && repoPath) {
      ctx.readRepoFile(repoPath);
      return cls;
    }
  }
  return undefined;
}
