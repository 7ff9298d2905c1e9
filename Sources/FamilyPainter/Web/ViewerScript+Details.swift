extension ViewerScript {
    /// The details panel and the selection, which the URL's hash holds (`#I12`), so a
    /// link opens on a person and Back and Forward walk through the people looked at.
    static let details = #"""
        const panel = document.getElementById("details");
        const announcer = document.getElementById("announce");
        let selected = -1;

        /// Selects person `k` and records it in the hash, so that history has it (the hash
        /// change that follows finds them selected already); `fly` glides there. Nobody
        /// (k outside the people) is no choice: false.
        function choose(k, fly) {
          if (!(k >= 0 && k < people.length)) return false;
          if (relatePicked(k)) return true;  // the second person of "Relate to…"
          select(k, fly);
          const hash = "#" + encodeURIComponent(people[k].id);
          if (location.hash !== hash) location.hash = hash;
          return true;
        }

        function personFromHash() {
          if (location.hash.length < 2) return -1;
          let id;
          try { id = decodeURIComponent(location.hash.slice(1)); } catch { return -1; }
          return personIndex.get(id) ?? -1;
        }

        function select(k, fly) {
          for (const b of selected >= 0 ? boxesOf[selected] : []) group(b).classList.remove("selected");
          for (const g of svg.querySelectorAll("g.wedge-person.selected")) g.classList.remove("selected");
          selected = k;
          if (k < 0) {
            panel.hidden = true;
            highlightPeople(null);
            if (!frame) frame = requestAnimationFrame(draw);
            return;
          }
          for (const b of boxesOf[k]) group(b).classList.add("selected");
          // A fan's person: their wedges (the first, and any repeat) are marked instead.
          for (const g of svg.querySelectorAll("g.wedge-person")) {
            if (g.dataset.id !== people[k].id) continue;
            g.classList.add("selected");
            g.parentNode.appendChild(g);  // over its neighbours, whose edges it shares
          }
          fill(people[k]);
          panel.hidden = false;
          highlightPeople(lineage(k));
          announcer.textContent = people[k].name + (people[k].detail ? ", " + people[k].detail : "");
          if (boxesOf[k].length > 0) { if (fly) flyTo(primaryBox(k)); else bringIntoView(primaryBox(k)); }  // a wedge-only person has no box
          if (!frame) frame = requestAnimationFrame(draw);
        }

        function primaryBox(k) {
          return boxesOf[k].find((b) => !isReference[b]) ?? boxesOf[k][0];
        }

        function closeDetails() {
          if (selected < 0) return;
          const inside = panel.contains(document.activeElement);
          history.pushState(null, "", location.pathname + location.search);
          select(-1, false);
          if (inside || document.activeElement === document.body) viewport.focus();  // never lost to the page
        }

        function fill(person) {
          document.getElementById("detail-name").replaceChildren(isolated(person.name));
          setText("detail-second", person.second);
          setText("detail-dates", person.detail);
          document.getElementById("detail-id").replaceChildren(isolated(person.id));
          const link = document.getElementById("detail-link");
          link.hidden = !person.url;
          if (person.url) link.href = person.url;
          const photo = document.getElementById("detail-photo");
          const use = boxesOf[selected].length > 0 ? group(primaryBox(selected)).querySelector("use.photo") : null;  // a wedge has no photo
          const image = use && svg.getElementById(use.getAttribute("href").slice(1));
          photo.hidden = !image;
          if (image) photo.src = image.getAttribute("href");
          facts(person.facts, person.detail);
          const notes = document.getElementById("detail-notes");
          notes.replaceChildren(...(person.notes || []).map((text) => {
            const p = document.createElement("p");
            p.append(isolated(text));
            return p;
          }));
          notes.hidden = !person.notes;
          setText("detail-sources", person.sources ? person.sources + (person.sources === 1 ? " source cited" : " sources cited") : "");
          list("detail-parents", person.parents);
          list("detail-partners", person.partners);
          list("detail-children", person.children);
          list("detail-siblings", siblings(selected));
        }

        /// The person's events and facts, in order of date: what, with whom or what value,
        /// when, where; not a fact that only repeats the line under the name ("age 62").
        function facts(items, said) {
          const ol = document.getElementById("detail-facts");
          ol.replaceChildren();
          for (const fact of items || []) {
            const bare = !fact.date && !fact.place && fact.with === undefined && !fact.withName;
            if (bare && said && (fact.what + " " + (fact.value || "")).trim().toLowerCase() === said.toLowerCase()) continue;
            const li = document.createElement("li");
            const what = document.createElement("span");
            what.className = "what";
            what.textContent = fact.what;
            li.append(what);
            if (fact.value) li.append(" ", isolated(fact.value));
            if (fact.with !== undefined) li.append(" ", personButton(fact.with));
            else if (fact.withName) li.append(" ", isolated(fact.withName));
            if (fact.date || fact.place) {
              const when = document.createElement("span");
              when.className = "when";
              if (fact.date) when.append(isolated(fact.date));
              if (fact.date && fact.place) when.append(", ");
              if (fact.place) when.append(isolated(fact.place));
              li.append(when);
            }
            ol.append(li);
          }
          ol.hidden = ol.childElementCount === 0;
        }

        /// The other children of the person's parents, by date of birth (the chart's order where it is not known).
        function siblings(k) {
          const seen = new Set([k]), found = [];
          for (const p of people[k].parents || []) {
            for (const c of people[p].children || []) if (!seen.has(c)) { seen.add(c); found.push(c); }
          }
          const born = (c) => people[c].born ?? Infinity;
          return found.sort((a, b) => (born(a) === born(b) ? 0 : born(a) < born(b) ? -1 : 1) || a - b);
        }

        function setText(id, text) {
          const element = document.getElementById(id);
          element.replaceChildren(text ? isolated(text) : "");
          element.hidden = !text;
        }

        /// A relative's name as a button that selects them and glides there; the keyboard's
        /// focus moves to the new name, so it is never lost when the panel is rebuilt.
        function personButton(k) {
          const button = document.createElement("button");
          button.type = "button";
          button.className = "person-link";
          button.append(isolated(people[k].name));
          button.addEventListener("click", () => {
            choose(k, true);
            document.getElementById("detail-name").focus();
          });
          return button;
        }

        /// Relatives as buttons, each with their dates.
        function list(sectionId, members) {
          const ul = document.querySelector(`#${sectionId} ul`);
          ul.replaceChildren();
          for (const k of members || []) {
            const li = document.createElement("li");
            const bullet = document.createElement("span");
            bullet.className = "bullet";
            bullet.setAttribute("aria-hidden", "true");
            bullet.textContent = "•";
            const text = document.createElement("span");
            text.append(personButton(k));
            if (people[k].detail) text.append(" ", labelled("dates", people[k].detail));
            li.append(bullet, text);
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
          // Every line and bar, in the document order of the SVG the page was made with (not in cells).
          copy.querySelectorAll("g.lines, g.couples").forEach((holder, h) => holder.replaceChildren(...lineElements[h].map((e) => e.cloneNode(true))));
          copy.classList.remove("highlighting");
          for (const element of copy.querySelectorAll(".selected, .lit")) element.classList.remove("selected", "lit");
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
          cancelAnimationFrame(flight);
          const area = freeArea(), s = view.scale;  // beside the panel at once, no glide on opening
          setView(s, (area.left + area.right) / 2 - (d[4 * b] + d[4 * b + 2] / 2) * s, (area.top + area.bottom) / 2 - (d[4 * b + 1] + d[4 * b + 3] / 2) * s);
        } else if (fitScale() * data.nameSize >= READ_PIXELS || people.length <= 1) {  // the whole chart, when its names can be read
          fit();
        } else {
          home();
        }
        draw();
        opened = true;
        const panBy = (dx, dy) => setView(view.scale, view.x + dx, view.y + dy);
        /// Where person `id`'s (primary) box is in the window: x, y, width, height in CSS pixels.
        function screenBox(id) {
          const k = personIndex.get(id) ?? -1;
          if (k < 0) return null;
          const s = view.scale;
          if (boxesOf[k].length === 0) {
            // A person drawn only as a wedge (a fan): the point in the middle of their first wedge.
            const w = data.wedges || [];
            for (let j = 0; j + 6 < w.length; j += 7) {
              if (w[j + 6] !== k) continue;
              const r = (w[j + 2] + w[j + 3]) / 2, a = (w[j + 4] + w[j + 5]) / 2 * Math.PI / 180;
              return { x: (w[j] + r * Math.cos(a)) * s + view.x, y: (w[j + 1] + r * Math.sin(a)) * s + view.y, width: 0, height: 0 };
            }
            return null;
          }
          const b = primaryBox(k), d = data.boxes;
          return { x: d[4 * b] * s + view.x, y: d[4 * b + 1] * s + view.y, width: d[4 * b + 2] * s, height: d[4 * b + 3] * s };
        }
        window.familyChart = {
          view, fit, home, zoomBy, panBy, screenBox, svgText,
          select: (id) => choose(personIndex.get(id) ?? -1, true),
          selected: () => (selected >= 0 ? people[selected].id : null),
          relate: relateIds,
          find: (query, limit = 50) => find(query).slice(0, limit).map((k) => people[k].id),
          count: (query) => find(query).length,
          highlight: (ids) => highlightPeople(ids ? ids.map((id) => personIndex.get(id)).filter((k) => k !== undefined) : null),
          lineage: (id) => (personIndex.has(id) ? lineage(personIndex.get(id)).map((k) => people[k].id) : []),
          theme: setTheme,
          shownGroups: () => shownGroups.childElementCount,
          ready: true,
        };
        })();

        """#
}
