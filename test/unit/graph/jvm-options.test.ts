import { describe, expect, it } from 'vitest';
import { parseJvmOptions } from '../../../src/graph/local-neo4j/server-config.js';

describe('GRAPHGATE_NEO4J_JVM_OPTIONS', () => {
  it('is no flag when unset or blank', () => {
    expect(parseJvmOptions(undefined)).toEqual([]);
    expect(parseJvmOptions('  \n ')).toEqual([]);
  });

  it('splits flags on any whitespace and keeps their order', () => {
    expect(parseJvmOptions(' -XX:TieredStopAtLevel=1\t-Dgraphgate.check=yes\n-Xlog:gc ')).toEqual(['-XX:TieredStopAtLevel=1', '-Dgraphgate.check=yes', '-Xlog:gc']);
  });

  it.each([
    ['TieredStopAtLevel=1', 'is not a flag'],
    ['-Xmx8g', 'GRAPHGATE_NEO4J_HEAP_MAX'],
    ['-Xms1g', 'GRAPHGATE_NEO4J_HEAP_INITIAL'],
    ['-cp /tmp/evil.jar', 'would change what the server starts'],
    ['-jar', 'would change what the server starts'],
    ['--class-path=/tmp', 'would change what the server starts'],
    ['--module-path /tmp', 'would change what the server starts'],
  ])('refuses %s with INVALID_CONFIG naming the flag', (raw, why) => {
    let caught: unknown;
    try {
      parseJvmOptions(raw);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'INVALID_CONFIG', details: { flag: raw.split(' ')[0] } });
    expect((caught as Error).message).toContain(why);
  });
});
