#!/usr/bin/env node
import { Command } from 'commander';
import { registerDbCommands } from './db.command.js';

const program = new Command()
  .name('graphgate')
  .description('Graph-native MCP controller for coding agents (Neo4j-backed).')
  .version('0.1.0')
  .showHelpAfterError();

registerDbCommands(program);

await program.parseAsync(process.argv);
