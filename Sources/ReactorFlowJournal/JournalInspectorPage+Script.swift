// The page's script. It shows every text from the journal with `textContent` and builds every
// element with `createElement`: nothing from a journal is ever parsed as markup.
extension JournalInspectorPage {
  static let script = #"""
    "use strict";
    const D = JSON.parse(document.getElementById("journal").textContent);
    const E = D.entries, N = E.length, ROW = 20;
    const SEQ = 0, MS = 1, KIND = 2, SRC = 3, LABEL = 4, TEXT = 5, VALUE = 6, AT = 7;
    const $ = (id) => document.getElementById(id);

    // What each entry sees: the last rendered tree at or before it, each source's checkpoints.
    const lastTree = new Int32Array(N);
    const steps = [];
    const snapshots = new Map();
    for (let i = 0, tree = -1; i < N; i++) {
      const e = E[i];
      if (e[KIND] === "renderedTree") tree = i;
      lastTree[i] = tree;
      if (e[KIND] === "step") steps.push(i);
      if (e[KIND] === "stateSnapshot") {
        if (!snapshots.has(e[SRC])) snapshots.set(e[SRC], []);
        snapshots.get(e[SRC]).push(i);
      }
    }
    function lastAtOrBefore(list, i) {
      let lo = 0, hi = list.length - 1, found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid] <= i) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
      }
      return found;
    }
    // Sequence numbers are strings of decimal digits without leading zeros (exact past 2^53, where
    // a Number is not): the shorter is the smaller, and of the same length, the first in order.
    function compareSequences(a, b) {
      return a.length !== b.length ? a.length - b.length : (a < b ? -1 : a > b ? 1 : 0);
    }
    function indexOfSequence(sequence) {
      let lo = 0, hi = N - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const order = compareSequences(E[mid][SEQ], sequence);
        if (order === 0) return mid;
        if (order < 0) lo = mid + 1; else hi = mid - 1;
      }
      return Math.min(Math.max(lo, 0), N - 1);
    }
    function time(ms) { return "+" + (ms / 1000).toFixed(3) + "s"; }
    function firstLine(text) {
      const line = text.split("\n", 1)[0];
      return line.length > 300 ? line.slice(0, 300) + "…" : line;
    }
    function describe(e) {
      return e[LABEL] + (e[KIND] === "renderedTree" || e[TEXT] === "" ? "" : ": " + firstLine(e[TEXT]));
    }
    // Where an action was sent or a step accepted: `File.swift:42` (its module left out), or "".
    function callSite(e) {
      return e[AT] === null ? "" : e[AT].slice(e[AT].lastIndexOf("/") + 1);
    }

    // Header and filters.
    $("title").textContent = D.app + " — journal";
    $("meta").textContent = "build " + D.build + " · " + N + " entries" +
      (D.dropped > 0 ? " · " + D.dropped + " earlier entries dropped" : "");
    const kinds = [...new Set(E.map((e) => e[KIND]))];
    const shownKinds = new Set(kinds);
    for (const kind of kinds) {
      const label = document.createElement("label");
      const box = document.createElement("input");
      box.type = "checkbox"; box.checked = true; box.dataset.kind = kind;
      box.addEventListener("change", () => {
        if (box.checked) shownKinds.add(kind); else shownKinds.delete(kind);
        refilter();
      });
      label.append(box, " " + kind);
      $("kinds").append(label);
    }
    D.sources.forEach((name, index) => {
      const option = document.createElement("option");
      option.value = String(index); option.textContent = name;
      $("source").append(option);
    });
    $("source").addEventListener("change", refilter);
    $("search").addEventListener("input", refilter);

    // The timeline: only the rows in sight are in the document, so that a long session opens at once.
    let view = new Int32Array(0);
    let current = 0;
    const timeline = $("timeline"), rows = $("rows");
    function refilter() {
      const source = Number($("source").value);
      const query = $("search").value.toLowerCase();
      const kept = [];
      for (let i = 0; i < N; i++) {
        const e = E[i];
        if (!shownKinds.has(e[KIND])) continue;
        if (source >= 0 && e[SRC] !== source) continue;
        if (query && !(e[TEXT].toLowerCase().includes(query) || e[LABEL].includes(query) ||
          D.sources[e[SRC]].toLowerCase().includes(query) ||
          (e[AT] !== null && e[AT].toLowerCase().includes(query)))) continue;
        kept.push(i);
      }
      view = Int32Array.from(kept);
      $("count").textContent = view.length + " of " + N + " entries";
      rows.style.height = view.length * ROW + "px";
      drawRows();
    }
    function drawRows() {
      const first = Math.max(0, Math.floor(timeline.scrollTop / ROW) - 5);
      const last = Math.min(view.length, first + Math.ceil(timeline.clientHeight / ROW) + 10);
      const fragment = document.createDocumentFragment();
      for (let position = first; position < last; position++) {
        const i = view[position], e = E[i];
        const row = document.createElement("div");
        row.className = "row k-" + e[KIND] + (i === current ? " selected" : "") +
          (D.mark && D.mark.index === i ? " divergence" : "");
        row.style.top = position * ROW + "px";
        row.dataset.index = String(i);
        row.textContent = "#" + e[SEQ] + "  " + time(e[MS]) + "  " + D.sources[e[SRC]] + "  " + describe(e) +
          (e[AT] === null ? "" : "  at " + callSite(e));
        row.title = e[TEXT].length > 300 ? e[TEXT].slice(0, 2000) : e[TEXT];
        fragment.append(row);
      }
      rows.replaceChildren(fragment);
    }
    timeline.addEventListener("scroll", drawRows);
    rows.addEventListener("click", (event) => {
      const row = event.target.closest(".row");
      if (row) select(Number(row.dataset.index));
    });

    // The selected entry.
    const slider = $("slider");
    slider.max = String(Math.max(0, N - 1));
    slider.addEventListener("input", () => select(Number(slider.value)));
    function select(i, fromAddress) {
      if (N === 0) return;
      current = Math.min(Math.max(i, 0), N - 1);
      slider.value = String(current);
      if (!fromAddress) history.replaceState(null, "", "#entry=" + E[current][SEQ]);
      const e = E[current];
      $("position").textContent = "Entry #" + e[SEQ] + " (" + (current + 1) + " of " + N + ") " +
        time(e[MS]) + " · " + D.sources[e[SRC]] + " · " + describe(e);
      $("callsite").textContent = e[AT] === null ? "" : "at " + callSite(e);
      $("callsite").title = e[AT] === null ? "" : e[AT];
      const tree = lastTree[current];
      $("tree").textContent = tree >= 0 ? E[tree][TEXT] : "(no screen tree recorded yet)";
      $("tree").dataset.entry = tree >= 0 ? String(E[tree][SEQ]) : "";
      drawStates();
      drawPath();
      const position = lowerBound(view, current);
      if (position < view.length && view[position] === current) {
        const top = position * ROW;
        if (top < timeline.scrollTop || top + ROW > timeline.scrollTop + timeline.clientHeight) {
          timeline.scrollTop = Math.max(0, top - timeline.clientHeight / 2);
        }
      }
      drawRows();
    }
    function lowerBound(list, value) {
      let lo = 0, hi = list.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (list[mid] < value) lo = mid + 1; else hi = mid; }
      return lo;
    }

    // Each reactor's state at its last checkpoint, what changed since the one before marked.
    function parse(text) {
      if (text === null) return undefined;
      try { return JSON.parse(text); } catch (error) { return undefined; }
    }
    function flatten(value, path, into) {
      if (value !== null && typeof value === "object") {
        const keys = Object.keys(value);
        if (keys.length === 0) into.set(path, Array.isArray(value) ? "[]" : "{}");
        for (const key of keys) flatten(value[key], path + "/" + key, into);
      } else {
        into.set(path, JSON.stringify(value));
      }
      return into;
    }
    function changedPaths(before, after) {
      const changed = new Set();
      if (before === undefined) return changed;
      const a = flatten(before, "", new Map()), b = flatten(after, "", new Map());
      for (const [path, value] of b) if (a.get(path) !== value) changed.add(path);
      for (const path of a.keys()) if (!b.has(path)) changed.add(path);
      return changed;
    }
    function drawValue(value, name, path, changed, parent) {
      if (value !== null && typeof value === "object" && Object.keys(value).length > 0) {
        const details = document.createElement("details");
        details.open = true;
        const summary = document.createElement("summary");
        summary.textContent = name + (Array.isArray(value) ? " [" + value.length + "]" : "");
        if ([...changed].some((p) => p === path || p.startsWith(path + "/"))) summary.classList.add("changed");
        details.append(summary);
        for (const key of Object.keys(value)) drawValue(value[key], key, path + "/" + key, changed, details);
        parent.append(details);
      } else {
        const leaf = document.createElement("div");
        leaf.className = "leaf" + (changed.has(path) ? " changed" : "");
        leaf.dataset.path = path;
        leaf.textContent = name + ": " + JSON.stringify(value);
        parent.append(leaf);
      }
    }
    function drawStates() {
      const states = $("states");
      states.replaceChildren();
      for (const [source, list] of snapshots) {
        const k = lastAtOrBefore(list, current);
        if (k < 0) continue;
        const entry = E[list[k]], previous = k > 0 ? E[list[k - 1]] : null;
        const box = document.createElement("details");
        box.className = "source"; box.open = true;
        box.dataset.source = D.sources[source];
        box.dataset.entry = String(entry[SEQ]);
        const summary = document.createElement("summary");
        summary.textContent = D.sources[source] + " · as of #" + entry[SEQ];
        box.append(summary);
        const value = parse(entry[VALUE]);
        if (value === undefined) {
          const text = document.createElement("pre");
          text.textContent = entry[TEXT];
          if (previous && previous[TEXT] !== entry[TEXT]) text.classList.add("changed");
          box.append(text);
        } else {
          const changed = changedPaths(previous ? parse(previous[VALUE]) : undefined, value);
          drawValue(value, "state", "", changed, box);
        }
        states.append(box);
      }
      if (!states.firstChild) states.textContent = "(no state recorded yet)";
    }

    // Keys, the address, the replay's divergence.
    document.addEventListener("keydown", (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
      if (event.target instanceof HTMLSelectElement) return;
      const position = lowerBound(view, current);
      let next = null;
      if (event.key === "ArrowDown" || event.key === "ArrowRight") {
        next = view[Math.min(view.length - 1, view[position] === current ? position + 1 : position)];
      } else if (event.key === "ArrowUp" || event.key === "ArrowLeft") {
        next = view[Math.max(0, position - 1)];
      } else if (event.key === "Home") { next = view[0]; } else if (event.key === "End") { next = view[view.length - 1]; }
      if (next !== null && next !== undefined) { event.preventDefault(); select(next); }
    });
    function fromAddress() {
      const match = /entry=(\d+)/.exec(location.hash);
      select(match ? indexOfSequence(match[1].replace(/^0+(?=\d)/, "")) : 0, true);
    }
    window.addEventListener("hashchange", fromAddress);
    if (D.mark) {
      $("mark").hidden = false;
      $("expected").textContent = D.mark.expected;
      $("actual").textContent = D.mark.actual;
      $("show-mark").addEventListener("click", () => select(D.mark.index));
    }
    refilter();
    fromAddress();
    window.inspector = { entries: N, selected: () => current, shown: () => view.length };

    """#
}
