import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findJava, findMaven } from '../../src/graph/local-neo4j/prerequisites.js';

const saved = { JAVA_HOME: process.env.JAVA_HOME, MAVEN_CMD: process.env.MAVEN_CMD };
const temps: string[] = [];

/** A JAVA_HOME whose bin/java prints the given version banner, like a real JDK does (on stderr). */
function fakeJdk(banner: string): string {
  const home = mkdtempSync(join(tmpdir(), 'gg-jdk-'));
  temps.push(home);
  mkdirSync(join(home, 'bin'));
  writeFileSync(join(home, 'bin', 'java'), `#!/bin/sh\necho '${banner}' >&2\n`);
  chmodSync(join(home, 'bin', 'java'), 0o755);
  return home;
}

afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('findJava', () => {
  it('accepts the machine JDK (17 or newer)', async () => {
    const java = await findJava();
    expect(java.major).toBeGreaterThanOrEqual(17);
  });

  it('rejects Java 11 with an actionable message', async () => {
    process.env.JAVA_HOME = fakeJdk('openjdk version "11.0.20" 2023-07-18');
    await expect(findJava()).rejects.toMatchObject({ code: 'PREREQUISITE_MISSING', message: expect.stringContaining('Java 17') });
  });

  it('reads the legacy 1.8 version scheme as 8', async () => {
    process.env.JAVA_HOME = fakeJdk('java version "1.8.0_381"');
    await expect(findJava()).rejects.toMatchObject({ details: { major: 8 } });
  });

  it('explains how to install Java when none runs', async () => {
    process.env.JAVA_HOME = join(tmpdir(), 'no-such-jdk');
    await expect(findJava()).rejects.toMatchObject({ code: 'PREREQUISITE_MISSING', message: expect.stringContaining('apt-get install') });
  });
});

describe('findMaven', () => {
  it('explains how to install Maven when it is missing', async () => {
    process.env.MAVEN_CMD = join(tmpdir(), 'no-such-mvn');
    await expect(findMaven()).rejects.toMatchObject({ code: 'PREREQUISITE_MISSING', message: expect.stringContaining('apt-get install maven') });
  });
});
