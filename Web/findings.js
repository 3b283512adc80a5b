// Rule findings (strata.yml layers and rules, and the built-in rules), cycles, implicit and
// unused dependencies, and warnings. Rule ids, names and rationales come from the rule
// catalog the binary embeds (`strata rules`).
const words = { error: 'error', warn: 'warning', info: 'note' };
const ruleInfo = new Map(catalog.map((r) => [r.id, r]));
const ruleLink = (id) => (ruleInfo.has(id)
  ? el('a', { class: 'muted', href: `#rule-${id}`, title: 'What this rule means' }, `[${id}]`)
  : el('span', { class: 'muted' }, `[${id}]`));
// The page holds a few evidence entries per finding; the module page has them all.
const moreSites = (shown, total, module) => (total > shown
  ? el('p', { class: 'muted more' }, `and ${plural(total - shown, 'more site')}: see `, modLink(module)) : null);
const findingArticle = (f) => el('article', { class: `finding rule ${f.severity}`, 'data-rule': f.rule, 'data-severity': f.severity },
  el('p', {}, el('span', { class: `tag ${f.severity}` }, words[f.severity] || f.severity), ' ', f.message, ' ', ruleLink(f.rule)),
  evidenceList(f.evidence), moreSites(list(f.evidence).length, f.sites ?? pageIndex.findingSites[f.index] ?? 0, f.module));
// All findings of a group, when the page holds only some: a rule's from its script, a
// module's from the module's script.
async function allFindings(by, group) {
  if (by === 'rule') return ruleFindings(group.script);
  return list((await moduleDetails(moduleIndex.get(group.key))).findings);
}

function renderRules() {
  const counts = summary.findings;
  $('#rules-count').textContent = `${plural(counts.error || 0, 'error')} · ${plural(counts.warn || 0, 'warning')} · ${plural(counts.info || 0, 'note')}` +
    (summary.suppressed ? ` · ${fmtInt(summary.suppressed)} suppressed inline. ` : '. ') +
    'strata check fails on errors; severities are set in strata.yml.';
  const rulesBox = $('#rules-list');
  // Findings grouped by rule or by module, filtered by severity; each group collapses. The
  // groups and their counts are the page index's; the page holds each rule's first findings,
  // and a group with more loads the rest when asked.
  const indexed = findings.map((f, index) => ({ ...f, index }));
  const counted = { rule: list(pageIndex.findingRules), module: list(pageIndex.findingModules) };
  const severities = ['error', 'warn', 'info'];
  const filter = { by: 'rule', severities: new Set(severities) };
  const controls = $('#rules-controls');
  function render() {
    $$('button[data-by]', controls).forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.by === filter.by)));
    const chosen = (g) => severities.filter((s) => filter.severities.has(s) && g[s]);
    const total = (g) => chosen(g).reduce((n, s) => n + g[s], 0);
    const groups = counted[filter.by].filter((g) => total(g) > 0);
    rulesBox.replaceChildren();
    if (!counted.rule.length) { rulesBox.append(empty('No findings.')); return; }
    if (!groups.length) { rulesBox.append(empty('No findings of the chosen severities.')); return; }
    const held = new Map();
    for (const f of indexed) {
      if (!filter.severities.has(f.severity)) continue;
      const key = filter.by === 'rule' ? f.rule : f.module;
      if (!held.has(key)) held.set(key, []);
      held.get(key).push(f);
    }
    const worst = (g) => severities.indexOf(chosen(g)[0]);
    const ordered = groups.sort((a, b) => worst(a) - worst(b) || total(b) - total(a) || (a.key < b.key ? -1 : 1));
    ordered.forEach((group, position) => {
      const key = group.key, items = held.get(key) || [];
      const tally = chosen(group).map((s) => el('span', { class: `tag ${s}` }, `${fmtInt(group[s])} ${words[s]}${group[s] === 1 ? '' : 's'}`));
      const info = ruleInfo.get(key);
      const title = filter.by === 'rule' ? [el('code', {}, key), info ? ` ${info.title}` : ''] : [mod(key)];
      const body = el('div', { class: 'group-findings' }, collapsible(items, findingArticle));
      const missing = total(group) - items.length;
      const loadable = filter.by === 'rule' ? group.script !== undefined : moduleIndex.has(key);
      if (missing > 0 && loadable) {
        const button = el('button', { type: 'button', class: 'show-more load-findings' }, `Load the other ${fmtInt(missing)}`);
        const by = filter.by;
        button.addEventListener('click', async () => {
          button.disabled = true;
          try {
            const all = (await allFindings(by, group)).filter((f) => filter.severities.has(f.severity));
            body.replaceChildren(collapsible(all, findingArticle, 100));
          } catch (err) {
            button.replaceWith(el('p', { class: 'fatal' }, err.message));
          }
        });
        body.append(button);
      }
      // Small reports open every group; large ones the first three.
      const open = ordered.length <= 3 || position < 3;
      rulesBox.append(el('details', { class: 'finding-group', 'data-key': key, open: open ? 'open' : null },
        el('summary', {}, title, ' ', tally),
        filter.by === 'rule' && info ? el('p', { class: 'muted rationale' }, info.rationale, ' ', ruleLink(key)) : null,
        filter.by === 'module' && moduleIndex.has(key) ? el('p', {}, el('a', { href: moduleHref(key) }, 'Open the module page →')) : null,
        body));
    });
  }
  if (counted.rule.length) {
    const byButtons = ['rule', 'module'].map((by) => {
      const b = el('button', { type: 'button', 'data-by': by, 'aria-pressed': String(by === filter.by) }, `By ${by}`);
      b.addEventListener('click', () => { filter.by = by; render(); });
      return b;
    });
    controls.append(el('span', { class: 'group', role: 'group', 'aria-label': 'Group findings' }, byButtons));
    for (const severity of severities) {
      const box = el('input', { type: 'checkbox', checked: 'checked', 'data-severity': severity });
      box.addEventListener('change', () => {
        if (box.checked) filter.severities.add(severity); else filter.severities.delete(severity);
        render();
      });
      controls.append(el('label', { class: 'check' }, box, ` ${words[severity]}s (${fmtInt(counts[severity] || 0)})`));
    }
  }
  render();

  // Suppressed findings are listed with their reasons, never hidden.
  const suppressed = list(data.suppressedFindings);
  if (suppressed.length) {
    $('#suppressed-list').append(el('details', { class: 'suppressed' },
      el('summary', {}, `${plural(suppressed.length, 'finding')} suppressed with strata:ignore`),
      suppressed.map((f) => el('article', { class: 'finding rule suppressed', 'data-rule': f.rule },
        el('p', {}, el('span', { class: 'tag' }, 'suppressed'), ' ', f.message, ' ', el('span', { class: 'muted' }, `[${f.rule}]`)),
        el('p', { class: 'muted' }, `Reason: ${f.suppression || '(none given)'}`),
        evidenceList(f.evidence)))));
  }
  const seen = new Set([...findings, ...suppressed].map((f) => f.rule));
  for (const rule of catalog) {
    $('#rule-help-list').append(
      el('dt', { id: `rule-${rule.id}`, class: seen.has(rule.id) ? 'present' : '' }, el('code', {}, rule.id), ' ', rule.title,
        el('span', { class: 'muted' }, ` (default: ${rule.severity})`)),
      el('dd', {}, rule.rationale));
  }
  // Any link to a rule's help opens the help first (links are added later too).
  document.addEventListener('click', (ev) => { if (ev.target.closest('a[href^="#rule-"]')) $('#rule-help').open = true; });
}

