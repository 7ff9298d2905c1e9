const overview = document.getElementById("overview");
const overviewContext = overview.getContext("2d");
const narrow = window.matchMedia("(max-width: 600px)");
let overviewImage = null;
narrow.addEventListener("change", () => { overviewImage = null; });  // a rotation: another size
/// The map's longer side in CSS pixels: 180, or 120 on a phone.
function overviewScale() {
  return (narrow.matches ? 120 : 180) / Math.max(data.width, data.height);
}

/// On a phone the map would cover the chart's lower left: it shows while the view
/// moves and OVERVIEW_LINGER ms after, not at rest (nor under the details sheet).
const OVERVIEW_LINGER = 1500;
let overviewSleep = 0;
function drawOverview() {
  const { width, height } = size();
  const resting = narrow.matches && performance.now() - viewMovedAt >= OVERVIEW_LINGER;
  const show = boxCount > 1 && (data.width * view.scale > 1.5 * width || data.height * view.scale > 1.5 * height)
    && !(narrow.matches && !panel.hidden) && !resting;
  if (show && narrow.matches) {
    clearTimeout(overviewSleep);
    overviewSleep = setTimeout(drawOverview, viewMovedAt + OVERVIEW_LINGER - performance.now() + 20);
  }
  if (!show) {
    if (!overview.hidden) overview.hidden = true;
    return;
  }
  const s = overviewScale(), ratio = window.devicePixelRatio || 1;
  const w = Math.max(24, Math.round(data.width * s)), h = Math.max(24, Math.round(data.height * s));
  if (!overviewImage) {
    // Made once, a moment after the frame that first needs it (not in the page's first frame).
    if (!overviewPending) {
      overviewPending = setTimeout(() => { overviewPending = 0; makeOverview(w, h, s, ratio); drawOverview(); }, 50);
    }
    return;
  }
  if (overview.hidden) overview.hidden = false;
  overviewContext.setTransform(1, 0, 0, 1, 0, 0);
  overviewContext.drawImage(overviewImage, 0, 0);
  overviewContext.setTransform(ratio * s, 0, 0, ratio * s, 0, 0);
  overviewContext.lineWidth = 2 / s;
  overviewContext.strokeStyle = "#e8590c";
  overviewContext.strokeRect(-view.x / view.scale, -view.y / view.scale, width / view.scale, height / view.scale);
}

let overviewPending = 0;
/// The map's picture: every box as a dot of its outline colour.
function makeOverview(w, h, s, ratio) {
  overview.style.width = w + "px";
  overview.style.height = h + "px";
  overview.width = Math.round(w * ratio);
  overview.height = Math.round(h * ratio);
  overviewImage = document.createElement("canvas");
  overviewImage.width = overview.width;
  overviewImage.height = overview.height;
  const c = overviewImage.getContext("2d"), d = data.boxes;
  c.fillStyle = data.background;
  c.fillRect(0, 0, overview.width, overview.height);
  c.scale(ratio * s, ratio * s);
  const paths = data.colours.map(() => new Path2D());
  for (let b = 0; b < boxCount; b++) paths[data.boxColour[b]].rect(d[4 * b], d[4 * b + 1], d[4 * b + 2], d[4 * b + 3]);
  data.colours.forEach(([, outline], k) => { c.fillStyle = outline; c.fill(paths[k]); });
}

/// Centres the window on the chart point under the pointer on the map.
function moveFromOverview(event) {
  const r = overview.getBoundingClientRect(), s = overviewScale();
  const cx = (event.clientX - r.left) / s, cy = (event.clientY - r.top) / s;
  const { width, height } = size();
  cancelAnimationFrame(flight);
  setView(view.scale, width / 2 - cx * view.scale, height / 2 - cy * view.scale);
}
overview.addEventListener("pointerdown", (event) => {
  overview.setPointerCapture(event.pointerId);
  moveFromOverview(event);
});
overview.addEventListener("pointermove", (event) => {
  if (overview.hasPointerCapture(event.pointerId)) moveFromOverview(event);
});
