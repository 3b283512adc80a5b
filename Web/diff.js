// The diff page: the comparison (`strata-diff.json`, embedded as #strata-diff) as cards, the new
// and fixed findings, the metric deltas and the lists of changes. The two drawings are
// Graphviz's SVG, already in the page. Names go in as text (el()), never as markup.
renderNav(el('a', { href: 'index.html' }, 'HEAD report'));
const diff = readData('strata-diff', 'diff data');
const severityWord = { error: 'error', warn: 'warning', info: 'note' };
const countChange = (before, after) => (before === after ? `${after}` : `${before} → ${after}`);
const ratioChange = (before, after) => countChange(before.toFixed(2), after.toFixed(2));
const moduleHref = (name) => '#module/' + encodeURIComponent(name);
const total = (counts) => counts.error + counts.warn + counts.info;
const muted = (...text) => el('span', { class: 'muted' }, ...text);
const codes = (places, limit, separator) =>
  places.slice(0, limit).flatMap((place, i) => [i ? separator() : null, el('code', {}, place)]);
// "X (12 sites), Y (3), and 4 more", as `EdgeSymbol.list` writes it.
function symbolList(symbols, more) {
  const shown = symbols.slice(0, 5).map((s, i) => `${s.name} (${s.count}${i ? '' : s.count === 1 ? ' site' : ' sites'})`);
  const rest = Math.max(0, symbols.length - 5) + (more || 0);
  return shown.join(', ') + (rest > 0 ? `, and ${rest} more` : '');
}

function renderDiffOverview() {
  const { base, head, summary: s } = diff;
  $('#subtitle').textContent = `${head.label} (HEAD) against ${base.label} (BASE) · ${head.modules} modules at HEAD, ${base.modules} at BASE`;
  const cards = [
    ['New errors', s.newFindings.error, s.newFindings.error > 0], ['New findings', total(s.newFindings)],
    ['Fixed findings', total(s.fixedFindings)], ['Edges added', s.edgesAdded], ['Edges removed', s.edgesRemoved],
    ['Cycles introduced', s.cyclesIntroduced, s.cyclesIntroduced > 0], ['Cycles broken', s.cyclesBroken],
    ['Affected modules', s.affectedModules],
  ];
  $('#diff-cards').append(...cards.map(([label, value, flagged]) =>
    el('div', { class: flagged ? 'card flagged' : 'card' }, el('div', { class: 'value' }, fmtInt(value)), el('div', { class: 'label' }, label))));
}

// A section's heading with its count, and a table (or a line saying there is nothing).
function tableSection(id, title, count, none, columns, rows) {
  const box = $(`#${id}`);
  box.append(el('h2', {}, `${title} (${count})`));
  if (!rows.length) { box.append(el('p', { class: 'muted' }, none)); return; }
  box.append(el('div', { class: 'table-wrap' }, el('table', { class: 'diff-table' },
    el('thead', {}, el('tr', {}, columns.map((c) => el('th', {}, c)))), collapsibleRows(rows, columns.length, (row) => row, 50))));
}

function renderDiffFindings(id, title, items, none) {
  const rows = items.map((f) => {
    const places = list(f.evidence);
    return el('tr', {}, el('td', {}, severityWord[f.severity]), el('td', {}, el('code', {}, f.rule)), el('td', {}, f.message),
      el('td', {}, codes(places, 5, () => el('br')), places.length > 5 ? [el('br'), `+${places.length - 5} more`] : null));
  });
  tableSection(id, title, items.length, none, ['Severity', 'Rule', 'Finding', 'Where'], rows);
}

function renderMetricDeltas() {
  const rows = list(diff.metrics).map(({ module, base: b, head: h }) => el('tr', {},
    el('td', {}, el('a', { href: 'index.html' + moduleHref(module) }, module)),
    [countChange(b.ce, h.ce), countChange(b.ca, h.ca), ratioChange(b.instability, h.instability),
      ratioChange(b.abstractness, h.abstractness), ratioChange(b.distance, h.distance), countChange(b.files, h.files),
      countChange(b.lines, h.lines)].map((text) => el('td', {}, text))));
  tableSection('metric-deltas', 'Metric deltas', `${rows.length} modules`, 'No module\'s metrics changed.',
    ['Module', 'Ce', 'Ca', 'I', 'A', 'D', 'Files', 'Lines'], rows);
}