function renderCycles() {
  fill($('#cycles-list'), cycles, empty('No cycles.'), (c, i) => {
    const mods = list(c.modules);
    const cuts = list(c.cuts);
    return el('article', { class: 'finding cycle' },
      el('h3', {}, `Cycle ${i + 1} `, el('span', { class: 'sub' }, plural(mods.length, 'module'))),
      el('ul', { class: 'chips' }, mods.map((m) => el('li', { class: 'mod' }, m))),
      cuts.length ? el('div', { class: 'cuts' },
        el('h4', {}, 'To break it, change these imports'),
        el('ul', { class: 'edge-list' }, cuts.map((cut) => el('li', {}, arrow(cut.from, cut.to),
          el('span', { class: 'muted' }, ` ${plural(cut.importSites, 'import site')}${cut.declared ? ', declared in the manifest' : ''}`),
          evidenceList(cut.evidence))))) : null,
      el('h4', {}, 'All edges in the cycle'),
      el('ul', { class: 'edge-list' }, list(c.edges).map((e) => el('li', {}, arrow(e.from, e.to), evidenceList(e.evidence)))));
  });
}

// Short lists are listed; long ones (a large app can have hundreds) are grouped by module.
function listByModule(box, items, none, render) {
  if (items.length <= 20) { fill(box, items, none, render); return; }
  const groups = new Map();
  for (const item of items) {
    if (!groups.has(item.module)) groups.set(item.module, []);
    groups.get(item.module).push(item);
  }
  box.append(el('p', { class: 'note' }, `${plural(items.length, 'dependency')} in ${plural(groups.size, 'module')}, most first.`));
  for (const [module, group] of [...groups.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))) {
    box.append(el('details', { class: 'finding-group', 'data-key': module },
      el('summary', {}, mod(module), el('span', { class: 'muted' }, ` ${fmtInt(group.length)}`)), group.map(render)));
  }
}
function renderDependencyFindings() {
  listByModule($('#implicit-list'), implicit.map((f, index) => ({ ...f, index })), empty('No implicit dependencies.'),
    (f) => el('article', { class: 'finding implicit' },
      el('p', {}, modLink(f.module), ' imports ', modLink(f.dependency), ' without declaring it'), evidenceList(f.evidence),
      moreSites(list(f.evidence).length, pageIndex.implicitSites[f.index] ?? 0, f.module)));
  listByModule($('#unused-list'), unused, empty('No unused dependencies.'), (f) => el('article', { class: 'finding unused' },
    el('p', {}, modLink(f.module), ' declares ', modLink(f.dependency), ' but never imports it'),
    evidenceList([f.evidence])));
  $('#warnings-list').append(warnings.length ? el('ul', { class: 'warnings' }, warnings.map((w) =>
    el('li', {}, el('code', {}, w.file ?? ''), ' ', el('span', {}, (w.note ? 'note: ' : '') + (w.message ?? '')))))
    : empty('No warnings.'));
}
