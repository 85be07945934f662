import { Node, ts, type SourceFile } from 'ts-morph';
import type { Extractor, ExtractContext } from '../../model/extractor.js';
import type { FileFacts, NodeFact } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addEvent, guarded, located, upsertNode } from '../support/facts.js';
import { isTypeScriptSource, localExportNames, sourceFileOf } from '../support/source.js';
import { ANGULAR_CLASS_DECORATORS, publicMembersOf } from './class-members.js';
import { extractImports } from './imports.js';
import { extractInjections } from './injections.js';
import { headersOf } from './symbol-headers.js';
import { decoratorName } from '../support/decorators.js';
import { endLine, lineAt } from '../support/lines.js';

const PARSER = 'typescript';
const MAX_PARSE_EVENTS = 10;

/** Syntax errors the parser recovered from; the file is still extracted as far as it parsed. */
function recordParseErrors(file: SourceFile, into: FileFacts): void {
  const diagnostics = (file.compilerNode as unknown as { parseDiagnostics?: readonly ts.Diagnostic[] }).parseDiagnostics ?? [];
  for (const d of diagnostics.slice(0, MAX_PARSE_EVENTS)) {
    const line = d.start === undefined ? undefined : lineAt(file.compilerNode, d.start);
    addEvent(into, PARSER, 'parse_error', ts.flattenDiagnosticMessageText(d.messageText, ' '), line);
  }
  if (diagnostics.length > MAX_PARSE_EVENTS) {
    addEvent(into, PARSER, 'parse_error', `${diagnostics.length - MAX_PARSE_EVENTS} more syntax errors not listed`);
  }
}

function extractSymbols(ctx: ExtractContext, file: SourceFile, into: FileFacts): Map<Node, string> {
  const fileId = ids.file(ctx.repoId, ctx.path);
  const exportedNames = localExportNames(file);
  const owners = new Map<Node, string>();
  const seen = new Map<string, NodeFact>();
  for (const statement of file.getStatements()) {
    guarded(into, PARSER, statement, 'declaration', () => {
      for (const header of headersOf(statement, exportedNames)) {
        const id = ids.symbol(ctx.repoId, ctx.path, header.name);
        const existing = seen.get(id);
        if (existing) {
          // Declaration merging / overloads: one node per name, spanning all its declarations.
          existing.props.endLine = Math.max(Number(existing.props.endLine), endLine(header.node));
          continue;
        }
        seen.set(id, upsertNode(into, {
          id,
          labels: ['Symbol'],
          props: { name: header.name, kind: header.kind, ...located(ctx.path, header.node), ...header.props },
          searchText: lexText(header.name, ctx.path),
        }));
        addEdge(into, { type: 'DEFINES', from: fileId, to: id });
        owners.set(header.node, id);
        if (Node.isClassDeclaration(header.node) && header.node.getDecorators().some((d) => ANGULAR_CLASS_DECORATORS.has(decoratorName(d) ?? ''))) {
          extractMembers(ctx, header.node, header.name, id, into);
        }
      }
    });
  }
  return owners;
}

function extractMembers(ctx: ExtractContext, cls: Node, className: string, classId: string, into: FileFacts): void {
  if (!Node.isClassDeclaration(cls)) return;
  for (const member of publicMembersOf(cls)) {
    const id = ids.member(ctx.repoId, ctx.path, className, member.name);
    upsertNode(into, {
      id,
      labels: ['Symbol'],
      props: { name: member.name, kind: member.kind, owner: className, ...located(ctx.path, member.node), ...member.props },
      searchText: lexText(className, member.name),
    });
    addEdge(into, { type: 'HAS_MEMBER', from: classId, to: id });
  }
}

/**
 * Symbol headers (classes, interfaces, types, enums, exported functions and consts; public members
 * of Angular classes), `IMPORTS` between files and dependency injection (`INJECTS`).
 */
export const typescriptExtractor: Extractor = {
  name: 'typescript',
  appliesTo: isTypeScriptSource,
  extract(ctx, into) {
    const file = sourceFileOf(ctx);
    if (!file) {
      addEvent(into, PARSER, 'skipped', 'file is not in the TypeScript project');
      return;
    }
    guarded(into, PARSER, undefined, 'parse diagnostics', () => recordParseErrors(file, into));
    let owners = new Map<Node, string>();
    guarded(into, PARSER, undefined, 'symbols', () => {
      owners = extractSymbols(ctx, file, into);
    });
    guarded(into, PARSER, undefined, 'imports', () => extractImports(ctx, file, into));
    guarded(into, PARSER, undefined, 'dependency injection', () => extractInjections(ctx, into, owners));
  },
};
