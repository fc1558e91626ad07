// The page's markup and style: nothing from the journal is in them (the script fills the page in).
extension JournalInspectorPage {
  static let body = #"""
    <header><h1 id="title">Journal</h1><span id="meta"></span>
    <div id="mark" hidden><strong>The replay diverged here.</strong> Recorded: <code id="expected"></code>
    Replayed: <code id="actual"></code> <button id="show-mark">Show</button></div></header>
    <main>
    <section id="left">
    <div id="filters"><span id="kinds"></span>
    <select id="source"><option value="-1">every source</option></select>
    <input id="search" type="search" placeholder="Search entries" aria-label="Search entries">
    <span id="count"></span></div>
    <div id="timeline" tabindex="0" role="listbox" aria-label="Entries"><div id="rows"></div></div>
    </section>
    <section id="right">
    <div id="scrub"><input type="range" id="slider" min="0" value="0" aria-label="Entry">
    <span id="position"></span> <code id="callsite"></code></div>
    <h2>Steps until here</h2><div id="path-box"><svg id="path" xmlns="http://www.w3.org/2000/svg" height="64"></svg></div>
    <h2>Screen tree</h2><pre id="tree"></pre>
    <h2>States</h2><div id="states"></div>
    </section>
    </main>

    """#

  static let style = #"""
    body { font: 13px/1.4 -apple-system, system-ui, sans-serif; margin: 0; color: #1d1d1f; }
    header { padding: 8px 12px; border-bottom: 1px solid #ddd; }
    h1 { font-size: 16px; display: inline; margin-right: 12px; }
    h2 { font-size: 13px; margin: 12px 0 4px; color: #555; }
    #mark { margin-top: 6px; padding: 6px; background: #fff0f0; border: 1px solid #e33; }
    main { display: flex; height: calc(100vh - 50px); }
    #left { flex: 1 1 55%; display: flex; flex-direction: column; border-right: 1px solid #ddd; min-width: 0; }
    #right { flex: 1 1 45%; overflow: auto; padding: 0 12px 12px; min-width: 0; }
    #filters { padding: 6px; border-bottom: 1px solid #eee; }
    #filters label { margin-right: 6px; white-space: nowrap; }
    #timeline { flex: 1; overflow: auto; position: relative; font: 12px/20px ui-monospace, Menlo, monospace; }
    #rows { position: relative; }
    .row { position: absolute; left: 0; right: 0; height: 20px; padding: 0 6px; white-space: pre;
      overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
    .row:hover { background: #f3f3f3; }
    .row.selected { background: #d8e8ff; }
    .row.divergence { border-left: 4px solid #e33; }
    .row.k-diagnostic { color: #b00; }
    .row.k-mutation, .row.k-effectOutput { color: #555; }
    .row.k-stateSnapshot, .row.k-renderedTree { color: #888; }
    pre { background: #f7f7f7; padding: 6px; overflow: auto; margin: 0; }
    #scrub { position: sticky; top: 0; background: #fff; padding: 8px 0; }
    #slider { width: 100%; }
    details { margin: 2px 0 2px 12px; }
    details.source { margin-left: 0; border: 1px solid #eee; padding: 4px; }
    .leaf { margin-left: 12px; font-family: ui-monospace, Menlo, monospace; white-space: pre-wrap; }
    .changed { background: #fff3b0; }
    #path-box { overflow-x: auto; }
    #path text { font: 11px ui-monospace, Menlo, monospace; }
    #path rect { fill: #f3f3f3; stroke: #999; }
    #path .current rect { fill: #d8e8ff; stroke: #36c; }

    """#
}
