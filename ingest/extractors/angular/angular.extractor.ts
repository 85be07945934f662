import { Node, type ClassDeclaration } from 'ts-morph';
import type { Extractor, ExtractContext } from '../../model/extractor.js';
import type { FileFacts, NodeLabel, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEvent, guarded, upsertNode } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { angularMajor } from './angular-version.js';
import { componentFacts, directiveFacts } from './component-facts.js';
import { metadataOf } from './decorator-metadata.js';
import { injectableFacts, ngModuleFacts, pipeFacts } from './module-facts.js';
import { decoratorName } from '../support/decorators.js';
import { endLine, startLine } from '../support/lines.js';

const PARSER = 'angular';

/** Angular class decorators and the extra label each adds to the class Symbol. */
const LABELS: Record<string, NodeLabel> = {
  Component: 'Component', Directive: 'Directive', Pipe: 'Pipe', NgModule: 'NgModule', Injectable: 'Service',
};

function classFacts(ctx: ExtractContext, into: FileFacts, cls: ClassDeclaration): void {
  const name = cls.getName() ?? 'default';
  const id = ids.symbol(ctx.repoId, ctx.path, name);
  const major = angularMajor(ctx);
  const standaloneDefault = major !== null && major >= 19;
  for (const decorator of cls.getDecorators()) {
    const kind = decoratorName(decorator);
    const label = kind === undefined ? undefined : LABELS[kind];
    if (!label) continue;
    guarded(into, PARSER, decorator, `@${kind} ${name}`, () => {
      const { obj, problems } = metadataOf(decorator);
      for (const problem of problems) addEvent(into, PARSER, 'unsupported_syntax', `${name}: ${problem}`, startLine(decorator));
      let props: Record<string, PropValue> = {};
      if (kind === 'Component') props = { ...directiveFacts(ctx, into, cls, obj, standaloneDefault), ...componentFacts(ctx, into, cls, id, obj) };
      else if (kind === 'Directive') props = directiveFacts(ctx, into, cls, obj, standaloneDefault);
      else if (kind === 'Pipe') props = pipeFacts(into, cls, obj, standaloneDefault);
      else if (kind === 'NgModule') props = ngModuleFacts(ctx, into, cls, id, obj);
      else props = injectableFacts(obj);
      if (problems.length) props.metadataIncomplete = true;
      const selector = typeof props.selector === 'string' ? props.selector : undefined;
      const pipeName = typeof props.pipeName === 'string' ? props.pipeName : undefined;
      upsertNode(into, {
        id,
        labels: ['Symbol', label],
        props: { name, kind: 'class', path: ctx.path, startLine: startLine(cls), endLine: endLine(cls), ...props },
        searchText: lexText(name, ctx.path, selector, pipeName),
      });
    });
  }
}

/**
 * Angular decorators on top-level classes: @Component, @Directive, @Pipe, @NgModule and
 * @Injectable add a label and their metadata to the class Symbol (same id as the TypeScript
 * extractor's). Metadata it cannot read statically is reported, never guessed.
 */
export const angularExtractor: Extractor = {
  name: 'angular',
  appliesTo: isTypeScriptSource,
  extract(ctx, into) {
    if (!ctx.text.includes('@')) return;
    const file = sourceFileOf(ctx);
    if (!file) return;
    for (const statement of file.getStatements()) {
      if (Node.isClassDeclaration(statement) && statement.getDecorators().length) {
        guarded(into, PARSER, statement, 'decorated class', () => classFacts(ctx, into, statement));
      }
    }
  },
};
