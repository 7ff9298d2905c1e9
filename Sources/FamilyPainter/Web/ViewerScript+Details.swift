extension ViewerScript {
    /// The details panel and the selection, which the URL's hash holds (`#I12`), so a
    /// link opens on a person and Back and Forward walk through the people looked at.
    static let details = #"""
        const panel = document.getElementById("details");
        let selected = -1;

        /// Selects person `k` and records it in the hash, so that history has it (the hash
        /// change that follows finds them selected already); `fly` glides there.
        function choose(k, fly) {
          if (relatePicked(k)) return;  // the second person of "Relate to…"
          select(k, fly);
          const hash = "#" + encodeURIComponent(people[k].id);
          if (location.hash !== hash) location.hash = hash;
        }

        function personFromHash() {
          if (location.hash.length < 2) return -1;
          let id;
          try { id = decodeURIComponent(location.hash.slice(1)); } catch { return -1; }
          return people.findIndex((p) => p.id === id);
        }

        function select(k, fly) {
          for (const b of selected >= 0 ? boxesOf[selected] : []) group(b).classList.remove("selected");
          selected = k;
          if (k < 0) {
            panel.hidden = true;
            return;
          }
          for (const b of boxesOf[k]) group(b).classList.add("selected");
          fill(people[k], boxesOf[k]);
          panel.hidden = false;
          if (fly) flyTo(primaryBox(k));
        }

        function primaryBox(k) {
          return boxesOf[k].find((b) => !isReference[b]) ?? boxesOf[k][0];
        }

        function closeDetails() {
          if (selected < 0) return;
          history.pushState(null, "", location.pathname + location.search);
          select(-1, false);
        }

        function fill(person, boxes) {
          document.getElementById("detail-name").replaceChildren(isolated(person.name));
          setText("detail-second", person.second);
          setText("detail-dates", person.detail);
          document.getElementById("detail-id").replaceChildren(isolated(person.id));
          const link = document.getElementById("detail-link");
          link.hidden = !person.url;
          if (person.url) link.href = person.url;
          const photo = document.getElementById("detail-photo");
          const use = group(primaryBox(selected)).querySelector("use.photo");
          const image = use && svg.getElementById(use.getAttribute("href").slice(1));
          photo.hidden = !image;
          if (image) photo.src = image.getAttribute("href");
          list("detail-parents", person.parents);
          list("detail-partners", person.partners);
          list("detail-children", person.children);
        }

        function setText(id, text) {
          const element = document.getElementById(id);
          element.replaceChildren(text ? isolated(text) : "");
          element.hidden = !text;
        }

        /// Relatives as buttons that fly to them.
        function list(sectionId, members) {
          const ul = document.querySelector(`#${sectionId} ul`);
          ul.replaceChildren();
          for (const k of members || []) {
            const li = document.createElement("li");
            const button = document.createElement("button");
            button.type = "button";
            button.className = "person-link";
            button.append(isolated(people[k].name));
            button.addEventListener("click", () => choose(k, true));
            li.append(button);
            ul.append(li);
          }
        }

        document.getElementById("close-details").addEventListener("click", closeDetails);
        // Back, Forward, or a link to another person of the page.
        window.addEventListener("hashchange", () => {
          const k = personFromHash();
          if (k !== selected) select(k, true);
        });

        """#

    /// The first view, the download button, printing, and the scripting interface.
    static let start = #"""
        /// The chart as a standalone SVG file: the page's SVG with every person, without the
        /// viewer's state.
        function svgText() {
          const copy = svg.cloneNode(true);
          copy.removeAttribute("style");
          copy.classList.remove("far");
          copy.setAttribute("width", data.width + "pt");
          copy.setAttribute("height", data.height + "pt");
          for (let b = 0; b < boxCount; b++) group(b);
          copy.querySelector("g.persons").replaceChildren(...groups.map((g) => g.cloneNode(true)));
          for (const element of copy.querySelectorAll(".selected")) element.classList.remove("selected");
          return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy) + "\n";
        }

        document.getElementById("download").addEventListener("click", () => {
          const url = URL.createObjectURL(new Blob([svgText()], { type: "image/svg+xml" }));
          const a = document.createElement("a");
          a.href = url;
          a.download = (data.title || "family-chart").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 100) + ".svg";
          document.body.append(a);
          a.click();
          a.remove();
          setTimeout(() => URL.revokeObjectURL(url), 1000);
        });

        window.addEventListener("beforeprint", showAll);
        window.addEventListener("afterprint", () => setView(view.scale, view.x, view.y));

        const first = personFromHash();
        if (first >= 0) {
          const { width, height } = size();
          const b = primaryBox(first), d = data.boxes, scale = clampScale(1.5);
          setView(scale, width / 2 - (d[4 * b] + d[4 * b + 2] / 2) * scale, height / 2 - (d[4 * b + 1] + d[4 * b + 3] / 2) * scale);
          select(first, false);
        } else if (fitScale() * data.nameSize >= READABLE_PIXELS || people.length <= 1) {
          fit();
        } else {
          home();
        }
        draw();
        const panBy = (dx, dy) => setView(view.scale, view.x + dx, view.y + dy);
        /// Where person `id`'s (primary) box is in the window: x, y, width, height in CSS pixels.
        function screenBox(id) {
          const k = people.findIndex((p) => p.id === id);
          if (k < 0) return null;
          const b = primaryBox(k), d = data.boxes, s = view.scale;
          return { x: d[4 * b] * s + view.x, y: d[4 * b + 1] * s + view.y, width: d[4 * b + 2] * s, height: d[4 * b + 3] * s };
        }
        window.familyChart = {
          view, fit, home, zoomBy, panBy, screenBox, svgText,
          select: (id) => choose(people.findIndex((p) => p.id === id), true),
          selected: () => (selected >= 0 ? people[selected].id : null),
          relate: relateIds,
          find: (query) => find(query).map((k) => people[k].id),
          shownGroups: () => shownGroups.childElementCount,
          ready: true,
        };
        })();

        """#
}
