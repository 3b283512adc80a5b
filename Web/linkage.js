// Linkage (how each module reaches the binaries, launch loads, the critical path and the
// rebuild blast radius) and the build shape.
function renderLinkage() {
  const linkageBody = $('#linkage-table tbody');
  for (const m of modules) {
    const l = m.linkage;
    linkageBody.append(el('tr', {},
      el('th', { scope: 'row' }, mod(m.name), el('span', { class: 'muted' }, ` ${m.kind}`)),
      el('td', { class: `linkage ${l.kind}` }, l.kind),
      el('td', {}, l.reason, l.evidence ? el('code', {}, l.evidence) : null),
      el('td', { class: 'mods' }, list(m.links).join(', ') || '–'),
      el('td', { class: 'mods' }, list(m.embeds).length ? `${m.embeds.length}: ${m.embeds.join(', ')}` : '–')));
  }
  fill($('#duplicated-list'), list(impact.duplicatedStaticModules), empty('No static module is copied into two or more images.'), (d) => {
    const images = list(d.images);
    return el('article', { class: 'finding duplicated' + (d.critical ? ' critical' : '') },
      el('p', {}, d.critical ? el('span', { class: 'tag critical' }, 'critical') : null, ' ',
        mod(d.module), ` is copied into ${plural(images.length, 'image')}: `,
        el('span', { class: 'mods' }, images.join(', '))),
      d.reason ? el('p', { class: 'muted' }, d.reason) : null,
      evidenceList([].concat(d.evidence ?? [], list(d.singletons).map((x) => x.evidence))));
  });
  fill($('#launch-list'), list(impact.launchLoads), empty('No app embeds dynamic frameworks.'), (l) => el('p', {},
    mod(l.app), ` loads ${plural(l.count, 'dynamic framework')} at launch`,
    list(l.frameworks).length ? el('span', { class: 'muted' }, ': ' + list(l.frameworks).join(', ')) : null));
  const path = impact.criticalPath;
  $('#critical-path').append(list(path.modules).length
    ? el('p', {}, el('span', { class: 'mods' }, list(path.modules).join(' → ')), el('span', { class: 'muted' }, ` · ${fmtInt(path.lines)} lines`))
    : empty('No dependency chain.'));
  // The modules whose change rebuilds the most lines, with their transitive dependents
  // (Strata lists them in the page index: strata.json stores the counts only).
  const radius = new Map(list(impact.blastRadius).map((r) => [r.module, r]));
  $('#blast-radius').append(graph.blastRadius.length ? el('ul', { class: 'deps' }, graph.blastRadius.map((r) => {
    const name = moduleNames[r.module];
    const counts = radius.get(name);
    return el('li', {}, mod(name),
      el('span', { class: 'muted' }, ` rebuilds ${plural(counts.count, 'module')} (${fmtInt(counts.lines)} lines): ${namesOf(r.dependents).join(', ')}`));
  })) : empty('No module has dependents.'));
}

function renderBuildShape() {
  const shape = data.buildShape;
  const seconds = shape.unit === 'seconds';
  const cost = (v) => (seconds ? `${(v || 0).toFixed(1)} s` : `${fmtInt(Math.round(v || 0))} lines`);
  $('#build-shape-unit').append(seconds
    ? 'Costs are measured build seconds (--build-times).'
    : 'Costs are estimates from each module\'s lines; strata analyze --build-times FILE (module,seconds) uses measured seconds.');
  const widths = list(shape.widths);
  $('#build-shape-summary').append(...(list(shape.criticalPath).length ? [
    el('p', {}, 'Critical path: ', el('span', { class: 'mods' }, list(shape.criticalPath).join(' → ')),
      el('span', { class: 'muted' }, ` · ${cost(shape.criticalCost)} of ${cost(shape.totalCost)} in all`)),
    el('p', {}, `At most ${plural(Math.max(0, ...widths), 'module')} at once; by depth: `,
      el('span', { class: 'muted' }, widths.map((w, d) => `${d}: ${w}`).join(' · '))),
    el('p', {}, 'Hot (on the critical path, and a change rebuilds a quarter or more): ',
      list(shape.hot).length ? el('span', { class: 'mods' }, list(shape.hot).join(', ')) : el('span', { class: 'muted' }, 'none')),
    list(shape.unmeasured).length ? el('p', { class: 'muted' }, `No measured time for ${list(shape.unmeasured).join(', ')} (counted as 0).`) : null,
  ].filter(Boolean) : [empty('No production module.')]));
  const costliest = list(shape.modules).slice().sort((a, b) => b.rebuildCost - a.rebuildCost || (a.module < b.module ? -1 : 1)).slice(0, 15);
  fill($('#rebuild-table tbody'), costliest, emptyRow(5, 'No production module.'), (m) => el('tr', {},
    el('th', { scope: 'row' }, mod(m.module)), el('td', { class: 'num' }, cost(m.cost)), el('td', { class: 'num' }, cost(m.rebuildCost)),
    el('td', { class: 'num' }, fmtInt(m.dependents)), el('td', { class: 'num' }, fmtInt(m.depth))));
}
