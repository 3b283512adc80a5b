// The dependency structure matrix: rows import columns. Strata orders the modules (by layer,
// lowest first, dependencies first within a layer) and classifies each cell; the page only
// draws, when the section first comes into view.
function drawMatrix() {
  const box = $('#matrix');
  if (box.dataset.drawn) return;
  box.dataset.drawn = '1';
  const { order, bands, cells } = graph;
  if (!order.length) { box.append(empty('No modules.')); return; }
  const names = namesOf(order);
  const n = order.length;
  const cell = n > 150 ? 10 : 16;
  const labelWidth = Math.min(240, 16 + 7 * Math.max(...names.map((name) => name.length)));
  const top = labelWidth;
  const width = labelWidth + n * cell + 1, height = top + n * cell + 1;
  const matrix = svgEl('svg', { width, height, viewBox: `0 0 ${width} ${height}`, class: 'dsm', role: 'img', 'aria-label': 'Dependency structure matrix' });
  bands.forEach((b, k) => {
    matrix.append(svgEl('rect', { class: `band ${k % 2 ? 'odd' : 'even'}`, x: labelWidth + b.start * cell, y: top + b.start * cell, width: b.count * cell, height: b.count * cell },
      svgEl('title', {}, `${b.name}: ${plural(b.count, 'module')}`)));
  });
  names.forEach((name, i) => {
    const label = pictured(name.length > 32 ? name.slice(0, 31) + '…' : name);
    matrix.append(
      svgEl('a', { href: moduleHref(name) }, svgEl('text', { class: 'row-label', x: labelWidth - 4, y: top + i * cell + cell * 0.75, 'text-anchor': 'end' }, label, svgEl('title', {}, name))),
      svgEl('a', { href: moduleHref(name) }, svgEl('text', { class: 'col-label', x: 0, y: 0, transform: `translate(${labelWidth + i * cell + cell * 0.75} ${top - 4}) rotate(-90)` }, label, svgEl('title', {}, name))));
  });
  const counted = { up: 0, cycle: 0 };
  const notes = { cycle: ' (cycle)', up: ' (up the layers)', down: '', unused: '' };
  for (const [r, c, sites, kindIndex] of cells) {
    const kind = pageIndex.cellKinds[kindIndex];
    if (kind in counted) counted[kind] += 1;
    const imported = kind !== 'unused';
    const title = `${names[r]} imports ${names[c]}: ${imported ? plural(sites, 'import site') : 'declared, never imported'}${notes[kind]}`;
    const g = svgEl('a', { href: moduleHref(names[r]), class: `cell ${kind}` },
      svgEl('rect', { x: labelWidth + c * cell + 1, y: top + r * cell + 1, width: cell - 2, height: cell - 2 }), svgEl('title', {}, title));
    if (cell >= 16 && imported) {
      g.append(svgEl('text', { x: labelWidth + c * cell + cell / 2, y: top + r * cell + cell * 0.72, 'text-anchor': 'middle' }, sites > 99 ? '99+' : sites));
    }
    matrix.append(g);
  }
  box.append(matrix);
  $('#matrix-summary').textContent = `${plural(n, 'module')} in ${plural(bands.length, 'layer')}; ` +
    `${fmtInt(counted.cycle)} cells in cycles (red), ${fmtInt(counted.up)} imports up the layers (amber, above the diagonal).`;
}
function renderMatrix() {
  if (!('IntersectionObserver' in window)) { drawMatrix(); return; }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { drawMatrix(); observer.disconnect(); }
  }, { rootMargin: '400px' });
  observer.observe($('#dsm'));
}
