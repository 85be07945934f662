// Small DOM helpers of the observer console. Every value from the graph (prompts, file paths, agent
// text) is untrusted: it only ever reaches the page through textContent, never as markup.

/** A table cell holding `value` as text. */
export function cell(value, className) {
  const td = document.createElement('td');
  td.textContent = value === null || value === undefined ? '' : String(value);
  if (className) td.className = className;
  return td;
}

/** A table cell holding elements (buttons, pictures) built by the caller. */
export function cellOf(children, className) {
  const td = document.createElement('td');
  td.append(...children);
  if (className) td.className = className;
  return td;
}

export function row(cells, attributes) {
  const tr = document.createElement('tr');
  for (const td of cells) tr.append(td);
  for (const [name, value] of Object.entries(attributes || {})) tr.setAttribute(name, String(value));
  return tr;
}

export function fill(tableId, rows, emptyId) {
  document.querySelector(`#${tableId} tbody`).replaceChildren(...rows);
  if (emptyId) document.getElementById(emptyId).hidden = rows.length > 0;
}

export function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined && text !== null) made.textContent = String(text);
  if (className) made.className = className;
  return made;
}

export function time(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString();
}

export async function getJson(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } });
  const body = await response.json();
  if (!response.ok && !(path === '/health' && body.neo4j)) throw new Error(body.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`);
  return body;
}

export function setBadge(id, text, ok) {
  const badge = document.getElementById(id);
  badge.textContent = text;
  badge.className = `badge ${ok ? 'ok' : 'bad'}`;
}
