// A module's page (#module/NAME): its facts, neighbourhood drawings, paths to another
// module, edges with their sites, findings, imports, DI, public surface and links. What
// only this page needs is in its module script (`moduleDetails`).
const modulePage = $('#module-page');
let shownModule = null;
const edgeTag = (e) => (!e.imported ? el('span', { class: 'tag unused' }, 'unused')
  : !e.declared ? el('span', { class: 'tag implicit' }, 'implicit') : null);
// What this module uses from another: each symbol with how often it is spelled, first site on hover.
const symbolList = (symbols) => collapsible(symbols, (s) => el('span', { class: 'symbol', title: `${s.kind}, first at ${s.evidence}` },
  el('code', {}, s.name), ` ×${fmtInt(s.count)} `), 6);
function edgeTable(items, none, uses) {
  if (!items.length) return empty(none);
  return el('div', { class: 'table-wrap' }, el('table', { class: 'edges' },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Module'), el('th', { scope: 'col', class: 'num' }, 'Sites'), el('th', { scope: 'col' }, 'Where'),
      uses ? el('th', { scope: 'col' }, 'What it uses') : null)),
    collapsibleRows(items, uses ? 4 : 3, (e) => el('tr', {},
      el('th', { scope: 'row' }, modLink(e.to), ' ', edgeTag(e)),
      el('td', { class: 'num' }, fmtInt(list(e.evidence).length)),
      el('td', {}, collapsible(list(e.evidence), (loc) => el('code', { class: 'site' }, loc), 5)),
      uses ? el('td', { class: 'uses' }, list(e.symbols).length ? [symbolList(list(e.symbols)),
        e.moreSymbols ? el('span', { class: 'muted' }, `and ${plural(e.moreSymbols, 'more symbol')}`) : null]
        : el('span', { class: 'muted' }, e.imported ? 'no name it declares found (the imports below say how each is graded)' : '–')) : null))));
}
// The shortest paths from one module to another, from the first one's module script
// (Strata lists up to three per module it depends on, nearest first, within a budget;
// `strata why` lists every path).
async function pathList(from, to) {
  const details = await moduleDetails(from);
  const paths = list(details.paths).filter((p) => p[p.length - 1] === to);
  if (!paths.length && !details.pathsComplete) {
    return empty(`The report lists the paths from ${moduleNames[from]} to its nearest dependencies only; ` +
      `strata why ${moduleNames[from]} ${moduleNames[to]} finds any to ${moduleNames[to]}.`);
  }
  if (!paths.length) {
    const reverse = await moduleDetails(to);
    const back = list(reverse.paths).some((p) => p[p.length - 1] === from);
    return empty(`${moduleNames[from]} does not depend on ${moduleNames[to]}${back ? ` (${moduleNames[to]} depends on ${moduleNames[from]})` : ''}.`);
  }
  return el('div', { class: 'paths' },
    el('p', { class: 'note' }, `${plural(paths.length, 'shortest path')}; strata why lists every path with its import lines.`),
    el('ol', {}, paths.map((p) => el('li', { class: 'path' }, p.flatMap((i, k) => (k ? [' → ', modLink(moduleNames[i])] : [modLink(moduleNames[i])]))))));
}
function neighbourhood(index, container) {
  const name = moduleNames[index];
  const sizes = pageIndex.neighbourhoodSizes[index] || [];
  const drawn = pageIndex.drawn[index] || [];
  const depths = pageIndex.depths;
  const buttons = el('div', { class: 'toolbar depth', role: 'group', 'aria-label': 'Depth' });
  const frame = el('div', { class: 'neighbourhood' });
  const note = el('p', { class: 'note' });
  container.append(buttons, note, frame);
  async function show(depth) {
    $$('button', buttons).forEach((b) => b.setAttribute('aria-pressed', String(Number(b.dataset.depth) === depth)));
    let d = depth;
    while (d > 1 && !drawn[d - 1] && sizes[d - 1] === sizes[d - 2]) d -= 1; // same modules as one hop less
    note.textContent = `${plural(sizes[depth - 1] ?? 0, 'module')} within ${plural(depth, 'hop')} up and down.`;
    if (!drawn[d - 1]) {
      const command = el('code', {}, `strata graph --focus ${name} --depth ${depth} --format svg`);
      const limit = pageIndex.neighbourhoodLimits[d - 1];
      frame.replaceChildren(empty(limit < pageIndex.neighbourhoodLimits[0]
        ? [`In a graph this large the report draws ${depth}-hop neighbourhoods of up to ${plural(limit, 'module')}; `, command, ' draws this one.']
        : [`${plural(sizes[depth - 1] ?? 0, 'module')} are too many to draw here; `, command, ' draws them, --collapse layers groups them.']));
      return;
    }
    frame.replaceChildren(el('p', { class: 'empty' }, 'Loading…'));
    try {
      const details = await moduleDetails(index);
      const picture = parseSVG(list(details.graphs)[d - 1]);
      frame.replaceChildren(picture || empty('No drawing.'));
      // A drawing much wider than the frame is unreadable fitted: at 60% of its size, it scrolls.
      const natural = picture ? picture.viewBox.baseVal.width || picture.width.baseVal.value : 0;
      if (natural && frame.clientWidth / natural < 0.6) Object.assign(picture.style, { width: Math.round(natural * 0.6) + 'px', maxWidth: 'none' });
      if (picture) wireDrawing(picture, { onModule: (other) => { if (other !== null && other !== index) location.hash = moduleHref(moduleNames[other]); } });
    } catch (err) { frame.replaceChildren(empty(err.message)); }
  }
  for (let depth = 1; depth <= depths; depth += 1) {
    const b = el('button', { type: 'button', 'data-depth': depth }, `${depth} ${depth === 1 ? 'hop' : 'hops'}`);
    b.addEventListener('click', () => show(depth));
    buttons.append(b);
  }
  if (depths) show(1);
  else frame.append(empty(`With ${plural(moduleNames.length, 'module')}, the report draws no neighbourhoods; ` +
    `strata graph --focus ${name} --depth 2 --format svg draws this one.`));
}
function showModule(name, back) {
  shownModule = name;
  const m = byName.get(name);
  const index = moduleIndex.get(name);
  modulePage.replaceChildren(el('p', { class: 'crumbs' }, el('a', { href: back }, '← Back to the report')));
  if (!m) {
    const near = moduleNames.filter((n) => n.toLowerCase().includes(name.toLowerCase())).slice(0, 10);
    modulePage.append(el('h1', { id: 'module-title' }, name), empty('No module of this name in the report.'),
      ...(near.length ? [linkList(near, '')] : []));
    return;
  }
  const section = (id, title, ...content) => el('section', { class: 'module-part', id: `module-${id}` }, el('h2', {}, title), content);
  const graphPart = section('neighbourhood', 'Neighbourhood');
  if (index !== undefined) neighbourhood(index, graphPart); else graphPart.append(empty('Test modules are not drawn.'));
  const pathTarget = el('input', { type: 'search', list: 'module-names', placeholder: 'Another module', 'aria-label': 'Paths to module', autocomplete: 'off' });
  const pathResult = el('div', {});
  const showPaths = async () => {
    const other = pathTarget.value.trim();
    if (!other) { pathResult.replaceChildren(); return; }
    if (!moduleIndex.has(other) || index === undefined) { pathResult.replaceChildren(empty(`No module named ${other}.`)); return; }
    const to = moduleIndex.get(other);
    try {
      const [there, back] = [await pathList(index, to), await pathList(to, index)];
      pathResult.replaceChildren(el('h3', {}, `${name} → ${other}`), there, el('h3', {}, `${other} → ${name}`), back);
    } catch (err) { pathResult.replaceChildren(empty(err.message)); }
  };
  pathTarget.addEventListener('change', showPaths);
  pathTarget.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') showPaths(); });
  const registrationsHere = registrations.filter((r) => r.module === name);
  const resolutionsHere = resolutions.filter((r) => r.module === name);
  const accessHere = access.find((a) => a.module === name);
  const detailsBox = el('div', { class: 'module-details' }, el('p', { class: 'empty' }, 'Loading imports…'));
  const surfaceBox = section('surface', 'Public surface', accessHere
    ? el('p', {}, levels.map((level) => `${level} ${fmtInt(accessHere.byLevel[level] || 0)}`).join(' · '))
    : m.headers
      ? el('p', {}, `Its public headers declare ${plural(m.headers.names, 'name')} a Swift file can use`,
        list(m.headers.uncertain).length ? ` (maybe more: ${list(m.headers.uncertain).join('; ')})` : '', '.')
      : empty('No declarations counted for this module.'));
  modulePage.append(
    el('h1', { id: 'module-title' }, name),
    el('p', { class: 'subtitle' }, [m.kind, m.linkage.kind, layerOf.get(name) && `layer ${layerOf.get(name)}`, m.package && `package ${m.package}`].filter(Boolean).join(' · ')),
    moduleFacts(m),
    graphPart,
    section('paths', 'Paths', el('label', { class: 'filter' }, 'Paths between this module and ', pathTarget), pathResult),
    detailsBox,
    section('declared', `Declared dependencies (${list(m.dependencies).length})`,
      list(m.dependencies).length ? el('ul', { class: 'deps' }, list(m.dependencies).map((d) => el('li', {},
        modLink(d.name), el('span', { class: 'muted' }, ` ${d.kind || ''}${d.package ? ' · ' + d.package : ''} `),
        d.evidence ? el('code', {}, d.evidence) : null))) : empty('None')),
    section('injection', 'Dependency injection',
      el('h3', {}, `Registrations (${registrationsHere.length})`),
      registrationsHere.length ? el('ul', { class: 'deps' }, registrationsHere.map((r) => el('li', {}, el('code', {}, named(r.service, r.name)),
        r.implementation ? ` → ${r.implementation} ` : ' ', el('span', { class: 'muted' }, `${r.api} `), el('code', {}, r.evidence)))) : empty('None'),
      el('h3', {}, `Resolutions (${resolutionsHere.length})`),
      resolutionsHere.length ? el('ul', { class: 'deps' }, resolutionsHere.map((r) => el('li', {}, el('code', {}, named(r.service, r.name)), ' ',
        el('span', { class: 'muted' }, `${r.api} `), el('code', {}, r.evidence),
        list(r.registrations).length ? null : el('span', { class: 'tag error' }, 'nothing registers it')))) : empty('None')),
    surfaceBox,
    section('links', 'Links and embeds',
      el('p', {}, 'Links statically: ', list(m.links).length ? linkList(list(m.links), '') : '–'),
      el('p', {}, 'Embeds: ', list(m.embeds).length ? linkList(list(m.embeds), '') : '–')));
  if (index === undefined) { detailsBox.replaceChildren(); return; }
  moduleDetails(index).then((details) => {
    if (shownModule !== name) return;
    const imports = list(details.imports);
    const candidatesHere = list((details.access || {}).unusedPublic);
    if (accessHere) {
      surfaceBox.append(el('h3', {}, `Candidates for internal (${candidatesHere.length})`),
        candidatesHere.length ? collapsible(candidatesHere, (c) => el('p', { class: 'site' }, candidateText(c))) : empty('None'));
    }
    detailsBox.replaceChildren(
      section('depends-on', `Depends on (${list(details.edges).length})`, edgeTable(list(details.edges), 'No internal dependencies.', true)),
      section('used-by', `Used by (${list(details.dependents).length})`, edgeTable(list(details.dependents), 'No internal dependents.')),
      section('findings', `Findings (${list(details.findings).length})`,
        list(details.findings).length ? collapsible(list(details.findings), findingArticle) : empty('No findings.')),
      section('imports', `Imports (${imports.length})`, imports.length ? el('div', { class: 'table-wrap' }, el('table', {},
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Module'), el('th', { scope: 'col' }, 'Where'), el('th', { scope: 'col' }, 'How'))),
        collapsibleRows(imports, 3, (i) => el('tr', {}, el('td', {}, modLink(i.module)), el('td', {}, el('code', {}, i.evidence)),
          el('td', { class: 'muted' }, [list(i.attributes).join(' '), i.accessLevel, i.declarationKind, i.symbol,
            i.condition ? `#if ${i.condition}` : null].filter(Boolean).join(' ')))))) : empty('No imports.')));
  }).catch((err) => { if (shownModule === name) detailsBox.replaceChildren(empty(err.message)); });
}
