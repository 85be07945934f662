import { describe, expect, it } from 'vitest';
import {
  classifyTerm, DEFAULT_SELECTOR_PREFIXES, isUtilityToken, normalizeTerm, otherNumber, singularize, pluralize, stripSelector, termVariants,
  type LexemeKind,
} from '../../../src/retrieval/index.js';

const opts = { selectorPrefixes: DEFAULT_SELECTOR_PREFIXES };

describe('stripSelector', () => {
  it.each([
    ['<sdf-table>', 'sdf-table'],
    ['</sdf-table>', 'sdf-table'],
    ['<sdf-table [rows]="rows" class="x">', 'sdf-table'],
    ['<adp-button/>', 'adp-button'],
    ['  sdf-table  ', 'sdf-table'],
  ])('%s → %s', (raw, expected) => {
    expect(stripSelector(raw)).toBe(expected);
  });
});

describe('normalizeTerm', () => {
  it.each<[LexemeKind, string, string]>([
    ['SELECTOR_TAG', '<SDF-Table>', 'sdf-table'],
    ['ENDPOINT_PATH', 'GET /api/Orders/:id/', '/api/orders/{id}'],
    ['ENDPOINT_PATH', 'api/orders?page=2', '/api/orders'],
    ['ROUTE_SEGMENT', 'orders/:id', '/orders/:id'],
    ['FILE_PATH', '.\\src\\app\\Orders.ts', 'src/app/orders.ts'],
    ['SYMBOL', 'OrderDetailComponent,', 'orderdetailcomponent'],
    ['UI_LABEL', '“Save  Changes”', 'save changes'],
    ['DOMAIN_NOUN', 'Ｏｒｄｅｒｓ', 'orders'],
  ])('%s %s → %s', (kind, raw, expected) => {
    expect(normalizeTerm(kind, raw)).toBe(expected);
  });
});

describe('termVariants', () => {
  it.each<[LexemeKind, string, string[]]>([
    ['SYMBOL', 'OrderDetailComponent', ['order-detail', 'order-detail-component', 'order-detail.component', 'order_detail_component']],
    ['SYMBOL', 'orderId', ['order-id', 'order_id']],
    ['SELECTOR_TAG', '<sdf-data-table>', ['sdfdatatable']],
    ['DOMAIN_NOUN', 'orders', ['order']],
    ['DOMAIN_NOUN', 'order-line', ['order-lines', 'order_line', 'orderline']],
    ['ROUTE_SEGMENT', '/orders/:id', ['orders/:id']],
    ['ENDPOINT_PATH', 'GET /api/orders/{id}', ['/api/orders/:id', 'get /api/orders/{id}']],
    ['FILE_PATH', 'src/app/order-detail.component.ts', ['order-detail', 'order-detail.component', 'order-detail.component.ts']],
    ['CONFIG_FLAG', 'ENABLE_NEW_GRID', ['enable-new-grid', 'enablenewgrid']],
    ['UI_LABEL', 'Save changes', []],
  ])('%s %s', (kind, raw, expected) => {
    expect(termVariants(kind, raw, normalizeTerm(kind, raw))).toEqual(expected);
  });
});

describe('inflection', () => {
  it.each([
    ['orders', 'order'], ['entries', 'entry'], ['boxes', 'box'], ['status', 'status'], ['address', 'address'],
    ['people', 'person'], ['analysis', 'analysis'], ['ids', 'ids'],
  ])('singularize(%s) = %s', (w, s) => expect(singularize(w)).toBe(s));
  it.each([['order', 'orders'], ['entry', 'entries'], ['box', 'boxes'], ['person', 'people'], ['key', 'keys']])('pluralize(%s) = %s', (w, p) => expect(pluralize(w)).toBe(p));
  it('inflects only the last segment and skips participles', () => {
    expect(otherNumber('order-details')).toBe('order-detail');
    expect(otherNumber('shared')).toBeNull();
    expect(otherNumber('loading')).toBeNull();
    expect(otherNumber('42')).toBeNull();
  });
});

describe('isUtilityToken', () => {
  it.each(['p-4', 'px-2', '-mt-2', 'text-sm', 'text-red-500', 'bg-blue-100/50', 'w-1/2', 'w-full', 'md:flex', 'hover:bg-gray-100', 'flex', 'items-center', 'justify-between', 'font-bold', 'rounded-lg', 'gap-x-4', 'overflow-hidden', 'w-[320px]'])(
    '%s is a utility', (t) => expect(isUtilityToken(t)).toBe(true),
  );
  it.each(['grid', 'table', 'container', 'hidden', 'order-detail', 'sdf-table', 'text-field', 'table-header', 'list-item', 'status', 'p'])(
    '%s is not a utility', (t) => expect(isUtilityToken(t)).toBe(false),
  );
});

describe('classifyTerm', () => {
  it.each<[string, LexemeKind | null]>([
    ['<adp-data-table>', 'SELECTOR_TAG'],
    ['sdf-table', 'SELECTOR_TAG'],
    ['order-detail', 'DOMAIN_NOUN'],
    ['PROJ-123', 'TICKET_KEY'],
    ['UTF-8', null],
    ['GET /api/orders', 'ENDPOINT_PATH'],
    ['/api/orders/{id}', 'ENDPOINT_PATH'],
    ['/orders/:id', 'ROUTE_SEGMENT'],
    ['src/app/orders', 'FILE_PATH'],
    ['order-detail.component.html', 'FILE_PATH'],
    ['and/or', null],
    ['ENABLE_NEW_GRID', 'CONFIG_FLAG'],
    ['environment.featureGrid', 'CONFIG_FLAG'],
    ['enableExport', 'CONFIG_FLAG'],
    ['OrderDetailComponent', 'SYMBOL'],
    ['HTTPClient', 'SYMBOL'],
    ['loadOrders', 'SYMBOL'],
    ['order_id', 'SYMBOL'],
    ['dashboard', 'DOMAIN_NOUN'],
    ['the', null],
    ['ab', null],
    ['123', null],
    ['this.orderService.load', null],
  ])('%s → %s', (term, kind) => {
    expect(classifyTerm(term, opts)?.kind ?? null).toBe(kind);
  });
});
