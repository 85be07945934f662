import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '../../errors/index.js';

const run = promisify(execFile);

export interface JavaInfo {
  executable: string;
  major: number;
  versionLine: string;
}

/** Finds a Java 17+ runtime (JAVA_HOME first, then PATH) or fails with an install hint. */
export async function findJava(): Promise<JavaInfo> {
  const executable = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  let output: string;
  try {
    const { stdout, stderr } = await run(executable, ['-version'], { timeout: 15_000 });
    output = `${stderr}${stdout}`;
  } catch (cause) {
    throw new AppError('PREREQUISITE_MISSING', {
      message: `Java 17 or newer is required to run the local Neo4j, and "${executable}" could not be run. ` +
        'Install it (Debian/Ubuntu: `apt-get install openjdk-17-jre-headless`), set JAVA_HOME, ' +
        'or point graphgate at an existing server with NEO4J_URI.',
      details: { executable },
      cause,
    });
  }
  const versionLine = output.split('\n').find((l) => /version "/.test(l)) ?? output.split('\n')[0] ?? '';
  const match = /version "(\d+)(?:\.(\d+))?/.exec(versionLine);
  const first = match ? Number(match[1]) : 0;
  const major = first === 1 ? Number(match?.[2] ?? 0) : first;
  if (major < 17) {
    throw new AppError('PREREQUISITE_MISSING', {
      message: `Neo4j ${'5.26'} needs Java 17 or newer; found "${versionLine.trim()}". Install Java 17 and set JAVA_HOME.`,
      details: { executable, major },
    });
  }
  return { executable, major, versionLine: versionLine.trim() };
}

/** Finds Maven (MAVEN_CMD or `mvn` on PATH) or fails with an install hint. */
export async function findMaven(): Promise<string> {
  const executable = process.env.MAVEN_CMD ?? 'mvn';
  try {
    await run(executable, ['-v'], { timeout: 60_000 });
    return executable;
  } catch (cause) {
    throw new AppError('PREREQUISITE_MISSING', {
      message: 'Maven is required once, to fetch the Neo4j server jars by coordinates, and `mvn` could not be run. ' +
        'Install it (Debian/Ubuntu: `apt-get install maven`) or point graphgate at an existing server with NEO4J_URI.',
      details: { executable },
      cause,
    });
  }
}
