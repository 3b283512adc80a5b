// The main sequence: abstractness against instability, one dot per module.
function renderPlot() {
  const plotted = production.filter((m) => m.metrics);
  const box = $('#plot');
  if (!plotted.length) { box.append(empty('No modules with metrics.')); return; }
  const size = 420, pad = 44, span = size - 2 * pad;
  const x = (i) => pad + i * span;
  const y = (a) => size - pad - a * span;
  const plot = svgEl('svg', { viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': 'Main sequence plot', class: 'main-sequence' });
  // Distance from the main sequence above 0.5: the zone of pain (stable and concrete, bottom
  // left) and the zone of uselessness (abstract and unused, top right).
  plot.append(
    svgEl('polygon', { class: 'zone pain', points: `${x(0)},${y(0)} ${x(0.5)},${y(0)} ${x(0)},${y(0.5)}` }),
    svgEl('polygon', { class: 'zone useless', points: `${x(1)},${y(1)} ${x(0.5)},${y(1)} ${x(1)},${y(0.5)}` }),
    svgEl('rect', { class: 'frame', x: pad, y: pad, width: span, height: span }),
    svgEl('line', { class: 'sequence', x1: x(0), y1: y(1), x2: x(1), y2: y(0) }),
    svgEl('text', { class: 'zone-label', x: x(0.02), y: y(0.03) }, 'zone of pain'),
    svgEl('text', { class: 'zone-label', x: x(0.98), y: y(0.95), 'text-anchor': 'end' }, 'zone of uselessness'),
    svgEl('text', { class: 'axis', x: size / 2, y: size - 10, 'text-anchor': 'middle' }, 'Instability I = Ce / (Ce + Ca)'),
    svgEl('text', { class: 'axis', x: 14, y: size / 2, 'text-anchor': 'middle', transform: `rotate(-90 14 ${size / 2})` }, 'Abstractness A'));
  for (const t of [0, 0.5, 1]) {
    plot.append(svgEl('text', { class: 'tick', x: x(t), y: size - pad + 14, 'text-anchor': 'middle' }, t),
      svgEl('text', { class: 'tick', x: pad - 6, y: y(t) + 4, 'text-anchor': 'end' }, t));
  }
  // Modules on the same spot are spread on a small spiral, in name order, so each stays clickable.
  const spots = new Map();
  const info = $('#plot-info');
  for (const m of [...plotted].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const { instability: i, abstractness: a, distance: d } = m.metrics;
    const key = `${i.toFixed(2)},${a.toFixed(2)}`;
    const k = spots.get(key) || 0;
    spots.set(key, k + 1);
    const angle = k * 2.4, radius = k ? Math.min(3 + 1.2 * Math.sqrt(k), 12) : 0;
    const label = `${m.name}: I ${fmtRatio(i)}, A ${fmtRatio(a)}, D ${fmtRatio(d)}`;
    const dot = svgEl('a', { href: moduleHref(m.name), class: 'dot', 'aria-label': label },
      svgEl('circle', { cx: x(i) + radius * Math.cos(angle), cy: y(a) + radius * Math.sin(angle), r: 4.5,
        class: d >= 0.7 ? 'bad' : d >= 0.4 ? 'warn' : 'ok' }),
      svgEl('title', {}, label));
    dot.addEventListener('mouseenter', () => { info.textContent = label; });
    dot.addEventListener('focus', () => { info.textContent = label; });
    plot.append(dot);
  }
  const pain = plotted.filter((m) => m.metrics.instability + m.metrics.abstractness < 0.5).length;
  const useless = plotted.filter((m) => m.metrics.instability + m.metrics.abstractness > 1.5).length;
  box.append(plot);
  $('#plot-summary').textContent = `${plural(plotted.length, 'module')}: ${fmtInt(pain)} in the zone of pain, ${fmtInt(useless)} in the zone of uselessness.`;
}
