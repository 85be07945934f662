import { it } from 'vitest';
import { buildLexemes } from '../../../src/retrieval/lexemes/index.js';
it('scratch', () => {
  const prompts = [
    'Migrate the dashboard grid from <adp-data-table> to sdf-table, but don\'t touch adp-button. See PROJ-123 and GET /api/orders/{id}.',
    'Clicking the "Order Details" button on /orders/:id throws "TypeError: cannot read properties of undefined" in OrderDetailComponent; fix src/app/orders/order-detail.component.ts without changing the shared folder',
    'Add a "Status" column to the orders table using p-4 text-sm flex, -legacy, ENABLE_NEW_GRID flag, environment.featureX',
  ];
  for (const p of prompts) console.log(JSON.stringify(buildLexemes({ prompt: p, agentLexemes: ['dashboard', '-mock'] }).map((l) => `${l.polarity === 'negative' ? '-' : ''}${l.kind}:${l.norm}:${l.boost}[${l.variants.join(',')}]`), null, 1));
});
