// The module graph: one drawing at a time, the overview (the whole graph, or one node per
// group past 40 modules) or one group opened into its modules; a click on a module shows
// its facts beside the drawing.

// Makes a drawing interactive, once per SVG (a drawing shown again keeps its handlers):
// module nodes (`m<index>`) and group nodes (`g<index>`) get keyboard focus and call
// back with their index. Strata gives every node its index; names are only labels.
const wired = new WeakMap();
function wireDrawing(svg, handlers) {
  if (wired.has(svg)) { wired.get(svg).handlers = handlers; return; }
  const state = { handlers };
  wired.set(svg, state);
  svg.removeAttribute('height'); // CSS sizes the SVG from its viewBox
  for (const g of $$('g.node', svg)) {
    const module = [...g.classList].find((c) => /^m\d+$/.test(c));
    const group = [...g.classList].find((c) => /^g\d+$/.test(c));
    if (!module && !group) continue;
    g.dataset.kind = group ? 'group' : 'module';
    g.dataset.index = (group || module).slice(1);
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('aria-label', group ? 'Group ' + $('text', g)?.textContent : 'Module ' + moduleNames[Number(g.dataset.index)]);
  }
  const activate = (g) => {
    const { onModule, onGroup } = state.handlers;
    if (!g || !g.dataset.kind) return onModule && onModule(null);
    if (g.dataset.kind === 'group') onGroup && onGroup(Number(g.dataset.index));
    else onModule && onModule(Number(g.dataset.index));
  };
  svg.addEventListener('click', (ev) => activate(ev.target.closest('g.node')));
  svg.addEventListener('keydown', (ev) => {
    const g = ev.target.closest('g.node');
    if (g && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); activate(g); }
    if (ev.key === 'Escape' && state.handlers.onModule) state.handlers.onModule(null);
  });
}

const graphBox = $('#graph');
const overviewSVG = $('#graph svg');
let svg = null;
let zoom = 1;
let naturalWidth = 800;
// The drawing shown: its grouping (null: the whole graph) and opened group (null: none).
const overviewKind = pageIndex.overview ?? null; // absent: the overview is the whole graph
let view = { kind: overviewKind, group: null };
// Each switch of drawing gets a number; a drawing that loads after a later switch is dropped.
let switches = 0;
function applyZoom() {
  if (!svg) return;
  const width = Math.min(naturalWidth, graphBox.clientWidth) * zoom;
  svg.style.width = zoom === 1 ? '' : Math.round(width) + 'px';
  svg.style.maxWidth = zoom === 1 ? '' : 'none';
  // The label is the size relative to the graph's natural size, which a reader can judge.
  $('#zoom-reset').textContent = zoom === 1 ? 'Fit' : Math.round(width / naturalWidth * 100) + '%';
}
function showDrawing(newSVG, shown, caption) {
  graphBox.replaceChildren();
  svg = newSVG;
  view = shown;
  $('#graph-caption').textContent = caption;
  renderViewButtons();
  if (!svg) { graphBox.append(empty('No drawing.')); return; }
  graphBox.append(svg);
  // The group a click opens is one of this drawing's grouping, whatever is loading meanwhile.
  wireDrawing(svg, { onModule: select, onGroup: (i) => openGroup(shown.kind, i) });
  naturalWidth = svg.width.baseVal.value || svg.viewBox.baseVal.width || 800;
  // A large drawing fitted to the width is unreadable: start it at 60% of its natural size
  // and let the frame scroll instead.
  zoom = 1;
  const frameWidth = graphBox.clientWidth;
  if (frameWidth > 0 && frameWidth / naturalWidth < 0.6) zoom = (naturalWidth * 0.6) / Math.min(naturalWidth, frameWidth);
  applyZoom();
}
const groupingWord = { layers: 'layer', packages: 'package' };
// The drawings hold production modules only; the overview's count holds the tests too.
const testModules = modules.length - production.length;
const testsOmitted = testModules ? `, ${plural(testModules, 'test module')} omitted` : '';
const overviewCaption = (kind) => (kind
  ? `${plural(moduleNames.length, 'module')} in ${plural(groupsOf(kind).length, groupingWord[kind])}` +
    `${kind === 'layers' && pageIndex.layering === 'inferred' ? ' (guessed from names: set yours in strata.yml)' : ''}${testsOmitted}. ` +
    'Click a group to open it; numbers on edges count module edges; red: cycles, purple: layer violations.'
  : `${plural(moduleNames.length, 'module')}${testsOmitted}. Click a module for its details.`);
