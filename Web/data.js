// The report's data: the summary (`strata-data`), the page index (`strata-page`: module
// indices, groups, drawings, the graph computed by Strata) and the rule catalog; the data
// scripts (data/*.js) a view loads when it needs them.
// Each is JSON deflated (zlib) and in base64, inflated by the browser as the data scripts are.
const [data, pageIndex, catalog] = await Promise.all([['strata-data', 'report data'], ['strata-page', 'page index'], ['strata-rules', 'rule catalog']]
  .map(([id, what]) => Promise.resolve().then(() => inflate($(`#${id}`).textContent)).catch((err) => unreadable(what, err))));
const modules = list(data.modules);
const byName = new Map(modules.map((m) => [m.name, m]));
const cycles = list(data.cycles);
const implicit = list(data.implicitDependencies);
const unused = list(data.unusedDependencies);
const warnings = list(data.warnings);
const findings = list(data.findings);
const impact = data.linkage;
const injection = data.injection;
// The findings by severity, as `strata check` counts them, and the imports graded unused.
const summary = {
  ...data.summary, errors: data.summary.findings.error, warns: data.summary.findings.warn, notes: data.summary.findings.info,
  unusedImports: pageIndex.unusedImports,
};
// Production modules by index: the `m<index>` nodes of the drawings, the module scripts,
// and every index of the page index. Names may repeat; indices do not.
const production = modules.filter((m) => m.kind !== 'test');
const moduleNames = pageIndex.modules;
const moduleIndex = new Map();
moduleNames.forEach((name, i) => { if (!moduleIndex.has(name)) moduleIndex.set(name, i); });
const graph = pageIndex.graph;
const groupings = pageIndex.groupings;
const groupsOf = (kind) => list((groupings.find((g) => g.kind === kind) || {}).groups);
const moduleHref = (name) => '#module/' + encodeURIComponent(name);
const modLink = (name) => (moduleIndex.has(name) ? el('a', { class: 'mod', href: moduleHref(name) }, name) : mod(name));
const linkList = (names, none) => (names.length
  ? el('p', { class: 'mods' }, names.flatMap((n, i) => (i ? [', ', modLink(n)] : [modLink(n)])))
  : empty(none));
const namesOf = (indices) => indices.map((i) => moduleNames[i]);
const layerOf = new Map();
for (const layer of list((data.layering || {}).layers)) for (const name of list(layer.modules)) layerOf.set(name, layer.name);

// Data scripts call these with their value's JSON deflated (zlib) and in base64. A script is
// loaded once, when a view needs a value it holds, and each value inflated by the browser
// (DecompressionStream, which works from file: where fetch does not) when it is asked for.
const deflated = {};
window.strataGroups = (kind, base64) => { deflated[`groups-${kind}`] = base64; };
window.strataModule = (index, base64) => { deflated[`module-${index}`] = base64; };
window.strataFindings = (number, base64) => { deflated[`findings-${number}`] = base64; };
function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = el('script', { src });
    script.addEventListener('load', resolve);
    script.addEventListener('error', () => reject(new Error(`${src} could not be loaded`)));
    document.body.append(script);
  });
}
async function inflate(base64) {
  const binary = atob(base64);
  // A loop: `Uint8Array.from(binary, fn)` takes 20 ms on a 300-module report's packages.js, this 1 to 3.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(stream).text());
}
const loadedScripts = new Map();
const scriptValues = new Map();
// The value `key` that the data script `src` holds. A script that could not be loaded is
// tried again when a value it holds is asked for again.
function scriptValue(src, key) {
  if (!scriptValues.has(key)) {
    if (!loadedScripts.has(src)) {
      loadedScripts.set(src, loadScript(src).catch((err) => { loadedScripts.delete(src); throw err; }));
    }
    scriptValues.set(key, loadedScripts.get(src).then(() => {
      const base64 = deflated[key];
      if (base64 === undefined) throw new Error(`${src} does not hold ${key}`);
      delete deflated[key];
      return inflate(base64);
    }).catch((err) => { scriptValues.delete(key); throw err; }));
  }
  return scriptValues.get(key);
}
function groupDrawings(kind) {
  return scriptValue(`data/${kind}.js`, `groups-${kind}`);
}
// Every finding of a rule the page holds only some of (`pageIndex.findingRules[].script`),
// each with the count of its sites.
async function ruleFindings(number) {
  const { findings: all, sites } = await scriptValue(`data/findings-${number}.js`, `findings-${number}`);
  return all.map((f, i) => ({ ...f, sites: sites[i] }));
}
// A module's imports, edges with their sites, findings, drawings and paths, by index.
// `pageIndex.modulesPerScript` modules in a row share a script.
function moduleDetails(index) {
  return scriptValue(`data/modules-${Math.floor(index / pageIndex.modulesPerScript)}.js`, `module-${index}`);
}
