// Small DOM helpers. Rule: every string from the data goes through textContent or
// createTextNode (via el()), never innerHTML: module names are untrusted input.
const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const list = (v) => (Array.isArray(v) ? v : []);

// el('li', {class: 'x'}, 'text', child) – attributes via setAttribute, text as text nodes.
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
const NS = 'http://www.w3.org/2000/svg';
function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
const fmtInt = (n) => (typeof n === 'number' ? n.toLocaleString('en-US') : '–');
const fmtRatio = (n) => (typeof n === 'number' ? n.toFixed(2) : '–');
const plural = (n, word) => `${fmtInt(n)} ${word}${n === 1 ? '' : 's'}`;
// A name as the drawings label it: control characters (a line break among them) as their
// Unicode control pictures, so "a⏎b" and "a b" stay apart in SVG text, which folds white space.
const pictured = (name) => name.replace(/[\u0000-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
const mod = (name) => el('span', { class: 'mod' }, name);
const arrow = (from, to) => [mod(from), ' → ', mod(to)];
const evidenceList = (items) =>
  el('ul', { class: 'evidence' }, list(items).map((e) => el('li', {}, el('code', {}, e))));
const empty = (text) => el('p', { class: 'empty' }, text);
const emptyRow = (columns, text) => el('tr', {}, el('td', { colspan: columns, class: 'empty' }, text));
// Fills a list or table body: `none` (an empty() or emptyRow() node) when there are no items,
// otherwise one render(item, index) node per item.
function fill(box, items, none, render) {
  if (items.length === 0) box.append(none);
  items.forEach((item, i) => box.append(render(item, i)));
}
// The first `limit` rendered items in `box`, then a button (wrapped by `wrap`) that
// replaces itself with the rest.
function showFirst(box, items, render, limit = 20, wrap = (button) => button) {
  box.append(...items.slice(0, limit).map(render));
  if (items.length > limit) {
    const button = el('button', { type: 'button', class: 'show-more' }, `Show all ${fmtInt(items.length)}`);
    const holder = wrap(button);
    button.addEventListener('click', () => holder.replaceWith(...items.slice(limit).map(render)));
    box.append(holder);
  }
  return box;
}
const collapsible = (items, render, limit) => showFirst(el('div', { class: 'collapsible' }), items, render, limit);
// A table body of the first rows, and a row with the button for the rest.
const collapsibleRows = (items, columns, render, limit) =>
  showFirst(el('tbody'), items, render, limit, (button) => el('tr', {}, el('td', { colspan: columns }, button)));
// A page's embedded JSON (the application/json script element of that id), or a line in the page
// saying that the `what` could not be read.
function readData(id, what) {
  try {
    return JSON.parse($(`#${id}`).textContent);
  } catch (err) {
    return unreadable(what, err);
  }
}
function unreadable(what, err) {
  $('main').prepend(el('p', { class: 'fatal' }, `The ${what} could not be read: ${err.message}`));
  throw err;
}
// Graphviz SVG text from a data script, parsed as SVG (never as HTML).
function parseSVG(text) {
  if (!text) return null;
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  return root && root.nodeName === 'svg' ? document.importNode(root, true) : null;
}
