import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { AppError } from '../errors/index.js';
import { packageRoot } from '../runtime/package-root.js';
import { ConfigLayerSchema, ConfigSchema, ENV_OVERRIDES, type Config, type ConfigLayer } from './config.schema.js';
import { stripJsonComments } from './jsonc.js';

export interface LoadConfigOptions {
  /** The target repository (its `.ai/config/` holds the repo layers). */
  repoRoot: string;
  env?: NodeJS.ProcessEnv;
}

export interface LoadedConfig {
  config: Config;
  /** The files that contributed, in the order applied (for `--print-config` and logs). */
  sources: string[];
}

function describeIssues(error: z.ZodError): Array<{ key: string; problem: string }> {
  return error.issues.map((issue) => ({ key: issue.path.map(String).join('.') || '(root)', problem: issue.message }));
}

function invalid(source: string, problems: Array<{ key: string; problem: string }>): AppError {
  const first = problems[0];
  const summary = first ? `${first.key}: ${first.problem}` : 'invalid';
  return new AppError('INVALID_CONFIG', { message: `Invalid configuration in ${source} at ${summary}`, details: { source, problems } });
}

/** Reads and validates one layer file (JSON, `//` comments allowed); a missing file is an empty layer. */
export function readLayer(file: string, label = file): ConfigLayer {
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(stripJsonComments(readFileSync(file, 'utf8')));
  } catch (error) {
    throw invalid(label, [{ key: '(root)', problem: `not valid JSON (${(error as Error).message})` }]);
  }
  const parsed = ConfigLayerSchema.safeParse(raw);
  if (!parsed.success) throw invalid(label, describeIssues(parsed.error));
  return parsed.data;
}

function envLayer(env: NodeJS.ProcessEnv): ConfigLayer {
  const layer: Record<string, Record<string, unknown>> = {};
  for (const o of ENV_OVERRIDES) {
    const raw = env[o.env];
    if (raw === undefined || raw === '') continue;
    let value: unknown = raw;
    if (o.type === 'int' || o.type === 'number') value = /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : raw;
    if (o.type === 'boolean') value = raw === '1' || raw === 'true' ? true : raw === '0' || raw === 'false' ? false : raw;
    (layer[o.section] ??= {})[o.key] = value;
  }
  const parsed = ConfigLayerSchema.safeParse(layer);
  if (!parsed.success) {
    const problems = describeIssues(parsed.error).map((p) => {
      const [section, key] = p.key.split('.');
      const variable = ENV_OVERRIDES.find((o) => o.section === section && o.key === key)?.env ?? p.key;
      return { key: variable, problem: p.problem };
    });
    throw invalid('environment', problems);
  }
  return parsed.data;
}

function merge(layers: ConfigLayer[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const layer of layers) {
    for (const [section, values] of Object.entries(layer)) {
      if (values) out[section] = { ...out[section], ...(values as Record<string, unknown>) };
    }
  }
  return out;
}

/**
 * Layers graphgate's shipped `.ai/config/base.json`, then the repo's `.ai/config/base.json`,
 * `repo.json`, `env.local.json`, then GRAPHGATE_* environment variables; validates each layer
 * (errors name the file, the key and the problem) and the merged result.
 */
export function loadConfig(options: LoadConfigOptions): LoadedConfig {
  const env = options.env ?? process.env;
  const shipped = join(packageRoot(), '.ai', 'config', 'base.json');
  const repoConfig = join(options.repoRoot, '.ai', 'config');
  const files = [shipped, join(repoConfig, 'base.json'), join(repoConfig, 'repo.json'), join(repoConfig, 'env.local.json')];
  const unique = [...new Set(files.map((f) => (existsSync(f) ? realpathSync(f) : f)))];
  const sources: string[] = [];
  const layers = unique.map((file) => {
    const layer = readLayer(file);
    if (existsSync(file)) sources.push(file);
    return layer;
  });
  layers.push(envLayer(env));
  sources.push('environment');
  const parsed = ConfigSchema.safeParse(merge(layers));
  if (!parsed.success) throw invalid('merged configuration', describeIssues(parsed.error));
  return { config: parsed.data, sources };
}
