// Dependency injection: containers, the DI graph (drawn by Strata), unregistered and
// duplicate services, module edges through the container, registrations and resolutions.
const registrations = list(injection.registrations);
const resolutions = list(injection.resolutions);
const named = (service, name) => (name ? `${service} "${name}"` : service);

function renderInjection() {
  // The DI graph (Graphviz's SVG as a JSON string, empty without one), inflated once the first screen is drawn.
  inflate($('#strata-injection-graph').textContent).then((svg) => {
    const drawing = parseSVG(svg);
    if (drawing) $('#injection-graph').append(drawing);
  }).catch((err) => $('#injection-graph').append(empty(`The DI graph could not be read: ${err.message}`)));
  const duplicates = list(injection.duplicates);
  $('#injection-count').textContent = `${fmtInt(registrations.length)} registrations · ${fmtInt(resolutions.length)} resolutions · ` +
    `${fmtInt(summary.unregisteredResolutions || 0)} unregistered · ${fmtInt(duplicates.length)} registered twice. ` +
    'Swinject-style register/resolve, Factory, swift-dependencies, hand-written containers recognised by their shape and the calls named in strata.yml.';
  fill($('#container-list'), list(injection.containers), empty('No hand-written container recognised.'), (c) => el('article', { class: 'finding' },
    el('p', {}, el('code', {}, c.type), ': registers with ', el('code', {}, list(c.registers).join(', ')), ', resolves with ',
      el('code', {}, list(c.resolves).concat(list(c.wrappers)).join(', ')), el('span', { class: 'muted' }, ` (${c.reason})`)),
    evidenceList([c.evidence])));
  fill($('#unregistered-list'), list(injection.unregistered), empty('Every resolution in production code has a registration.'),
    (r) => el('article', { class: 'finding rule error' },
      el('p', {}, mod(r.module), ' resolves ', el('code', {}, named(r.service, r.name)),
        el('span', { class: 'muted' }, ` (${r.api})`)), evidenceList([r.evidence])));
  const registrationAt = new Map(registrations.map((r) => [r.evidence, r]));
  fill($('#duplicate-list'), duplicates, empty('No service is registered twice.'), (sites) => {
    const first = registrationAt.get(list(sites)[0]) || {};
    return el('article', { class: 'finding rule warn' },
      el('p', {}, el('code', {}, named(first.service || '?', first.name)), ` is registered ${plural(list(sites).length, 'time')}`),
      evidenceList(sites));
  });
  fill($('#injection-edges tbody'), list(injection.edges), emptyRow(5, 'No module gets an implementation from another through a container.'), (e) => {
    const breaks = list(e.breaks);
    const kind = breaks.length ? `flagged: ${breaks.map((b) => (b === 'cycle' ? 'closes a cycle' : 'breaks the layer order')).join(', ')}`
      : e.containerOnly ? (e.inverted ? 'container only, dependency inversion' : 'container only') : 'also imported or declared';
    return el('tr', { class: breaks.length ? 'flagged' : null },
      el('td', {}, mod(e.from)), el('td', {}, mod(e.to)),
      el('td', {}, list(e.services).join(', ')), el('td', {}, kind), el('td', {}, evidenceList(e.evidence)));
  });
  // Overrides (Factory's .register { }, .onTest { }, ...) after the definitions they replace.
  const definitionsFirst = registrations.filter((r) => r.kind !== 'override').concat(registrations.filter((r) => r.kind === 'override'));
  fill($('#registrations-table tbody'), definitionsFirst, emptyRow(7, 'No registrations found.'), (r) => el('tr', {},
    el('th', { scope: 'row' }, el('code', {}, named(r.service, r.name)), r.type ? el('span', { class: 'muted' }, ` ${r.type}`) : null),
    el('td', {}, r.implementation || '–'), el('td', {}, list(r.resolves).join(', ') || '–'), el('td', {}, r.scope || '–'),
    el('td', {}, r.api, r.kind === 'override' ? el('span', { class: 'tag' }, ' override') : null,
      list(r.values).length ? el('span', { class: 'muted' }, ` ${list(r.values).join(', ')}`) : null),
    el('td', {}, mod(r.module)), el('td', {}, el('code', {}, r.evidence))));
  const resolutionBody = $('#resolutions-table tbody');
  for (const r of resolutions) {
    const served = list(r.registrations);
    resolutionBody.append(el('tr', { class: r.checkedAtRunTime && !r.dynamicName && served.length === 0 ? 'flagged' : null },
      el('th', { scope: 'row' }, el('code', {}, named(r.service, r.name))), el('td', {}, r.api),
      el('td', {}, mod(r.module)), el('td', {}, el('code', {}, r.evidence)),
      el('td', {}, served.length ? served.join(', ') : 'nothing',
        r.dynamicName ? el('span', { class: 'muted' }, ' (name not a literal: matched on the type alone, not checkable statically)') : null)));
  }
}
