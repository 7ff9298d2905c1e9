extension ViewerScript {
    /// Search over names, second names and ids, folded so that case and accents do not
    /// matter ("muller" finds "Müller"); ids first, then names that start with the words.
    static let search = #"""
        const searchInput = document.getElementById("search");
        const resultList = document.getElementById("results");
        const fold = (text) => text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase();
        const keys = people.map((p) => fold(p.name + "\u0001" + (p.second || "") + "\u0001" + p.id));
        const foldedIds = people.map((p) => fold(p.id));
        let results = [];
        let active = 0;

        /// People matching `query`, best first, at most 50.
        function find(query) {
          const q = fold(query.trim());
          if (!q) return [];
          const found = [];
          for (let k = 0; k < people.length; k++) {
            const at = keys[k].indexOf(q);
            if (at < 0) continue;
            const rank = foldedIds[k] === q ? 0 : at === 0 || keys[k][at - 1] === " " ? 1 : 2;
            found.push([rank, k]);
          }
          found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          return found.slice(0, 50).map((f) => f[1]);
        }

        function showResults(list) {
          results = list;
          active = 0;
          resultList.replaceChildren();
          if (!searchInput.value.trim()) {
            resultList.hidden = true;
            return;
          }
          if (list.length === 0) {
            const li = document.createElement("li");
            li.className = "none";
            li.textContent = "Nobody found";
            resultList.append(li);
          }
          list.forEach((k, i) => {
            const li = document.createElement("li");
            li.setAttribute("role", "option");
            li.id = "result-" + i;
            li.append(isolated(people[k].name));
            if (people[k].second) li.append(labelled("second", people[k].second));
            li.append(labelled("id", people[k].id));
            li.addEventListener("pointerdown", (event) => event.preventDefault());
            li.addEventListener("click", () => { chooseResult(i); });
            resultList.append(li);
          });
          resultList.hidden = false;
          markActive();
        }

        function labelled(className, text) {
          const span = document.createElement("span");
          span.className = className;
          span.append(isolated(text));
          return span;
        }

        /// Text in a <bdi>, so a right-to-left name or a stray bidi control cannot
        /// reorder what stands around it.
        function isolated(text) {
          const bdi = document.createElement("bdi");
          bdi.textContent = text;
          return bdi;
        }

        function markActive() {
          [...resultList.children].forEach((li, i) => li.setAttribute("aria-selected", String(i === active)));
          const li = resultList.children[active];
          if (li) {
            searchInput.setAttribute("aria-activedescendant", li.id);
            li.scrollIntoView({ block: "nearest" });
          }
        }

        function chooseResult(i) {
          if (i < 0 || i >= results.length) return;
          choose(results[i], true);
          resultList.hidden = true;
        }

        searchInput.addEventListener("input", () => showResults(find(searchInput.value)));
        searchInput.addEventListener("keydown", (event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            if (results.length === 0) return;
            active = (active + (event.key === "ArrowDown" ? 1 : results.length - 1)) % results.length;
            markActive();
          } else if (event.key === "Enter") {
            event.preventDefault();
            if (resultList.hidden) showResults(find(searchInput.value));
            chooseResult(active);
          }
        });
        searchInput.addEventListener("blur", () => setTimeout(() => { resultList.hidden = true; }, 150));
        searchInput.addEventListener("focus", () => { if (searchInput.value.trim()) showResults(find(searchInput.value)); });

        """#
}