async function showOverview(kind) {
  const request = ++switches;
  if (kind === overviewKind) { showDrawing(overviewSVG, { kind, group: null }, overviewCaption(kind)); return; }
  try {
    const drawings = await groupDrawings(kind);
    if (request === switches) showDrawing(parseSVG(drawings.overview), { kind, group: null }, overviewCaption(kind));
  } catch (err) { if (request === switches) graphBox.replaceChildren(empty(err.message)); }
}
async function openGroup(kind, index) {
  const group = groupsOf(kind)[index];
  if (!group) return;
  const request = ++switches;
  try {
    const drawings = await groupDrawings(kind);
    if (request !== switches) return;
    showDrawing(parseSVG(list(drawings.opened)[index]), { kind, group: index },
      `${groupingWord[kind]} ${group.name}: ${plural(list(group.members).length, 'module')}, with the groups it touches collapsed.`);
    graphBox.scrollIntoView({ block: 'nearest' });
  } catch (err) { if (request === switches) graphBox.replaceChildren(empty(err.message)); }
}
function renderViewButtons() {
  const box = $('#graph-views');
  box.replaceChildren();
  for (const g of groupings) {
    const button = el('button', { type: 'button', 'data-kind': g.kind, 'aria-pressed': view.kind === g.kind && view.group === null ? 'true' : 'false' },
      g.kind === 'layers' ? 'By layer' : 'By package');
    button.addEventListener('click', () => showOverview(g.kind));
    box.append(button);
  }
  if (view.group !== null) {
    const select = el('select', { 'aria-label': 'Open a group' }, groupsOf(view.kind).map((g, i) =>
      el('option', { value: i, selected: i === view.group ? 'selected' : null }, g.name)));
    const kind = view.kind;
    select.addEventListener('change', () => openGroup(kind, Number(select.value)));
    box.append(select);
  }
}

// Highlights a module and its direct neighbours in the drawing shown (or clears with null),
// then shows its facts. Edges carry `f<from>` and `t<to>` classes.
function select(index) {
  if (svg) {
    svg.classList.toggle('has-selection', index !== null);
    $$('.selected, .neighbor, .highlight', svg).forEach((n) => n.classList.remove('selected', 'neighbor', 'highlight'));
    if (index !== null) {
      $(`g.node.m${index}`, svg)?.classList.add('selected');
      $$(`g.edge.f${index}, g.edge.t${index}`, svg).forEach((g) => g.classList.add('highlight'));
      for (const other of [...graph.dependencies[index], ...graph.dependents[index]]) $(`g.node.m${other}`, svg)?.classList.add('neighbor');
    }
  }
  showPanel(index);
}
function moduleFacts(m) {
  const linkage = m.linkage ? [m.linkage.kind, m.linkage.reason, m.linkage.evidence].filter(Boolean).join(' · ') : undefined;
  const facts = [['Kind', m.kind], ['System', m.system], ['Product', m.product], ['Linkage', linkage],
    ['Package', m.package], ['Layer', layerOf.get(m.name)], ['Path', m.path], ['Manifest', m.manifest],
    ['Platforms', list(m.platforms).join(', ')],
    ['Also declared in', list(m.alsoDeclaredIn).join(', ')],
    ['Links statically', list(m.links).join(', ')], ['Embeds', list(m.embeds).join(', ')],
    ['Files', fmtInt(m.files)], ['Lines', fmtInt(m.lines)]];
  // A C, Objective-C or mixed module: what its public headers declare.
  if (m.headers) {
    facts.push(['Public headers', `${plural(m.headers.headers, 'header')} read, ${plural(m.headers.names, 'name')} a Swift file can use`],
      ['Headers re-export', list(m.headers.reexports).join(', ')]);
  }
  if (m.metrics) {
    const x = m.metrics;
    facts.push(['Ce / Ca', `${x.ce} / ${x.ca}`], ['I / A / D', [x.instability, x.abstractness, x.distance].map(fmtRatio).join(' / ')],
      ['Types', `${fmtInt(x.types)} (${fmtInt(x.protocols)} protocols)`]);
  }
  if (m.external) {
    facts.push(['Apple', list(m.external.apple).join(', ') || '–'], ['Third party', list(m.external.thirdParty).join(', ') || '–']);
  }
  return el('dl', { class: 'facts' }, facts.filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
}
function showPanel(index) {
  const panel = $('#module-panel');
  panel.replaceChildren();
  if (index === null) {
    panel.append(el('p', { class: 'hint' }, 'Click a module in the graph to see its details, or open its page from the metrics table or the search box.'));
    return;
  }
  const m = production[index];
  const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close details' }, '×');
  close.addEventListener('click', () => select(null));
  panel.append(el('div', { class: 'panel-head' }, el('h3', { id: 'panel-title' }, m.name), close),
    el('p', {}, el('a', { href: moduleHref(m.name), class: 'open-page' }, 'Open the module page →')), moduleFacts(m),
    el('h4', {}, 'Used by'), linkList(namesOf(graph.dependents[index]), 'No internal dependents'),
    el('h4', {}, 'Depends on'), linkList(namesOf(graph.dependencies[index]), 'No internal dependencies'));
}
function renderGraph() {
  $('#zoom-in').addEventListener('click', () => { zoom = Math.min(zoom * 1.25, 8); applyZoom(); });
  $('#zoom-out').addEventListener('click', () => { zoom = Math.max(zoom / 1.25, 0.25); applyZoom(); });
  $('#zoom-reset').addEventListener('click', () => { zoom = 1; applyZoom(); });
  showDrawing(overviewSVG, view, overviewCaption(view.kind));
  showPanel(null);
}
