extension DashboardPage {
    // The whole page. Everything shown from traffic goes through `textContent`, never
    // `innerHTML`, so a request's URL or body cannot inject markup. No `http:`/`https:`
    // reference may appear here (a test checks): the page must work offline.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>Understudy dashboard</title>
<style>
:root{--bg:#fff;--fg:#1b1b1f;--muted:#5d5d66;--line:#d9d9e0;--panel:#f5f5f8;--accent:#0b57d0;--ok:#17723a;--warn:#8a5a00;--bad:#b3261e;--sel:#e3ecfd}
@media (prefers-color-scheme:dark){:root{--bg:#131317;--fg:#e6e6ea;--muted:#a3a3ad;--line:#34343c;--panel:#1d1d23;--accent:#8ab4f8;--ok:#7dd89a;--warn:#f2c063;--bad:#f28b82;--sel:#23324d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif}
header{display:flex;gap:1rem;align-items:baseline;flex-wrap:wrap;padding:.75rem 1rem;border-bottom:1px solid var(--line)}
h1{font-size:1.15rem;margin:0}h2{font-size:1rem;margin:0 0 .5rem}h3{font-size:.95rem;margin:.75rem 0 .25rem}
main{display:grid;grid-template-columns:minmax(0,3fr) minmax(18rem,2fr);gap:1rem;padding:1rem}
@media (max-width:60rem){main{grid-template-columns:1fr}}
section{background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:.75rem;min-width:0}
.side{display:flex;flex-direction:column;gap:1rem;min-width:0}
form.filters{display:flex;gap:.75rem;flex-wrap:wrap;align-items:flex-end;margin-bottom:.5rem}
label{display:flex;flex-direction:column;font-size:.8rem;color:var(--muted)}
input,select,button{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.25rem .5rem}
button{cursor:pointer}button.primary{background:var(--accent);color:var(--bg);border-color:var(--accent)}
:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{text-align:left;padding:.2rem .4rem;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
th{font-size:.8rem;color:var(--muted);font-weight:600}
tbody tr[aria-current=true]{background:var(--sel)}
td button.link{border:0;background:none;color:var(--accent);padding:0;text-align:left;font-family:ui-monospace,monospace;overflow-wrap:anywhere}
.s2{color:var(--ok)}.s3{color:var(--muted)}.s4{color:var(--warn)}.s5,.fault,.unmatched{color:var(--bad);font-weight:600}
pre{background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:.5rem;overflow:auto;max-height:22rem;font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap}
.muted{color:var(--muted)}.row{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}
ul{margin:.25rem 0;padding-left:1.25rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
</style>
</head>
<body>
<header>
<h1>Understudy dashboard</h1>
<p id="connection" role="status" class="muted">Connecting…</p>
<p id="dropped" role="status" class="unmatched" hidden></p>
</header>
<main>
<section aria-labelledby="requests-heading">
<h2 id="requests-heading">Requests</h2>
<form class="filters" role="search" aria-label="Filter requests" id="filters">
<label for="filter-path">Path contains<input id="filter-path" type="search" autocomplete="off"></label>
<label for="filter-status">Status<select id="filter-status">
<option value="">Any</option><option value="2">2xx</option><option value="3">3xx</option><option value="4">4xx</option><option value="5">5xx</option>
<option value="unmatched">Unmatched</option><option value="fault">Fault</option></select></label>
<label for="filter-namespace">Namespace<select id="filter-namespace"><option value="">Any</option><option value="-">None</option></select></label>
<button type="button" id="clear-log">Clear list</button>
</form>
<table id="log">
<caption class="visually-hidden">Served requests, newest first</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Stub</th><th scope="col">Namespace</th><th scope="col">Took</th></tr></thead>
<tbody></tbody>
</table>
<p id="empty" class="muted">No requests yet. Send one to this server and it shows here.</p>
</section>
<div class="side">
<section id="detail" aria-labelledby="detail-heading" aria-live="polite" hidden>
<h2 id="detail-heading">Request</h2>
<p id="detail-summary"></p>
<div id="near-miss" hidden>
<h3>Near misses</h3>
<ul id="near-miss-list"></ul>
<pre id="near-miss-report" aria-label="Near-miss report"></pre>
<button type="button" class="primary" id="make-stub">Make a stub from this request</button>
</div>
<div id="suggestion" hidden>
<h3 id="mapping-heading">Mapping JSON</h3>
<pre id="mapping-json" aria-labelledby="mapping-heading"></pre>
<div class="row"><button type="button" id="copy-json">Copy JSON</button><button type="button" class="primary" id="add-stub">Add this stub to the server</button></div>
<h3 id="swift-heading">Swift</h3>
<pre id="swift-code" aria-labelledby="swift-heading"></pre>
<button type="button" id="copy-swift">Copy Swift</button>
<p id="suggestion-result" role="status"></p>
</div>
</section>
<section aria-labelledby="stubs-heading">
<h2 id="stubs-heading">Stubs</h2>
<table id="stubs"><thead><tr><th scope="col">Stub</th><th scope="col">Request</th><th scope="col">Namespace</th><th scope="col">Hits</th></tr></thead><tbody></tbody></table>
</section>
<section aria-labelledby="scenarios-heading">
<h2 id="scenarios-heading">Scenarios</h2>
<ul id="scenarios"></ul>
</section>
<section aria-labelledby="namespaces-heading">
<h2 id="namespaces-heading">Namespaces seen</h2>
<ul id="namespaces"></ul>
</section>
</div>
</main>
<script>
"use strict";
(function () {
  const admin = "/__admin";
  const token = new URLSearchParams(location.search).get("token");
  const maxRows = 1000;
  const events = new Map();
  let selected = null, suggestion = null, refreshTimer = null, retry = 2000;
  const $ = (id) => document.getElementById(id);
  const el = (tag, text, cls) => { const e = document.createElement(tag); if (text !== undefined) e.textContent = text; if (cls) e.className = cls; return e; };
  const headers = (extra) => Object.assign(token ? { Authorization: "Bearer " + token } : {}, extra || {});
  const call = (path, options) => fetch(admin + path, Object.assign({ cache: "no-store" }, options || {}, { headers: headers((options || {}).headers) }));

  function statusText(ev) {
    const r = ev.response || {};
    if (r.fault) return r.fault;
    return String(r.status) + (ev.wasMatched ? "" : " unmatched");
  }
  function statusClass(ev) {
    const r = ev.response || {};
    if (r.fault) return "fault";
    if (!ev.wasMatched) return "unmatched";
    return "s" + String(r.status).charAt(0);
  }
  function stubLabel(ev) {
    const s = ev.stubMapping;
    return s ? (s.name || s.id) : "";
  }
  function time(ev) {
    const d = new Date(ev.request.loggedDate);
    return d.toLocaleTimeString(undefined, { hour12: false }) + "." + String(d.getMilliseconds()).padStart(3, "0");
  }
  function took(ev) {
    return ev.timing && typeof ev.timing.totalTime === "number" ? ev.timing.totalTime.toFixed(1) + " ms" : "";
  }

  function addRow(ev) {
    if (events.has(ev.id)) return;
    events.set(ev.id, ev);
    const tr = document.createElement("tr");
    tr.dataset.id = ev.id;
    tr.append(el("td", time(ev)), el("td", ev.request.method));
    const urlCell = document.createElement("td");
    const open = el("button", ev.request.url, "link");
    open.type = "button";
    open.setAttribute("aria-label", "Show " + ev.request.method + " " + ev.request.url);
    open.addEventListener("click", () => select(ev.id));
    urlCell.append(open);
    tr.append(urlCell, el("td", statusText(ev), "status " + statusClass(ev)), el("td", stubLabel(ev)), el("td", ev.namespace || ""), el("td", took(ev)));
    const body = $("log").tBodies[0];
    body.insertBefore(tr, body.firstChild);
    while (body.rows.length > maxRows) { const last = body.rows[body.rows.length - 1]; events.delete(last.dataset.id); last.remove(); }
    if (ev.namespace) addNamespaceOption(ev.namespace);
    applyFilter(tr);
    $("empty").hidden = true;
    scheduleRefresh();
  }

  function matchesFilter(ev) {
    const path = $("filter-path").value.trim().toLowerCase();
    if (path && !ev.request.url.toLowerCase().includes(path)) return false;
    const status = $("filter-status").value;
    const r = ev.response || {};
    if (status === "unmatched" && ev.wasMatched) return false;
    if (status === "fault" && !r.fault) return false;
    if (/^[0-9]$/.test(status) && (r.fault || String(r.status).charAt(0) !== status)) return false;
    const ns = $("filter-namespace").value;
    if (ns === "-" && ev.namespace) return false;
    if (ns && ns !== "-" && ev.namespace !== ns) return false;
    return true;
  }
  function applyFilter(tr) { tr.hidden = !matchesFilter(events.get(tr.dataset.id)); }
  function applyFilters() { for (const tr of $("log").tBodies[0].rows) applyFilter(tr); }
  function addNamespaceOption(name) {
    const select = $("filter-namespace");
    for (const o of select.options) if (o.value === name) return;
    const option = el("option", name); option.value = name; select.append(option);
  }

  function select(id) {
    selected = id;
    const ev = events.get(id);
    for (const tr of $("log").tBodies[0].rows) {
      if (tr.dataset.id === id) tr.setAttribute("aria-current", "true"); else tr.removeAttribute("aria-current");
    }
    $("detail").hidden = false;
    $("detail-summary").textContent = ev.request.method + " " + ev.request.url + " answered " + statusText(ev) + (ev.stubMapping ? " by " + stubLabel(ev) : "");
    $("suggestion").hidden = true;
    $("suggestion-result").textContent = "";
    const misses = $("near-miss-list");
    misses.replaceChildren();
    $("near-miss").hidden = ev.wasMatched;
    if (!ev.wasMatched) {
      for (const miss of ev.nearMisses || []) {
        misses.append(el("li", (miss.stubName || miss.stubId || "a stub") + " (distance " + Number(miss.distance).toFixed(2) + ")"));
      }
      if (!(ev.nearMisses || []).length) misses.append(el("li", "No stub comes close.", "muted"));
      $("near-miss-report").textContent = ev.nearMissReport || "";
    }
    $("detail").scrollIntoView({ block: "nearest" });
  }

  async function makeStub() {
    if (!selected) return;
    const result = $("suggestion-result");
    try {
      const response = await call("/dashboard/stub-suggestion/" + encodeURIComponent(selected));
      if (!response.ok) { result.textContent = "Could not make a stub: " + response.status + " " + (await response.text()); $("suggestion").hidden = false; return; }
      suggestion = await response.json();
      $("mapping-json").textContent = JSON.stringify(suggestion.mapping, null, 2);
      $("swift-code").textContent = suggestion.swift;
      $("suggestion").hidden = false;
      $("add-stub").disabled = false;
      $("add-stub").focus();
    } catch (error) { result.textContent = "Could not make a stub: " + error; }
  }

  async function addStub() {
    if (!suggestion) return;
    const result = $("suggestion-result");
    $("add-stub").disabled = true;
    try {
      const response = await call("/mappings", { method: "POST", body: JSON.stringify(suggestion.mapping), headers: { "Content-Type": "application/json" } });
      const text = await response.text();
      if (response.status === 201) {
        const stored = JSON.parse(text);
        result.textContent = "Stub added: " + (stored.name || "") + " (" + stored.id + ")";
        result.dataset.stubId = stored.id;
        refreshState();
      } else {
        result.textContent = "The server refused the stub: " + response.status + " " + text;
        $("add-stub").disabled = false;
      }
    } catch (error) { result.textContent = "Could not add the stub: " + error; $("add-stub").disabled = false; }
  }

  async function copy(id, button) {
    try { await navigator.clipboard.writeText($(id).textContent); button.textContent = "Copied"; }
    catch (error) {
      const range = document.createRange(); range.selectNodeContents($(id));
      const selection = getSelection(); selection.removeAllRanges(); selection.addRange(range);
      button.textContent = "Selected: press Ctrl+C or Cmd+C";
    }
  }

  function patternText(p) {
    const method = p.method || "ANY";
    const url = p.url || p.urlPath || p.urlPattern || p.urlPathPattern || p.urlPathTemplate || "(any URL)";
    return method + " " + url;
  }

  function scheduleRefresh() {
    if (refreshTimer) return;
    refreshTimer = setTimeout(() => { refreshTimer = null; refreshState(); }, 250);
  }

  async function refreshState() {
    let state;
    try {
      const response = await call("/dashboard/state");
      if (!response.ok) return;
      state = await response.json();
    } catch (error) { return; }
    const stubs = $("stubs").tBodies[0];
    stubs.replaceChildren(...state.stubs.map((stub) => {
      const tr = document.createElement("tr");
      tr.dataset.id = stub.id;
      tr.append(el("td", stub.name || stub.id), el("td", patternText(stub.request)), el("td", stub.namespace || ""), el("td", String(stub.hits)));
      return tr;
    }));
    if (!state.stubs.length) { const cell = el("td", "No stubs.", "muted"); cell.colSpan = 4; const tr = document.createElement("tr"); tr.append(cell); stubs.append(tr); }
    $("scenarios").replaceChildren(...state.scenarios.map((s) => el("li", s.name + ": " + s.state)));
    if (!state.scenarios.length) $("scenarios").append(el("li", "No scenarios.", "muted"));
    $("namespaces").replaceChildren(...state.namespaces.map((n) => el("li", n)));
    if (!state.namespaces.length) $("namespaces").append(el("li", "None yet.", "muted"));
    for (const n of state.namespaces) addNamespaceOption(n);
  }

  function handleBlock(block) {
    let type = "message", data = [];
    for (const line of block.split("\n")) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") type = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^[0-9]+$/.test(value)) retry = Number(value);
    }
    if (!data.length) return;
    const payload = JSON.parse(data.join("\n"));
    if (type === "request") addRow(payload);
    else if (type === "dropped") {
      const note = $("dropped");
      note.hidden = false;
      note.textContent = payload.count + " request(s) were not shown: this page read the feed too slowly.";
    }
  }

  async function listen() {
    for (;;) {
      try {
        const response = await call("/dashboard/events", { headers: { Accept: "text/event-stream" } });
        if (response.status === 401) { $("connection").textContent = "The server wants its admin token: open this page as /__admin/dashboard?token=…"; return; }
        if (!response.ok || !response.body) throw new Error("status " + response.status);
        $("connection").textContent = "Live";
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) { handleBlock(buffer.slice(0, end)); buffer = buffer.slice(end + 2); }
        }
      } catch (error) { /* the server went away: try again */ }
      $("connection").textContent = "Disconnected; reconnecting…";
      await new Promise((resolve) => setTimeout(resolve, retry));
    }
  }

  $("filters").addEventListener("input", applyFilters);
  $("filters").addEventListener("change", applyFilters);
  $("filters").addEventListener("submit", (e) => e.preventDefault());
  $("clear-log").addEventListener("click", () => { $("log").tBodies[0].replaceChildren(); events.clear(); $("empty").hidden = false; $("detail").hidden = true; });
  $("make-stub").addEventListener("click", makeStub);
  $("add-stub").addEventListener("click", addStub);
  $("copy-json").addEventListener("click", (e) => copy("mapping-json", e.currentTarget));
  $("copy-swift").addEventListener("click", (e) => copy("swift-code", e.currentTarget));
  refreshState();
  listen();
})();
</script>
</body>
</html>
"""#
}
