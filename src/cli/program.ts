/** The `graphgate` program: every command, parsed from argv (main.ts loads it after enabling the compile cache). */
import { Command } from 'commander';
import { registerApproveCommand } from './approve.command.js';
import { registerDaemonCommands } from './daemon.command.js';
import { registerDbCommands } from './db.command.js';
import { registerDoctorCommand } from './doctor.command.js';
import { registerEvalCommand } from './eval.command.js';
import { registerIngestCommand } from './ingest.command.js';
import { registerInitCommand } from './init.command.js';
import { registerMcpCommand } from './mcp.command.js';
import { registerObserveCommand } from './observe.command.js';
import { registerMemoryCommands } from './memory.command.js';
import { registerGraphCommands } from './graph.command.js';
import { registerGraphqlCommand } from './graphql.command.js';
import { registerUpCommand } from './up.command.js';

const program = new Command()
  .name('graphgate')
  .description('Graph-native MCP controller for coding agents (Neo4j-backed).')
  .version('0.1.0')
  .showHelpAfterError();

registerDbCommands(program);
registerIngestCommand(program);
registerDaemonCommands(program);
registerMcpCommand(program, '0.1.0');
registerGraphqlCommand(program);
registerObserveCommand(program);
registerUpCommand(program);
registerApproveCommand(program);
registerMemoryCommands(program);
registerGraphCommands(program);
registerEvalCommand(program);
registerDoctorCommand(program);
registerInitCommand(program);

await program.parseAsync(process.argv);
