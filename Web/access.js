// Access control: declarations by access level per module, and the candidates for
// `internal` and the open classes never subclassed (listed in the module scripts; the page
// index has their counts).
const access = list(data.accessControl.modules);
const levels = ['open', 'public', 'package', 'internal', 'fileprivate', 'private'];
const candidateText = (c) => [el('code', {}, c.evidence), ' ',
  el('span', { class: 'muted' }, `${c.access} ${c.kind} `), c.parent ? `${c.parent}.${c.name}` : c.name];

function renderAccess() {
  const n = (v) => el('td', { class: 'num' }, fmtInt(v || 0));
  fill($('#access-table tbody'), access, emptyRow(10, 'No non-test module with Swift files.'), (a, i) => el('tr', {},
    el('th', { scope: 'row' }, modLink(a.module)),
    levels.map((level) => n(a.byLevel[level])), n(a.publicSurface),
    n(pageIndex.unusedPublic[i]), n(pageIndex.openNotSubclassed[i])));
  // One collapsible block per module, filled from its module script when opened.
  const candidates = (box, key, none) => {
    const shown = access.map((a, i) => ({ a, count: pageIndex[key][i] })).filter((x) => x.count > 0);
    fill(box, shown, empty(none), ({ a, count }) => {
      const items = el('ul', { class: 'evidence' });
      const block = el('details', { class: 'access-module' },
        el('summary', {}, mod(a.module), el('span', { class: 'muted' }, ` ${fmtInt(count)}`)), items);
      block.addEventListener('toggle', () => {
        if (!block.open || items.childElementCount) return;
        items.append(el('li', { class: 'empty' }, 'Loading…'));
        moduleDetails(moduleIndex.get(a.module))
          .then((d) => items.replaceChildren(...list((d.access || {})[key]).map((c) => el('li', {}, candidateText(c)))))
          .catch((err) => items.replaceChildren(el('li', { class: 'empty' }, err.message)));
      });
      return block;
    });
  };
  candidates($('#unused-public-list'), 'unusedPublic', 'Every public declaration is referenced by another module.');
  candidates($('#open-classes-list'), 'openNotSubclassed', 'Every open class is subclassed by another module.');
}
