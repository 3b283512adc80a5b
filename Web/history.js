// Strata history page: trend charts, per-module small multiples and the events list, drawn
// from the JSON in #history-data. Every name from the repository goes in through textContent
// or setAttribute, never as markup.
(function () {
  renderNav();
  var data = readData("history-data", "history data");
  var commits = data.commits;
  var tip = document.getElementById("tip");

  function day(time) { return new Date(time * 1000).toISOString().slice(0, 10); }
  function short(id) { return id.slice(0, 10); }
  function commitLink(id) {
    var base = data.linkBase || "";
    if (!/^(https?:\/\/|\.{0,2}\/)/.test(base)) return null;
    return base + encodeURIComponent(id);
  }
  function fmt(value) { return value === null || value === undefined ? "–" : (Math.round(value * 100) / 100).toString(); }
  // A y-axis label fits left of the axis at any magnitude: 0.37, 12, 950, 1.2k, 108k, 2.3M.
  function axisLabel(value) {
    var units = [[1e9, "G"], [1e6, "M"], [1e3, "k"]];
    for (var i = 0; i < units.length; i++) {
      var v = value / units[i][0];
      if (v >= 1) return (v < 10 ? Math.round(v * 10) / 10 : Math.round(v)) + units[i][1];
    }
    return value < 100 ? fmt(value) : Math.round(value).toString();
  }

  function showTip(event, lines) {
    tip.textContent = "";
    lines.forEach(function (line, index) { tip.appendChild(el(index === 0 ? "strong" : "div", {}, line)); });
    tip.hidden = false;
    var x = Math.min(event.clientX + 12, window.innerWidth - tip.offsetWidth - 8);
    var y = event.clientY + 16 + tip.offsetHeight > window.innerHeight ? event.clientY - tip.offsetHeight - 8 : event.clientY + 16;
    tip.style.left = Math.max(4, x) + "px";
    tip.style.top = Math.max(4, y) + "px";
  }
  function hideTip() { tip.hidden = true; }

  document.getElementById("subtitle").textContent = commits.length
    ? commits.length + " sampled commits, " + day(commits[0].time) + " to " + day(commits[commits.length - 1].time)
    : "No commit analyzed.";

  // One chart: series = [{name, color, values}], stacked or as lines; hovering names the commit.
  function chart(title, series, stacked) {
    var W = 400, H = 160, L = 40, R = 8, T = 8, B = 20;
    var box = el("div", { class: "chart" });
    box.appendChild(el("h3", {}, title));
    var legend = el("div", { class: "legend" });
    series.forEach(function (s) {
      var item = el("span");
      item.appendChild(el("i", { style: "background:" + s.color }));
      item.appendChild(document.createTextNode(s.name));
      legend.appendChild(item);
    });
    box.appendChild(legend);
    var svg = svgEl("svg", { viewBox: "0 0 " + W + " " + H, role: "img", "aria-label": title });
    var n = commits.length, max = 0;
    var tops = commits.map(function (_, i) {
      var sum = 0;
      series.forEach(function (s) { sum = stacked ? sum + (s.values[i] || 0) : Math.max(sum, s.values[i] || 0); });
      return sum;
    });
    tops.forEach(function (v) { max = Math.max(max, v); });
    if (max === 0) max = 1;
    function x(i) { return n < 2 ? L + (W - L - R) / 2 : L + (i * (W - L - R)) / (n - 1); }
    function y(v) { return T + (H - T - B) * (1 - v / max); }
    svg.appendChild(svgEl("line", { class: "axis", x1: L, x2: W - R, y1: y(0), y2: y(0) }));
    svg.appendChild(svgEl("text", { x: L - 4, y: y(max) + 4, "text-anchor": "end" }, axisLabel(max)));
    svg.appendChild(svgEl("text", { x: L - 4, y: y(0), "text-anchor": "end" }, "0"));
    if (n) {
      svg.appendChild(svgEl("text", { x: L, y: H - 4 }, day(commits[0].time)));
      svg.appendChild(svgEl("text", { x: W - R, y: H - 4, "text-anchor": "end" }, day(commits[n - 1].time)));
    }
    var base = commits.map(function () { return 0; });
    series.forEach(function (s) {
      var points = [];
      for (var i = 0; i < n; i++) {
        var v = s.values[i];
        if (v === null || v === undefined) continue;
        points.push(x(i).toFixed(1) + "," + y(stacked ? base[i] + v : v).toFixed(1));
      }
      if (stacked) {
        var lower = [];
        for (var j = n - 1; j >= 0; j--) lower.push(x(j).toFixed(1) + "," + y(base[j]).toFixed(1));
        svg.appendChild(svgEl("polygon", { points: points.concat(lower).join(" "), fill: s.color, "fill-opacity": "0.75" }));
        for (var k = 0; k < n; k++) base[k] += s.values[k] || 0;
      } else {
        svg.appendChild(svgEl("polyline", { points: points.join(" "), fill: "none", stroke: s.color, "stroke-width": "2" }));
        if (n === 1) svg.appendChild(svgEl("circle", { cx: x(0), cy: y(s.values[0] || 0), r: 3, fill: s.color }));
      }
    });
    var marker = svgEl("line", { class: "axis", x1: 0, x2: 0, y1: T, y2: H - B, visibility: "hidden" });
    svg.appendChild(marker);
    var hit = svgEl("rect", { class: "hit", x: L, y: T, width: W - L - R, height: H - T - B });
    hit.addEventListener("mousemove", function (event) {
      var r = svg.getBoundingClientRect();
      var px = ((event.clientX - r.left) / r.width) * W;
      var i = n < 2 ? 0 : Math.round(((px - L) / (W - L - R)) * (n - 1));
      i = Math.max(0, Math.min(n - 1, i));
      var c = commits[i];
      marker.setAttribute("x1", x(i));
      marker.setAttribute("x2", x(i));
      marker.setAttribute("visibility", "visible");
      showTip(event, [short(c.commit) + " · " + day(c.time), c.subject].concat(series.map(function (s) { return s.name + ": " + fmt(s.values[i]); })));
    });
    hit.addEventListener("mouseleave", function () { marker.setAttribute("visibility", "hidden"); hideTip(); });
    svg.appendChild(hit);
    box.appendChild(svg);
    return box;
  }

  function pick(key) { return commits.map(function (c) { return c[key]; }); }
  var charts = document.getElementById("charts");
  charts.appendChild(chart("Modules", [{ name: "modules", color: "#0969da", values: pick("modules") }]));
  charts.appendChild(chart("Import edges", [{ name: "internal imports", color: "#8250df", values: pick("importEdges") }]));
  charts.appendChild(chart("Cycles", [
    { name: "cycles", color: "#cf222e", values: pick("cycles") },
    { name: "modules in cycles", color: "#d4760a", values: pick("modulesInCycles") }]));
  charts.appendChild(chart("Findings by severity", [
    { name: "error", color: "#cf222e", values: pick("errors") },
    { name: "warn", color: "#d4760a", values: pick("warnings") },
    { name: "info", color: "#6e7781", values: pick("infos") }], true));
  var totals = {};
  commits.forEach(function (c) { for (var rule in c.rules) totals[rule] = (totals[rule] || 0) + c.rules[rule]; });
  var rules = Object.keys(totals).sort(function (a, b) { return totals[b] - totals[a] || (a < b ? -1 : 1); });
  var palette = ["#0969da", "#cf222e", "#8250df", "#d4760a", "#1a7f37", "#bf3989"];
  var ruleSeries = rules.slice(0, 6).map(function (rule, i) {
    return { name: rule, color: palette[i], values: commits.map(function (c) { return c.rules[rule] || 0; }) };
  });
  if (rules.length > 6) {
    ruleSeries.push({ name: "other", color: "#6e7781", values: commits.map(function (c) {
      return rules.slice(6).reduce(function (sum, rule) { return sum + (c.rules[rule] || 0); }, 0);
    }) });
  }
  charts.appendChild(chart("Findings by rule", ruleSeries, true));
  charts.appendChild(chart("Distance from the main sequence", [
    { name: "mean", color: "#0969da", values: pick("meanDistance") },
    { name: "worst", color: "#cf222e", values: pick("worstDistance") }]));
  charts.appendChild(chart("Lines of code", [{ name: "lines", color: "#1a7f37", values: pick("lines") }]));

  // Small multiples: at most LIMIT modules drawn at once; the search box narrows them.
  var LIMIT = 60;
  function spark(label, values, color) {
    var row = el("div", { class: "spark" });
    row.appendChild(el("span", {}, label));
    var W = 200, H = 22, max = 0, n = values.length, points = [];
    values.forEach(function (v) { if (v !== null && v > max) max = v; });
    if (max === 0) max = 1;
    var svg = svgEl("svg", { viewBox: "0 0 " + W + " " + H, preserveAspectRatio: "none" });
    values.forEach(function (v, i) {
      if (v === null || v === undefined) return;
      points.push((n < 2 ? W / 2 : (i * W) / (n - 1)).toFixed(1) + "," + (H - 2 - (H - 4) * (v / max)).toFixed(1));
    });
    svg.appendChild(svgEl("polyline", { points: points.join(" "), fill: "none", stroke: color, "stroke-width": "1.5", "vector-effect": "non-scaling-stroke" }));
    svg.addEventListener("mousemove", function (event) {
      var r = svg.getBoundingClientRect();
      var i = n < 2 ? 0 : Math.max(0, Math.min(n - 1, Math.round(((event.clientX - r.left) / r.width) * (n - 1))));
      showTip(event, [short(commits[i].commit) + " · " + day(commits[i].time), commits[i].subject, label + ": " + fmt(values[i])]);
    });
    svg.addEventListener("mouseleave", hideTip);
    row.appendChild(svg);
    var last = values.length ? values[values.length - 1] : null;
    row.appendChild(el("span", {}, fmt(last)));
    return row;
  }
  var multiples = document.getElementById("multiples");
  var count = document.getElementById("module-count");
  function drawModules(filter) {
    multiples.textContent = "";
    var needle = filter.trim().toLowerCase();
    var matching = data.modules.filter(function (m) { return !needle || m.name.toLowerCase().indexOf(needle) >= 0; });
    matching.slice(0, LIMIT).forEach(function (m) {
      var card = el("div", { class: "multiple" });
      card.appendChild(el("h3", { title: m.id }, m.name));
      card.appendChild(spark("I", m.instability, "#0969da"));
      card.appendChild(spark("Ca", m.ca, "#8250df"));
      card.appendChild(spark("Ce", m.ce, "#d4760a"));
      card.appendChild(spark("lines", m.lines, "#1a7f37"));
      multiples.appendChild(card);
    });
    count.textContent = matching.length > LIMIT
      ? "Showing " + LIMIT + " of " + matching.length + " modules; type to narrow."
      : matching.length + " module" + (matching.length === 1 ? "" : "s");
  }
  var search = document.getElementById("module-search");
  search.addEventListener("input", function () { drawModules(search.value); });
  drawModules("");

  // Events, newest first, each linked to its commit when --link-base was given.
  var bad = { "cycle-introduced": 1, "layer-violation-introduced": 1, "module-removed": 0 };
  var good = { "cycle-broken": 1, "layer-violation-fixed": 1 };
  var byId = {};
  commits.forEach(function (c) { byId[c.commit] = c; });
  var list = document.getElementById("event-list");
  var kindSelect = document.getElementById("event-kind");
  var kinds = [];
  data.events.forEach(function (e) { if (kinds.indexOf(e.kind) < 0) kinds.push(e.kind); });
  kinds.sort().forEach(function (k) { kindSelect.appendChild(el("option", { value: k }, k)); });
  var EVENT_LIMIT = 500;
  function drawEvents() {
    list.textContent = "";
    var shown = data.events.filter(function (e) { return !kindSelect.value || e.kind === kindSelect.value; }).slice().reverse();
    shown.slice(0, EVENT_LIMIT).forEach(function (e) {
      var item = el("li", { "data-kind": e.kind });
      item.appendChild(el("span", { class: "kind" + (bad[e.kind] ? " bad" : good[e.kind] ? " good" : "") }, e.kind));
      item.appendChild(el("span", {}, e.subject));
      if (e.file) item.appendChild(el("code", {}, e.file + (e.line ? ":" + e.line : "")));
      var c = byId[e.commit];
      var href = commitLink(e.commit);
      var label = short(e.commit) + (c ? " · " + day(c.time) + " · " + c.subject : "");
      item.appendChild(href ? el("a", { href: href, class: "commit" }, label) : el("span", { class: "muted commit" }, label));
      list.appendChild(item);
    });
    if (shown.length > EVENT_LIMIT) list.appendChild(el("li", { class: "muted" }, (shown.length - EVENT_LIMIT) + " older events not shown; pick a kind to narrow."));
    if (!shown.length) list.appendChild(el("li", { class: "muted" }, "No event between the sampled commits."));
  }
  kindSelect.addEventListener("change", drawEvents);
  drawEvents();
})();
