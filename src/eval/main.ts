#!/usr/bin/env node
import { Command } from 'commander';
import { configureEvalCommand } from './eval-command.js';

// `npm run eval -- …`: the same command as `graphgate eval …` (see eval-command.ts and README.md).
await configureEvalCommand(new Command().name('graphgate-eval')).parseAsync(process.argv);
