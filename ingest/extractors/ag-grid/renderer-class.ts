import type { ClassDeclaration } from 'ts-morph';

const NOT_RENDERER = /Header|Filter|Editor|Tooltip|Overlay|StatusPanel|ToolPanel|Loading|NoRows|DragAndDrop|Menu/;
const EDITOR_OR_FILTER_METHODS = ['getValue', 'isPopup', 'doesFilterPass', 'isFilterActive', 'getModel'];

/**
 * How a class shows it is an ag-Grid cell renderer, syntactically: an `implements` clause naming a
 * cell-renderer interface (`ICellRendererAngularComp`, `ICellRendererComp`, the older
 * `AgRendererComponent`), or — without one — the
 * renderer lifecycle (`agInit` and `refresh`) and none of the editor/filter/header methods.
 * Undefined when it is not a renderer.
 */
export function rendererEvidence(cls: ClassDeclaration): 'implements' | 'agInit' | undefined {
  const implemented = cls.getImplements().map((i) => i.getExpression().getText());
  if (implemented.some((name) => /CellRenderer/.test(name))) return 'implements';
  // ag-grid-angular's older renderer interface (`AgRendererComponent`, before ICellRendererAngularComp);
  // some apps misuse it on header components, so a header/filter/editor class name still vetoes it.
  if (implemented.some((name) => /(?:^|\.)AgRendererComponent$/.test(name)) && !NOT_RENDERER.test(cls.getName() ?? '')) return 'implements';
  if (implemented.some((name) => NOT_RENDERER.test(name))) return undefined;
  if (!cls.getMethod('agInit') || !cls.getMethod('refresh')) return undefined;
  if (EDITOR_OR_FILTER_METHODS.some((m) => cls.getMethod(m))) return undefined;
  if (NOT_RENDERER.test(cls.getName() ?? '')) return undefined;
  return 'agInit';
}
