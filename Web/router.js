// The router: `#module/NAME` shows a module's page instead of the sections; leaving it
// returns to where the reader was. The search box opens any module's page by name.
// Where the reader was on the report when a module page opened: its hash and scroll position.
let returnTo = { hash: '', y: 0 };
function route(event) {
  let name = null;
  if (location.hash.startsWith('#module/')) {
    try { name = decodeURIComponent(location.hash.slice('#module/'.length)); } catch (e) { name = location.hash.slice('#module/'.length); }
  }
  const wasModule = document.body.classList.contains('module-view');
  if (name !== null && !wasModule) {
    const before = event && event.oldURL ? new URL(event.oldURL).hash : '';
    returnTo = { hash: before === '#' ? '' : before, y: window.scrollY };
  }
  document.body.classList.toggle('module-view', name !== null);
  modulePage.hidden = name === null;
  if (name !== null) {
    showModule(name, returnTo.hash || '#');
    window.scrollTo(0, 0);
  } else if (wasModule) {
    shownModule = null;
    // Back (or the page's own link back) restores the position; another link goes to its target.
    const target = location.hash.length > 1 && document.getElementById(location.hash.slice(1));
    if (location.hash === returnTo.hash || (!target && !returnTo.hash)) window.scrollTo(0, returnTo.y);
    else if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
  }
}

function renderSearch() {
  $('#module-names').append(...moduleNames.map((n) => el('option', { value: n })));
  const search = $('#module-search');
  const go = () => {
    const q = search.value.trim();
    if (!q) return;
    const lower = q.toLowerCase();
    const found = moduleIndex.has(q) ? q : moduleNames.find((n) => n.toLowerCase() === lower)
      || moduleNames.find((n) => n.toLowerCase().startsWith(lower)) || moduleNames.find((n) => n.toLowerCase().includes(lower));
    if (found) { location.hash = moduleHref(found); search.value = ''; search.blur(); } else search.setCustomValidity(`No module matches ${q}`);
  };
  search.addEventListener('change', go);
  search.addEventListener('keydown', (ev) => { search.setCustomValidity(''); if (ev.key === 'Enter') go(); });
}

// Every view once, then the route of the address the page opened with.
renderOverview();
renderGraph();
renderMetrics();
renderRules();
renderCycles();
renderDependencyFindings();
renderInjection();
renderLinkage();
renderBuildShape();
renderAccess();
renderPlot();
renderMatrix();
renderSearch();
window.addEventListener('hashchange', route);
route(null);
performance.mark('strata-first-screen');
