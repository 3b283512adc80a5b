// Strata organisation page: the repositories table with trend sparklines, and the shared
// packages with their consumers' pins, drawn from the JSON in #org-data. Every name from a
// repository goes in through textContent or setAttribute, never as markup.
(function () {
  renderNav();
  var data = readData("org-data", "organisation data");

  function day(time) { return new Date(time * 1000).toISOString().slice(0, 10); }

  // A sparkline of one series, scaled to its own range.
  function spark(values, kind, label) {
    var width = 120, height = 22, svg = svgEl("svg", { viewBox: "0 0 " + width + " " + height, "class": "spark " + kind, role: "img" });
    svg.appendChild(svgEl("title", {}, label));
    if (values.length === 0) return svg;
    var low = Math.min.apply(null, values), high = Math.max.apply(null, values), span = high - low || 1;
    var step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
    var points = values.map(function (v, i) {
      return (1 + i * step).toFixed(1) + "," + (height - 2 - ((v - low) / span) * (height - 4)).toFixed(1);
    });
    if (values.length === 1) points.push((width - 1) + "," + points[0].split(",")[1]);
    svg.appendChild(svgEl("polyline", { points: points.join(" ") }));
    return svg;
  }

  var rows = data.repositories.map(function (repo) {
    var latest = repo.trend.length ? repo.trend[repo.trend.length - 1] : null;
    var first = repo.trend.length ? repo.trend[0] : null;
    return {
      repo: repo, name: repo.name, commits: repo.trend.length, time: latest ? latest.time : 0,
      modules: latest ? latest.modules : 0, importEdges: latest ? latest.importEdges : 0, cycles: latest ? latest.cycles : 0,
      errors: latest ? latest.errors : 0, warnings: latest ? latest.warnings : 0, lines: latest ? latest.lines : 0,
      latest: latest, first: first
    };
  });
  var drifting = data.packages.filter(function (p) { return p.drift; }).length;
  document.getElementById("subtitle").textContent = data.repositories.length + " repositories, " + data.packages.length +
    " shared internal packages" + (drifting ? ", " + drifting + " pinned at more than one version" : "") + ".";

  var body = document.querySelector("#repository-table tbody");
  var sortKey = "name", ascending = true, filter = "";
  function cell(row, key, text, extra) {
    var td = el("td", { "class": "num" + (extra || "") }, text);
    if (row.first && row.commits > 1 && typeof row.first[key] === "number" && row.first[key] !== row[key]) {
      td.title = "first stored commit: " + row.first[key];
    }
    return td;
  }
  function renderRows() {
    body.textContent = "";
    var shown = rows.filter(function (row) { return row.name.toLowerCase().indexOf(filter) >= 0; });
    shown.sort(function (a, b) {
      var x = a[sortKey], y = b[sortKey], order = x < y ? -1 : x > y ? 1 : 0;
      if (order === 0) order = a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
      return ascending ? order : -order;
    });
    shown.forEach(function (row) {
      var tr = el("tr", { "data-repository": row.name });
      var name = el("td", { "class": "name" }, row.name);
      if (row.repo.url) name.title = row.repo.url;
      tr.appendChild(name);
      tr.appendChild(el("td", { "class": "num" }, String(row.commits)));
      var latest = el("td", {}, row.latest ? day(row.latest.time) + " " + row.latest.commit.slice(0, 10) : "–");
      if (row.latest) latest.title = row.latest.subject;
      tr.appendChild(latest);
      tr.appendChild(cell(row, "modules", String(row.modules)));
      tr.appendChild(cell(row, "importEdges", String(row.importEdges)));
      tr.appendChild(cell(row, "cycles", String(row.cycles), row.cycles ? " bad" : ""));
      tr.appendChild(cell(row, "errors", String(row.errors), row.errors ? " bad" : ""));
      tr.appendChild(cell(row, "warnings", String(row.warnings)));
      tr.appendChild(cell(row, "lines", String(row.lines)));
      var modules = el("td"), errors = el("td");
      modules.appendChild(spark(row.repo.trend.map(function (p) { return p.modules; }), "modules", row.name + ": modules per commit"));
      errors.appendChild(spark(row.repo.trend.map(function (p) { return p.errors; }), "errors", row.name + ": errors per commit"));
      tr.appendChild(modules);
      tr.appendChild(errors);
      tr.appendChild(el("td", { "class": "uses" }, row.repo.consumes.join(", ")));
      body.appendChild(tr);
    });
  }
  document.querySelectorAll("#repository-table th[data-key]").forEach(function (th) {
    th.setAttribute("tabindex", "0");
    function sort() {
      var key = th.getAttribute("data-key");
      ascending = key === sortKey ? !ascending : key === "name";
      sortKey = key;
      document.querySelectorAll("#repository-table th").forEach(function (other) { other.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      renderRows();
    }
    th.addEventListener("click", sort);
    th.addEventListener("keydown", function (event) { if (event.key === "Enter") sort(); });
  });
  document.getElementById("repository-search").addEventListener("input", function (event) {
    filter = event.target.value.toLowerCase();
    renderRows();
  });
  renderRows();

  var list = document.getElementById("package-list");
  if (!data.packages.length) list.appendChild(el("p", { "class": "muted" }, "No repository consumes another's package."));
  data.packages.forEach(function (pkg) {
    var box = el("div", { "class": "package", "data-package": pkg.repository });
    var title = el("h3", {}, pkg.repository);
    if (pkg.drift) title.appendChild(el("span", { "class": "drift" }, "versions drift: " + pkg.versions.join(", ")));
    box.appendChild(title);
    if (pkg.url) box.appendChild(el("div", { "class": "muted" }, pkg.url));
    var table = el("table", { "class": "grid" }), head = el("tr");
    ["Consumer", "As", "Version", "Requirement", "Pinned over time"].forEach(function (h) { head.appendChild(el("th", {}, h)); });
    table.appendChild(el("thead")).appendChild(head);
    var tbody = el("tbody");
    pkg.consumers.forEach(function (consumer) {
      var tr = el("tr", { "data-consumer": consumer.repository });
      tr.appendChild(el("td", { "class": "name" }, consumer.repository));
      tr.appendChild(el("td", {}, consumer.kind + " " + consumer.name));
      tr.appendChild(el("td", { "class": consumer.behind ? "behind" : "" }, (consumer.version || "–") + (consumer.behind ? " (behind)" : "")));
      tr.appendChild(el("td", {}, consumer.requirement || "–"));
      tr.appendChild(el("td", { "class": "pins" }, consumer.pins.map(function (pin) {
        return (pin.version || "–") + " since " + day(pin.time);
      }).join(" → ")));
      tbody.appendChild(tr);
    });
    table.appendChild(tbody);
    box.appendChild(table);
    list.appendChild(box);
  });
})();
