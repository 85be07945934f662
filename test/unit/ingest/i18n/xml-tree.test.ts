import { describe, expect, it } from 'vitest';
import { parseXmlTree, parseXmlTreeWithAngular } from '../../../../ingest/extractors/i18n/xml-tree.js';

const XLIFF = [
  '<?xml version="1.0" encoding="UTF-8" ?>',
  '<!-- generated -->',
  '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
  '  <file source-language="en-US" datatype="plaintext" original="ng2.template">',
  '    <body>',
  '      <trans-unit',
  '          id="save" datatype="html">',
  '        <source>Save &amp; close <x id="INTERPOLATION" equiv-text="{{ n }}"/> items &#x263A;</source>',
  '        <target><![CDATA[Speichern <b>&</b>]]> &lt;ok&gt;</target>',
  '        <note priority="1" from="description">Button "quoted" text</note>',
  '      </trans-unit>',
  '      <trans-unit id="multi"><source>line one',
  'line two</source></trans-unit>',
  '    </body>',
  '  </file>',
  '</xliff>',
  '',
].join('\n');

describe('xml-tree: the strict parse reads a well-formed file as Angular does', () => {
  it('gives the same elements, attributes, decoded text and lines (a line break after a tag name included)', () => {
    const strict = parseXmlTree(XLIFF, 'messages.xlf');
    expect(strict.errors).toEqual([]);
    expect(strict).toEqual(parseXmlTreeWithAngular(XLIFF, 'messages.xlf'));
    const unit = (strict.roots[0]!.children.find((c) => typeof c !== 'string' && c.name === 'file') as any).children
      .find((c: any) => typeof c !== 'string' && c.name === 'body').children.filter((c: any) => typeof c !== 'string');
    expect(unit.map((u: any) => [u.attrs.id, u.line, u.endLine])).toEqual([['save', 6, 11], ['multi', 12, 13]]);
    const target = unit[0].children.find((c: any) => typeof c !== 'string' && c.name === 'target');
    expect(target.children).toEqual(['Speichern <b>&</b> <ok>']);
  });

  it('counts CRLF line breaks as Angular does', () => {
    const crlf = XLIFF.replace(/\n/g, '\r\n');
    expect(parseXmlTree(crlf, 'm.xlf')).toEqual(parseXmlTreeWithAngular(crlf, 'm.xlf'));
  });
});

describe('xml-tree: what the strict parser refuses is read by Angular, errors reported', () => {
  it('a malformed file: Angular recovers the elements and reports the error with its line', () => {
    const broken = '<xliff version="1.2">\n<file>\n<trans-unit id="a"><source>A</source></trans-unit>\n<trans-unit id="b"><source>B</sourc></trans-unit>\n</file>\n</xliff>';
    const tree = parseXmlTree(broken, 'm.xlf');
    expect(tree).toEqual(parseXmlTreeWithAngular(broken, 'm.xlf'));
    expect(tree.errors.length).toBeGreaterThan(0);
    expect(tree.errors[0]!.line).toBe(4);
    expect(tree.roots[0]!.name).toBe('xliff');
  });

  it('an HTML entity XML does not define, and a lone CR, take the Angular path', () => {
    const nbsp = '<xliff version="1.2"><file><trans-unit id="a"><source>A&nbsp;B</source></trans-unit></file></xliff>';
    const tree = parseXmlTree(nbsp, 'm.xlf');
    expect(tree).toEqual(parseXmlTreeWithAngular(nbsp, 'm.xlf'));
    const lone = '<xliff version="1.2">\r<file>\r<trans-unit id="a"><source>A</source></trans-unit></file>\r</xliff>';
    expect(parseXmlTree(lone, 'm.xlf')).toEqual(parseXmlTreeWithAngular(lone, 'm.xlf'));
  });
});
