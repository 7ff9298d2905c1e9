const canvas = document.getElementById("far-view");
const context = canvas.getContext("2d");
let byLeft = Int32Array.from(data.personOfBox.keys()).sort((a, b) => data.boxes[4 * a] - data.boxes[4 * b]);
let widest = 0;  // the scene's (own-chart.js swaps these)
for (let b = 0; b < boxCount; b++) widest = Math.max(widest, data.boxes[4 * b + 2]);
let farLines = null;

/// The chart's lines and bars as one path per style, in page coordinates.
function lineStyles() {
  const chart = svg.querySelector("g.chart");
  const matrix = chart.transform.baseVal.consolidate()?.matrix ?? new DOMMatrix();
  const styles = new Map();
  lineElements.forEach((elements, h) => {
    for (const element of elements) {
      if (element.tagName !== "path") continue;
      const key = element.getAttribute("class");
      let style = styles.get(key);
      if (!style) {
        // The style of a path like it in the document (the path itself may be out of it, in a cell).
        const probe = element.cloneNode(false);
        lineHolders[h].append(probe);
        const computed = getComputedStyle(probe);
        const dashes = computed.strokeDasharray === "none" ? [] : computed.strokeDasharray.split(/[\s,]+/).map(parseFloat);
        style = { path: new Path2D(), colour: computed.stroke, width: parseFloat(computed.strokeWidth) * matrix.a, dashes };
        probe.remove();
        styles.set(key, style);
      }
      style.path.addPath(new Path2D(element.getAttribute("d")), matrix);
    }
  });
  return [...styles.values()];
}

function drawFar(far) {
  canvas.hidden = !far;
  // Hidden by opacity: visibility is inherited, and setting it had every element of
  // the chart (10,000 lines on a 10k page) restyled at each crossing, a frame of 100–250 ms.
  stage.style.opacity = far ? "0" : "";
  if (!far) return;
  farLines ??= lineStyles();
  const { width, height } = size();
  const ratio = window.devicePixelRatio || 1;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  const s = view.scale, d = data.boxes;
  context.setTransform(ratio * s, 0, 0, ratio * s, ratio * view.x, ratio * view.y);
  context.fillStyle = data.background;
  context.fillRect(0, 0, data.width, data.height);
  context.globalAlpha = lighting ? 0.3 : 1;  // a highlight dims the rest; the lines too, here
  for (const line of farLines) {
    context.strokeStyle = line.colour;
    context.lineWidth = Math.max(line.width, 1 / s);
    context.setLineDash(line.width * s > 0.5 ? line.dashes : []);
    context.stroke(line.path);
  }
  context.setLineDash([]);
  context.globalAlpha = 1;
  const left = -view.x / s - widest, right = (width - view.x) / s, top = -view.y / s, bottom = (height - view.y) / s;
  let first = 0, last = byLeft.length;
  while (first < last) {
    const middle = (first + last) >> 1;
    if (d[4 * byLeft[middle]] < left) first = middle + 1; else last = middle;
  }
  const paths = data.colours.map(() => new Path2D());
  const dimmed = lighting ? data.colours.map(() => new Path2D()) : paths;
  const rounded = data.radius * s >= 1.5 && typeof Path2D.prototype.roundRect === "function";
  for (let k = first; k < byLeft.length; k++) {
    const b = byLeft[k], x = d[4 * b], y = d[4 * b + 1];
    if (x > right) break;
    if (y > bottom || y + d[4 * b + 3] < top) continue;
    const path = (lighting && !lit[data.personOfBox[b]] ? dimmed : paths)[data.boxColour[b]];
    if (rounded) path.roundRect(x, y, d[4 * b + 2], d[4 * b + 3], data.radius);
    else path.rect(x, y, d[4 * b + 2], d[4 * b + 3]);
  }
  context.lineWidth = Math.max(data.outline, 1 / s);
  for (const [set, alpha] of lighting ? [[dimmed, 0.3], [paths, 1]] : [[paths, 1]]) {
    context.globalAlpha = alpha;
    data.colours.forEach(([fill, outline], c) => {
      context.fillStyle = fill;
      context.fill(set[c]);
      context.strokeStyle = outline;
      context.stroke(set[c]);
    });
  }
  context.globalAlpha = 1;
  if (selected >= 0) {
    context.lineWidth = 3 / s;
    context.strokeStyle = "#e8590c";
    for (const b of boxesOf[selected]) context.strokeRect(d[4 * b], d[4 * b + 1], d[4 * b + 2], d[4 * b + 3]);
  }
}
