export { ConfigSchema, ConfigLayerSchema, SAFE_ID, type Config, type ConfigLayer, type GateStep, type GatesConfig } from './config.schema.js';
export { loadConfig, readLayer, type LoadedConfig, type LoadConfigOptions } from './load-config.js';
