// View fitting (pure): where things are in the chart and the scale and offset that show
// them in a part of the window. A rectangle is [x, y, width, height] in chart points; an
// area is { left, top, right, bottom } in CSS pixels of the viewport; a view shows chart
// point p at p · scale + offset.

/// The rectangle around wedge j of a round chart (`wedges`, 7 numbers a wedge: centre x
/// and y, inner and outer radius, start and end angle in degrees, clockwise from east as
/// the SVG's y runs down, and the person): the ends of its two arcs and the points due
/// east, south, west or north on them that it passes.
function wedgeBounds(wedges, j) {
  const cx = wedges[j], cy = wedges[j + 1], r0 = wedges[j + 2], r1 = wedges[j + 3], a0 = wedges[j + 4], a1 = wedges[j + 5];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const at = (r, degrees) => {
    const a = degrees * Math.PI / 180, x = cx + r * Math.cos(a), y = cy + r * Math.sin(a);
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  };
  for (const r of [r0, r1]) {
    at(r, a0);
    at(r, a1);
    for (let q = Math.ceil(a0 / 90) * 90; q < a1 && q < a0 + 360; q += 90) at(r, q);
  }
  return [x0, y0, x1 - x0, y1 - y0];
}

/// The middle of rectangle `r`.
function middleOf(r) {
  return [r[0] + r[2] / 2, r[1] + r[3] / 2];
}

/// [x0, y0, x1, y1] around every rectangle of `rects` (at least one).
function extentOf(rects) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rects) {
    x0 = Math.min(x0, r[0]); y0 = Math.min(y0, r[1]);
    x1 = Math.max(x1, r[0] + r[2]); y1 = Math.max(y1, r[1] + r[3]);
  }
  return [x0, y0, x1, y1];
}

/// The largest scale (at most `most`) at which `extent` fits `area` with `pad` pixels to spare
/// across and down.
function fittingScale(extent, area, most, pad) {
  const w = Math.max(extent[2] - extent[0], 1e-9), h = Math.max(extent[3] - extent[1], 1e-9);
  return Math.min(most, (area.right - area.left - pad) / w, (area.bottom - area.top - pad) / h);
}

/// The offset that puts the middle of `extent` at the middle of `area` at `scale`.
function centredOffset(extent, area, scale) {
  return [(area.left + area.right - (extent[0] + extent[2]) * scale) / 2, (area.top + area.bottom - (extent[1] + extent[3]) * scale) / 2];
}

/// How many of `rects` from the first fit `area` together at scale `least` or more (the first
/// always counts), their extent, and the scale that shows them: as large as they fit, at most
/// `most`, never below `least`.
function fitRun(rects, area, least, most, pad) {
  let count = 0, extent = null, scale = most;
  for (const r of rects) {
    const e = extent ? [Math.min(extent[0], r[0]), Math.min(extent[1], r[1]), Math.max(extent[2], r[0] + r[2]), Math.max(extent[3], r[1] + r[3])]
      : [r[0], r[1], r[0] + r[2], r[1] + r[3]];
    const fits = fittingScale(e, area, most, pad);
    if (fits < least && count > 0) break;
    count++;
    extent = e;
    scale = Math.max(fits, least);
  }
  return { count, extent, scale };
}

/// The one of `rects` whose top left corner is nearest that of `from`.
function nearestRect(rects, from) {
  const distance = (r) => Math.hypot(r[0] - from[0], r[1] - from[1]);
  return rects.reduce((best, r) => (distance(r) < distance(best) ? r : best));
}
