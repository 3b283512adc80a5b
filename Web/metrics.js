// The metrics table: one row per production module, sortable, filtered by name.
function renderMetrics() {
  const rows = production.filter((m) => m.metrics).map((m) => {
    const v = { name: m.name, kind: m.kind || '', linkage: (m.linkage && m.linkage.kind) || '', files: m.files, lines: m.lines, ...m.metrics };
    const nameLink = el('a', { class: 'link', href: moduleHref(m.name) }, m.name);
    const cell = (key, text, cls) => el('td', { class: cls, 'data-value': v[key] ?? '' }, text);
    const tr = el('tr', {}, el('th', { scope: 'row', 'data-value': m.name }, nameLink), cell('kind', v.kind), cell('linkage', v.linkage),
      cell('files', fmtInt(v.files), 'num'), cell('lines', fmtInt(v.lines), 'num'),
      cell('ce', fmtInt(v.ce), 'num'), cell('ca', fmtInt(v.ca), 'num'),
      cell('instability', fmtRatio(v.instability), 'num'), cell('abstractness', fmtRatio(v.abstractness), 'num'),
      cell('distance', fmtRatio(v.distance), 'num' + (v.distance >= 0.7 ? ' bad' : v.distance >= 0.4 ? ' warn' : '')));
    return { v, tr };
  });
  const tbody = $('#metrics-table tbody');
  const noMatch = el('tr', { class: 'no-match' }, el('td', { colspan: 9 }, 'No modules match the filter.'));
  const byText = (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
  let sortKey = 'name';
  let sortDir = 1;
  function renderRows() {
    const header = $(`#metrics-table th[data-key="${sortKey}"]`);
    const numeric = header.dataset.type === 'number';
    rows.sort((a, b) => {
      const x = a.v[sortKey];
      const y = b.v[sortKey];
      const missing = (x == null) - (y == null); // missing values sink to the bottom in both directions
      if (missing) return missing;
      const c = numeric ? x - y : byText(String(x), String(y));
      return c * sortDir || byText(a.v.name, b.v.name);
    });
    tbody.replaceChildren(...rows.map((r) => r.tr), noMatch);
    $$('#metrics-table th[data-key]').forEach((th) => th.removeAttribute('aria-sort'));
    header.setAttribute('aria-sort', sortDir === 1 ? 'ascending' : 'descending');
    applyFilter();
  }
  function applyFilter() {
    const q = $('#metrics-filter').value.trim().toLowerCase();
    let shown = 0;
    for (const r of rows) {
      r.tr.hidden = q !== '' && !r.v.name.toLowerCase().includes(q);
      if (!r.tr.hidden) shown += 1;
    }
    noMatch.hidden = shown > 0 || rows.length === 0;
    $('#metrics-count').textContent = rows.length === 0 ? 'No modules with metrics.'
      : `Showing ${shown} of ${rows.length} modules.`;
  }
  $$('#metrics-table th[data-key] button').forEach((button) => button.addEventListener('click', () => {
    const key = button.parentElement.dataset.key;
    sortDir = key === sortKey ? -sortDir : 1; // first click ascending, next click toggles
    sortKey = key;
    renderRows();
  }));
  $('#metrics-filter').addEventListener('input', applyFilter);
  renderRows();
}
