// The page's drawing of the steps until the selected entry: each step and the screen it led to
// (the top visible screen of the next rendered tree), the newest lit. Appended to the page's
// script, in the same element; built with `createElementNS` and `textContent` only.
extension JournalInspectorPage {
  static let pathScript = #"""
    // The rendered tree at or after each entry, made on first use (a `var`: the script above
    // calls drawPath before this part has run).
    var nextTreeOf;
    function topScreen(tree) {
      let top = "";
      for (const line of tree.split("\n")) {
        const match = /screen "(.*)" \*$/.exec(line.trim());
        if (match) top = match[1];
      }
      return top;
    }
    // The steps that led to the selected entry, the last one lit.
    function drawPath() {
      if (!nextTreeOf) {
        nextTreeOf = new Int32Array(N);
        for (let i = N - 1, tree = -1; i >= 0; i--) {
          if (E[i][KIND] === "renderedTree") tree = i;
          nextTreeOf[i] = tree;
        }
      }
      const svg = $("path"), ns = "http://www.w3.org/2000/svg";
      svg.replaceChildren();
      const upTo = lastAtOrBefore(steps, current);
      const shown = steps.slice(Math.max(0, upTo - 7), upTo + 1);
      const width = 150, gap = 24;
      svg.setAttribute("width", String(Math.max(1, shown.length * (width + gap))));
      shown.forEach((i, n) => {
        const group = document.createElementNS(ns, "g");
        if (n === shown.length - 1) group.setAttribute("class", "current");
        const x = n * (width + gap);
        const rect = document.createElementNS(ns, "rect");
        rect.setAttribute("x", String(x)); rect.setAttribute("y", "8");
        rect.setAttribute("width", String(width)); rect.setAttribute("height", "40"); rect.setAttribute("rx", "4");
        const label = document.createElementNS(ns, "text");
        label.setAttribute("x", String(x + 6)); label.setAttribute("y", "24");
        const text = firstLine(E[i][TEXT]);
        label.textContent = text.length > 22 ? text.slice(0, 21) + "…" : text;
        const where = document.createElementNS(ns, "text");
        where.setAttribute("x", String(x + 6)); where.setAttribute("y", "40");
        const name = D.sources[E[i][SRC]];
        const screen = nextTreeOf[i] >= 0 ? topScreen(E[nextTreeOf[i]][TEXT]) : "";
        const caption = screen ? "→ " + screen : name;
        where.textContent = caption.length > 22 ? caption.slice(0, 21) + "…" : caption;
        const title = document.createElementNS(ns, "title");
        title.textContent = "#" + E[i][SEQ] + " " + name + ": " + E[i][TEXT] + (screen ? " → screen " + screen : "");
        group.append(rect, label, where, title);
        if (n > 0) {
          const arrow = document.createElementNS(ns, "path");
          arrow.setAttribute("d", "M" + (x - gap) + " 28 h" + (gap - 4) + " l-4 -4 m4 4 l-4 4");
          arrow.setAttribute("stroke", "#999"); arrow.setAttribute("fill", "none");
          svg.append(arrow);
        }
        svg.append(group);
      });
      // The newest step, lit, in sight.
      $("path-box").scrollLeft = $("path-box").scrollWidth;
    }


    """#
}
