// Renders /openapi.json without any third-party code, so it works offline.
"use strict";
(function () {
  const base = location.pathname.replace(/docs\/?$/, "");
  const el = (tag, attrs, ...kids) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else node.setAttribute(k, v);
    }
    for (const kid of kids) node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    return node;
  };
  // A tiny Markdown subset: `code` and paragraphs.
  const md = (text) => {
    const frag = document.createDocumentFragment();
    for (const para of String(text || "").split(/\n\n+/)) {
      const p = el("p");
      String(para).split(/(`[^`]*`)/).forEach((part) => {
        p.append(part.startsWith("`") && part.endsWith("`") && part.length > 1 ? el("code", {}, part.slice(1, -1)) : part);
      });
      frag.append(p);
    }
    return frag;
  };
  let doc = null;
  const deref = (schema) => {
    let s = schema || {};
    while (s.$ref) s = s.$ref.split("/").slice(1).reduce((o, k) => o[k], doc);
    return s;
  };
  const refName = (schema) => (schema && schema.$ref ? schema.$ref.split("/").pop() : null);
  const typeOf = (schema) => {
    if (!schema) return "";
    const name = refName(schema);
    if (name) return el("a", { href: "#schema-" + name }, name);
    if (schema.anyOf) {
      const span = el("span");
      schema.anyOf.forEach((s, i) => { if (i) span.append(" | "); span.append(typeOf(s)); });
      return span;
    }
    if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    if (schema.type === "array") { const s = el("span", {}, "array of "); s.append(typeOf(schema.items)); return s; }
    if (schema.type === "object" && schema.additionalProperties && schema.additionalProperties !== true) {
      const s = el("span", {}, "object of "); s.append(typeOf(schema.additionalProperties)); return s;
    }
    return schema.type || "any";
  };
  const fieldsTable = (schema) => {
    const s = deref(schema);
    if (!s.properties) return el("p", { class: "muted" }, "Any JSON object.");
    const required = new Set(s.required || []);
    const table = el("table", {}, el("tr", {}, el("th", {}, "field"), el("th", {}, "type"), el("th", {}, "")));
    for (const [name, prop] of Object.entries(s.properties)) {
      const desc = el("td");
      desc.append(md(prop.description || ""));
      table.append(el("tr", {}, el("td", {}, el("code", {}, name), required.has(name) ? " *" : ""),
        el("td", {}, typeOf(prop)), desc));
    }
    return table;
  };
  const example = (schema) => {
    const s = deref(schema);
    return (s.examples && s.examples[0]) || {};
  };
  const tryIt = (path, method, op) => {
    const box = el("div");
    const area = el("textarea");
    const query = el("input", { type: "text", placeholder: "query string, e.g. lang=it", size: "40" });
    const out = el("pre", { class: "muted" }, "");
    if (op.requestBody) {
      area.value = JSON.stringify(example(op.requestBody.content["application/json"].schema), null, 2);
      box.append(area);
    } else if (op.parameters && op.parameters.length) {
      box.append(query);
    }
    const button = el("button", { type: "button" }, "Send");
    button.addEventListener("click", async () => {
      out.textContent = "…";
      try {
        const url = base + path.replace(/^\//, "") + (query.value ? "?" + query.value : "");
        const init = { method, headers: {} };
        if (op.requestBody) { init.headers["Content-Type"] = "application/json"; init.body = area.value; }
        const res = await fetch(url, init);
        const text = await res.text();
        let shown = text;
        try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (e) { /* not JSON */ }
        out.textContent = res.status + " " + res.statusText + "  (X-Request-ID: " + res.headers.get("X-Request-ID") + ")\n" + shown;
      } catch (e) { out.textContent = String(e); }
    });
    box.append(el("br"), button, out);
    return box;
  };
  const render = () => {
    document.getElementById("title").textContent = doc.info.title + " API";
    document.getElementById("version").textContent = "version " + doc.info.version + " · OpenAPI " + doc.openapi;
    document.getElementById("intro").append(md(doc.info.description));
    const ops = document.getElementById("operations");
    const toc = document.getElementById("toc");
    ops.textContent = "";
    ops.append(el("h2", {}, "Endpoints"));
    const list = el("ul");
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const M = method.toUpperCase();
        const id = "op-" + op.operationId;
        list.append(el("li", {}, el("a", { href: "#" + id }, M + " " + path), " — " + (op.summary || "")));
        const card = el("div", { class: "op", id });
        card.append(el("h3", {}, el("span", { class: "method " + M }, M), " ", el("code", {}, path), " ", op.summary || ""));
        card.append(md(op.description));
        for (const p of op.parameters || []) {
          card.append(el("p", {}, "Query ", el("code", {}, p.name), p.required ? " (required): " : ": ", typeOf(p.schema), " ", p.description || ""));
        }
        if (op.requestBody) {
          card.append(el("h4", {}, "Body"), fieldsTable(op.requestBody.content["application/json"].schema));
        }
        const rows = el("table", {}, el("tr", {}, el("th", {}, "status"), el("th", {}, "meaning")));
        for (const [status, resp] of Object.entries(op.responses)) {
          const r = deref(resp);
          const content = r.content ? Object.entries(r.content)[0] : null;
          const cell = el("td", {}, r.description || "");
          if (content) { cell.append(" — ", el("code", {}, content[0]), " ", typeOf(content[1].schema)); }
          rows.append(el("tr", {}, el("td", {}, status), cell));
        }
        card.append(el("h4", {}, "Responses"), rows, el("h4", {}, "Try it"), tryIt(path, M, op));
        ops.append(card);
      }
    }
    toc.append(el("h2", {}, "Contents"), list);
    const schemas = document.getElementById("schemas");
    schemas.append(el("h2", {}, "Schemas"));
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      const card = el("div", { class: "op", id: "schema-" + name });
      card.append(el("h3", {}, name));
      card.append(md(schema.description || ""));
      if (schema.enum) card.append(el("p", {}, "One of: ", schema.enum.map((v) => JSON.stringify(v)).join(", ")));
      else card.append(fieldsTable(schema));
      schemas.append(card);
    }
  };
  fetch(base + "openapi.json")
    .then((r) => r.json())
    .then((d) => { doc = d; render(); })
    .catch((e) => { document.getElementById("operations").textContent = "Could not load openapi.json: " + e; });
})();
