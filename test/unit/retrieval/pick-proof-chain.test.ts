import { describe, expect, it } from 'vitest';
import { pickProofChain, type PackProofChain } from '../../../src/retrieval/assemble/proof-chain-hook.js';

const chain = (status: PackProofChain['status'], ...paths: string[]): PackProofChain => ({
  chainType: 'aggrid_origin', status, missing: [],
  hops: [{ label: 'Table', id: 'grid', path: 'orders-list.component.html' }, ...paths.map((path, i) => ({ label: `hop${i}`, id: `${path}#${i}`, path }))],
});

describe('pickProofChain', () => {
  const link = chain('complete', 'link-renderer.ts', 'orders.routes.ts', 'order-detail.component.ts');
  const edit = chain('complete', 'edit-renderer.ts', 'orders.routes.ts', 'order-edit.component.ts');

  it('picks the branch through the best-ranked files among equally strong chains', () => {
    expect(pickProofChain([link, edit], ['edit-renderer.ts', 'order-edit.component.ts', 'link-renderer.ts'])).toBe(edit);
    expect(pickProofChain([edit, link], ['link-renderer.ts', 'edit-renderer.ts'])).toBe(link);
  });

  it('keeps status first: a complete chain beats a more relevant partial one', () => {
    const partialEdit = chain('partial', 'edit-renderer.ts');
    expect(pickProofChain([partialEdit, link], ['edit-renderer.ts'])).toBe(link);
  });

  it('falls back to the longest, then the first, when nothing is ranked', () => {
    const longer = chain('complete', 'a.ts', 'b.ts', 'c.ts', 'd.ts');
    expect(pickProofChain([link, longer])).toBe(longer);
    expect(pickProofChain([link, edit])).toBe(link);
    expect(pickProofChain([])).toBeUndefined();
  });
});