const edgeItem = (change) => [`${change.from} → ${change.to} `, codes(list(change.evidence), 3, () => ' '),
  change.symbols && change.symbols.length ? [' ', muted('uses ', symbolList(change.symbols, change.moreSymbols))] : null];
const moduleItem = (m) => [m.name, ' ', muted(`${m.kind} · ${m.path}`)];
const serviceItem = (entry) => [`${entry.service} in ${entry.module} `, el('code', {}, entry.evidence)];
const containerItem = (edge) => `${edge.from} → ${edge.to} (${edge.services.join(', ')})`;
const cycleItem = (cycle) => cycle.modules.join(' ↔ ');

// Modules, edges, cycles, linkage, launch, DI, public surface and the build shape, each a list.
function renderChanges() {
  const box = $('#changes');
  box.append(el('h2', {}, 'Changes'));
  const section = (title, items, kind, render = (item) => item) => {
    if (!items.length) return;
    box.append(el('h3', {}, `${title} (${items.length})`), el('div', { class: 'table-wrap' }, el('table', {},
      collapsibleRows(items, 1, (item) => el('tr', { class: kind }, el('td', {}, render(item))), 20))));
  };
  // What was added, then what was removed: `${title} ${words[0]}`, `${title} ${words[1]}`.
  const both = (title, changes, render, words = ['added', 'removed']) => {
    section(`${title} ${words[0]}`, changes.added || changes.introduced, 'added', render);
    section(`${title} ${words[1]}`, changes.removed || changes.broken, 'removed', render);
  };
  const { modules, edges, injection: di } = diff;
  both('Modules', modules, moduleItem);
  section('Modules moved or renamed', list(modules.moved), 'changed',
    (m) => [m.base.name, ' ', el('code', {}, m.base.id), ' → ', m.head.name, ' ', el('code', {}, m.head.id)]);
  both('Import edges', edges.imports, edgeItem);
  both('Declared dependencies', edges.declared, edgeItem);
  both('Cycles', diff.cycles, cycleItem, ['introduced', 'broken']);
  section('Linkage changed', list(diff.linkage), 'changed', (c) => [`${c.module}: ${c.base} → ${c.head.kind} `, muted(c.head.reason)]);
  section('Launch', list(diff.launch), 'changed', (c) => `${c.app}: ${c.base} → ${c.head} dynamic frameworks at launch`);
  both('Duplicated static modules,', diff.duplicatedStaticModules, undefined, ['new', 'no longer']);
  both('DI registrations', di.registrations, serviceItem);
  both('DI resolutions', di.resolutions, serviceItem);
  both('Container edges', di.edges, containerItem);
  section('Public surface', list(diff.publicSurface), 'changed', (c) => `${c.module}: ${c.base} → ${c.head} public declarations`);
  section('Affected modules', diff.affected.length ? [diff.affected.join(', ')] : [], 'changed');
  renderBuildShapeChange(section);
  if (box.childElementCount === 1) box.append(el('p', { class: 'muted' }, 'Nothing changed in the module graph.'));
}

function renderBuildShapeChange(section) {
  const shape = diff.buildShape;
  if (!shape) return;
  const same = shape.baseCriticalPath.join('\n') === shape.headCriticalPath.join('\n') && shape.baseCriticalCost === shape.headCriticalCost
    && shape.baseMaximumWidth === shape.headMaximumWidth && !shape.rebuildCosts.length;
  if (same) return;
  const cost = (value) => (shape.unit === 'lines' ? `${Math.round(value)} lines` : `${value.toFixed(1)} s`);
  const path = (modules) => (modules.length ? modules.join(' → ') : 'none');
  section(`Build shape (${shape.unit === 'lines' ? 'estimated from lines' : 'measured seconds'})`, [
    ['Critical path before: ', path(shape.baseCriticalPath), ' ', muted(cost(shape.baseCriticalCost))],
    ['Critical path now: ', path(shape.headCriticalPath), ' ', muted(cost(shape.headCriticalCost))],
    ...shape.rebuildCosts.slice(0, 20).map((c) => `Rebuild cost of ${c.module}: ${cost(c.base)} → ${cost(c.head)}`),
  ], 'changed');
}

renderDiffOverview();
renderDiffFindings('new-findings', 'New findings', diff.findings.new, 'No new findings.');
renderDiffFindings('fixed-findings', 'Fixed findings', diff.findings.fixed, 'No finding was fixed.');
renderMetricDeltas();
renderChanges();
