// A person's own chart, laid out in the page (pure): their ancestors above, their
// descendants below, or both (hourglass), one row per generation, each person centred
// over the people they lead to (a parent couple over their child; a person over their
// descendants), subtrees packed as close as their rows allow (contours, as
// Reingold–Tilford) and never overlapping. A person met twice (pedigree collapse) is
// drawn each time.

const OWN_GAP = 16;       // points between boxes in a row
const OWN_ROW_GAP = 40;   // points between rows (the lines' room)
const OWN_MARGIN = 40;    // points around the chart
const OWN_MOST = 4000;    // boxes at most (a limit a page can draw at once)

/// The tree of `kind` ("ancestors", "descendants" or "hourglass") around person `focus`.
/// `relatives` says whom a person leads to: relatives(k, "up") their parents, (k, "down")
/// their children; `size(k)` is [width, height] of k's box; `generations` how many
/// rows are open above and below, the focus's counted (as `--generations`: 4 is the focus,
/// parents, grandparents and great-grandparents); `toggled` a Map from "up:k" / "down:k" to true
/// (open this person's branch beyond the limit) or false (closed). Returns { nodes, lines,
/// toggles, width, height, truncated }: nodes { k, x, y, width, height, depth, side } with
/// x, y the box's top left (the focus first, then breadth-first), lines { d, child,
/// parent } (child and parent persons: an elbow from the child's box to the parent's),
/// toggles { k, side, x, y, open } where a branch can be opened or closed.
function ownLayout(focus, kind, generations, relatives, size, toggled = new Map()) {
  const sides = kind === "ancestors" ? ["up"] : kind === "descendants" ? ["down"] : ["up", "down"];
  let count = 1, truncated = false;
  const [fw, fh] = size(focus);
  const root = { k: focus, depth: 0, width: fw, height: fh, kids: { up: [], down: [] } };
  const toggles = [];
  for (const side of sides) {
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head], next = relatives(node.k, side);
      if (next.length === 0) continue;
      const key = side + ":" + node.k, choice = toggled.get(key);
      const open = choice === undefined ? node.depth + 1 < generations : choice;
      toggles.push({ node, side, open });
      if (!open) continue;
      if (count + next.length > OWN_MOST) { truncated = true; toggles.pop(); continue; }
      for (const k of next) {
        const [width, height] = size(k);
        const kid = { k, depth: node.depth + 1, width, height, kids: { up: [], down: [] } };
        node.kids[side].push(kid);
        queue.push(kid);
        count++;
      }
    }
  }
  // Each side packed as a tree under the focus, x relative to the focus's centre.
  for (const side of sides) ownPlace(root, side);
  const nodes = [], lines = [];
  const rowHeight = { up: [], down: [] };
  const walk = (node, side, x, visit) => {
    visit(node, x);
    for (const kid of node.kids[side]) walk(kid, side, x + kid.offset[side], visit);
  };
  for (const side of sides) walk(root, side, 0, (n) => { rowHeight[side][n.depth] = Math.max(rowHeight[side][n.depth] || 0, n.height); });
  /// The top of row `depth` on `side` (the focus's row at 0).
  const rowTop = (side, depth) => {
    let y = 0;
    if (side === "up") for (let d = 1; d <= depth; d++) y -= (rowHeight.up[d] || 0) + OWN_ROW_GAP;
    else for (let d = 0; d < depth; d++) y += (d === 0 ? root.height : rowHeight.down[d] || 0) + OWN_ROW_GAP;
    return y;
  };
  nodes.push({ k: focus, x: -fw / 2, y: 0, width: fw, height: fh, depth: 0, side: "focus" });
  root.place = nodes[0];
  for (const side of sides) {
    const order = [[root, 0]];
    for (let head = 0; head < order.length; head++) {
      const [node, x] = order[head];
      for (const kid of node.kids[side]) {
        const kx = x + kid.offset[side];
        const y = side === "up" ? rowTop("up", kid.depth) + (rowHeight.up[kid.depth] - kid.height) : rowTop("down", kid.depth);
        kid.place = { k: kid.k, x: kx - kid.width / 2, y, width: kid.width, height: kid.height, depth: kid.depth, side };
        nodes.push(kid.place);
        order.push([kid, kx]);
        const a = node.place, b = kid.place;
        const [child, parent] = side === "up" ? [a, b] : [b, a];
        const middle = parent.y + parent.height + (child.y - parent.y - parent.height) / 2;
        lines.push({ d: `M${ownRound(child.x + child.width / 2)} ${ownRound(child.y)}V${ownRound(middle)}H${ownRound(parent.x + parent.width / 2)}V${ownRound(parent.y + parent.height)}`,
                     child: child.k, parent: parent.k });
      }
    }
  }
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const n of nodes) {
    x0 = Math.min(x0, n.x); y0 = Math.min(y0, n.y);
    x1 = Math.max(x1, n.x + n.width); y1 = Math.max(y1, n.y + n.height);
  }
  const dx = OWN_MARGIN - x0, dy = OWN_MARGIN - y0;
  for (const n of nodes) { n.x = ownRound(n.x + dx); n.y = ownRound(n.y + dy); }
  for (const line of lines) line.d = ownShiftPath(line.d, dx, dy);
  return {
    nodes, lines, truncated,
    toggles: toggles.map(({ node, side, open }) => {
      const p = node.place;
      return { k: node.k, side, open, x: ownRound(p.x + p.width / 2), y: ownRound(side === "up" ? p.y - 9 : p.y + p.height + 9) };
    }),
    width: ownRound(x1 - x0 + 2 * OWN_MARGIN), height: ownRound(y1 - y0 + 2 * OWN_MARGIN),
  };
}

function ownRound(v) {
  return Math.round(v * 100) / 100;
}

/// Path `d` of absolute M, V, H commands moved by (dx, dy).
function ownShiftPath(d, dx, dy) {
  return d.replace(/([MVH])([-\d.]+)(?: ([-\d.]+))?/g, (_, c, a, b) =>
    c === "M" ? `M${ownRound(+a + dx)} ${ownRound(+b + dy)}` : c === "V" ? `V${ownRound(+a + dy)}` : `H${ownRound(+a + dx)}`);
}

/// Packs `node`'s subtree on `side`: each kid's offset from node's centre (kid.offset[side]),
/// and the subtree's contour, [left, right] per row below node relative to node's centre.
function ownPlace(node, side) {
  const kids = node.kids[side];
  const own = [-node.width / 2, node.width / 2];
  node.offset ??= {};
  if (kids.length === 0) return [own];
  let merged = null;
  const shifts = [];
  for (const kid of kids) {
    const contour = ownPlace(kid, side);
    let shift = 0;
    if (merged) {
      shift = -Infinity;
      for (let d = 0; d < Math.min(merged.length, contour.length); d++) shift = Math.max(shift, merged[d][1] + OWN_GAP - contour[d][0]);
      for (let d = 0; d < contour.length; d++) {
        const [l, rt] = [contour[d][0] + shift, contour[d][1] + shift];
        merged[d] = d < merged.length ? [merged[d][0], rt] : [l, rt];
      }
    } else {
      merged = contour.map((c) => c.slice());
    }
    shifts.push(shift);
  }
  const centre = (shifts[0] + shifts[shifts.length - 1]) / 2;
  kids.forEach((kid, i) => { kid.offset ??= {}; kid.offset[side] = shifts[i] - centre; });
  return [own].concat(merged.map(([l, rt]) => [l - centre, rt - centre]));
}
