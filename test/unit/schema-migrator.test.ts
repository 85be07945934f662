import { describe, expect, it } from 'vitest';
import { loadMigrations, splitStatements } from '../../src/graph/schema-migrator.js';

describe('splitStatements', () => {
  it('drops comment lines and splits on statement-ending semicolons', () => {
    const text = '// header\nCREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x);\n\n// c\nCREATE INDEX b\n  IF NOT EXISTS FOR (n:B) ON (n.y);\n';
    expect(splitStatements(text)).toEqual(['CREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x)', 'CREATE INDEX b\n  IF NOT EXISTS FOR (n:B) ON (n.y)']);
  });

  it('keeps a semicolon that is inside a statement line', () => {
    expect(splitStatements("RETURN 'a;b' AS x;")).toEqual(["RETURN 'a;b' AS x"]);
  });
});

describe('loadMigrations', () => {
  it('returns migrations in strictly increasing version order, all idempotent', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    migrations.forEach((m, i) => {
      if (i > 0) expect(m.version).toBeGreaterThan(migrations[i - 1]!.version);
      // CREATE … IF NOT EXISTS and DROP … IF EXISTS: a migration re-run after a crash changes nothing.
      for (const statement of m.statements) expect(statement).toMatch(/^CREATE\b[\s\S]*\bIF NOT EXISTS\b|^DROP\b[\s\S]*\bIF EXISTS\b/);
    });
  });
});
