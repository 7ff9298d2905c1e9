const pointers = new Map();
let drag = null;
let pinch = null;

/// The cursor is set on a layer without children: on the viewport, a new cursor
/// would be inherited by, and restyle, every element of the chart.
const cursor = document.getElementById("cursor-layer");

function local(event) {
  return { x: event.clientX - frameBox.left, y: event.clientY - frameBox.top };
}

viewport.addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  viewport.setPointerCapture(event.pointerId);
  pointers.set(event.pointerId, local(event));
  cancelAnimationFrame(flight);
  if (pointers.size === 1) {
    const p = local(event);
    drag = { x: p.x, y: p.y, viewX: view.x, viewY: view.y, moved: false };
  } else if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: view.scale };
    drag = null;
  }
});

viewport.addEventListener("pointermove", (event) => {
  if (!pointers.has(event.pointerId)) {
    if (event.pointerType === "mouse") {
      const p = local(event);
      cursor.classList.toggle("over-person", boxAt(p.x, p.y) >= 0 || wedgeAt(p.x, p.y) >= 0);
    }
    return;
  }
  const p = local(event);
  pointers.set(event.pointerId, p);
  if (pinch && pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    zoomAt(pinch.scale * Math.hypot(a.x - b.x, a.y - b.y) / pinch.distance, (a.x + b.x) / 2, (a.y + b.y) / 2);
  } else if (drag) {
    const dx = p.x - drag.x, dy = p.y - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) > 4) {
      drag.moved = true;
      cursor.classList.add("dragging");
    }
    if (drag.moved) setView(view.scale, drag.viewX + dx, drag.viewY + dy);
  }
});

function release(event) {
  if (!pointers.delete(event.pointerId)) return;
  if (drag && !drag.moved && event.type === "pointerup") {
    const p = local(event);
    if (ownToggleAt(p.x, p.y)) { drag = null; cursor.classList.remove("dragging"); return; }
    const b = boxAt(p.x, p.y);
    const w = b >= 0 ? -1 : wedgeAt(p.x, p.y);
    // A reference box stands for a person drawn elsewhere: glide to their own box.
    if (b >= 0) choose(data.personOfBox[b], isReference[b] === 1); else if (w >= 0) choose(w, false); else closeDetails();
  }
  if (pointers.size < 2) pinch = null;
  drag = null;
  cursor.classList.remove("dragging");
}
viewport.addEventListener("pointerup", release);
viewport.addEventListener("pointercancel", release);

viewport.addEventListener("wheel", (event) => {
  event.preventDefault();
  const p = local(event);
  if (event.ctrlKey || Math.abs(event.deltaY) >= Math.abs(event.deltaX)) {
    const lines = event.deltaMode === 1 ? 20 : event.deltaMode === 2 ? 400 : 1;
    zoomAt(view.scale * Math.exp(-event.deltaY * lines * 0.002), p.x, p.y);
  } else {
    setView(view.scale, view.x - event.deltaX, view.y);
  }
}, { passive: false });

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement;
  // Ctrl+F (⌘F) finds people with the page's own search, which knows everyone: the
  // browser's finds only the names on screen (the rest are not in the document). Pressed
  // again in the search, it is the browser's.
  const findKey = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "f";
  if ((event.key === "/" && !typing) || (findKey && event.target !== searchInput)) {
    event.preventDefault();
    searchInput.focus();
    searchInput.select();
    return;
  }
  if (event.key === "Escape") {
    if (typing) { searchInput.value = ""; showResults([]); viewport.focus(); } else closeDetails();
    return;
  }
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  const onChart = event.target === viewport || event.target === document.body;
  const { width, height } = size();
  const moves = { ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  if (moves[event.key]) {
    if (!onChart) return;  // arrows in the panel or on a button are theirs
    if (selected >= 0 && !event.shiftKey) {
      const k = relativeToward(event.key);
      if (k >= 0) choose(k, false);
    } else {
      const [mx, my] = moves[event.key];
      setView(view.scale, view.x + mx * width / 8, view.y + my * height / 8);
    }
  } else if (event.key === "+" || event.key === "=") zoomBy(1.25);
  else if (event.key === "-" || event.key === "_") zoomBy(0.8);
  else if (event.key === "0") fit();
  else if (event.key === "Home") home();
  else return;
  event.preventDefault();
});

/// With a person selected, the arrow keys move to a relative: up to a parent, down
/// to a child, left and right to the nearest partner or sibling on that side (the
/// nearest on the chart where there are several); −1 when there is none.
function relativeToward(key) {
  const p = people[selected], d = data.boxes, here = primaryBox(selected);
  const centre = (b) => [d[4 * b] + d[4 * b + 2] / 2, d[4 * b + 1] + d[4 * b + 3] / 2];
  const [x0, y0] = centre(here);
  let candidates;
  if (key === "ArrowUp") candidates = p.parents || [];
  else if (key === "ArrowDown") candidates = p.children || [];
  else {
    const side = key === "ArrowLeft" ? -1 : 1;
    candidates = [...(p.partners || []), ...siblings(selected)].filter((k) => (centre(primaryBox(k))[0] - x0) * side > 0);
  }
  let best = -1, distance = Infinity;
  for (const k of candidates) {
    const [x, y] = centre(primaryBox(k));
    const far = Math.hypot(x - x0, (y - y0) * 2);
    if (far < distance) { best = k; distance = far; }
  }
  return best;
}

document.getElementById("zoom-in").addEventListener("click", () => zoomBy(1.25));
document.getElementById("zoom-out").addEventListener("click", () => zoomBy(0.8));
document.getElementById("fit").addEventListener("click", fit);
document.getElementById("home").addEventListener("click", home);
// A resize or a rotation: Fit and Home are given again for the new window; any
// other view keeps the chart point that was in the middle in the middle.
function windowResized() {
  const before = frameBox, was = mode;
  frameBox = measure();
  if (was === "fit") return fit();
  if (was === "home") return home();
  const cx = (before.width / 2 - view.x) / view.scale, cy = (before.height / 2 - view.y) / view.scale;
  const scale = clampScale(view.scale);
  setView(scale, frameBox.width / 2 - cx * scale, frameBox.height / 2 - cy * scale);
  if (selected >= 0 && placesOf(selected).length > 0) bringIntoView(placesOf(selected)[0]);
}
// The window (or the toolbar, once its font has loaded or its row wrapped) changed, not
// the view: the phone's overview map does not show for it.
function sizeChanged() {
  const movedAt = viewMovedAt;
  windowResized();
  viewMovedAt = movedAt;
}
window.addEventListener("resize", sizeChanged);
let toolbarHeight = toolbar.getBoundingClientRect().height;
new ResizeObserver(() => {
  const height = toolbar.getBoundingClientRect().height;
  if (height === toolbarHeight) return;
  toolbarHeight = height;
  sizeChanged();
}).observe(toolbar);
// The window never scrolls (a focused element out of sight would make the browser
// scroll it, and the drawing would no longer be where the clicks are looked up).
viewport.addEventListener("scroll", () => { viewport.scrollLeft = 0; viewport.scrollTop = 0; });
