import FamilyLayout
import FamilyModel
import Foundation

/// What every fan chart's scene must satisfy, checked from the scene alone (and the family
/// for who should be there); each problem is one line.
public enum FanInvariants {
    /// - Parameters:
    ///   - measure: the measure the scene's labels were fitted with, to find each text's extent.
    public static func problems(_ scene: Scene, graph: FamilyGraph, options: FanChartOptions, focus: Int,
                                measure: TextMeasure) -> [String] {
        var problems: [String] = []
        let start = 270 - options.sweep / 2, end = start + options.sweep
        // Rings: every wedge's radii are one ring's; angles inside the fan; one ring's cells disjoint.
        let radii = Set(scene.wedges.map(\.innerRadius)).sorted()
        var ringOf: [Int] = []
        for (k, w) in scene.wedges.enumerated() {
            let ring = radii.firstIndex(of: w.innerRadius)!
            ringOf.append(ring)
            if w.startAngle < start - 1e-6 || w.endAngle > end + 1e-6 || w.endAngle <= w.startAngle {
                problems.append("wedge \(k) spans \(w.startAngle)…\(w.endAngle), outside the fan \(start)…\(end)")
            }
            if ring + 1 > options.generations { problems.append("wedge \(k) is in ring \(ring), beyond \(options.generations) generations") }
        }
        for ring in 0..<radii.count {
            let spans = scene.wedges.indices.filter { ringOf[$0] == ring }.map { (scene.wedges[$0].startAngle, scene.wedges[$0].endAngle) }.sorted { $0.0 < $1.0 }
            for (a, b) in zip(spans, spans.dropFirst()) where b.0 < a.1 - 1e-6 {
                problems.append("ring \(ring): cells \(a) and \(b) overlap")
            }
            if Set(scene.wedges.indices.filter { ringOf[$0] == ring }.map { scene.wedges[$0].outerRadius }).count != 1 {
                problems.append("ring \(ring): cells of different depths")
            }
        }
        // Persons: each entry points to its own wedge; each person wedge has one entry.
        var entries = [Int](repeating: 0, count: scene.wedges.count)
        for (b, box) in scene.persons.enumerated() {
            guard let w = box.wedge, scene.wedges.indices.contains(w) else { problems.append("person entry \(b) has no wedge"); continue }
            entries[w] += 1
            if scene.wedges[w].person != box.id { problems.append("person entry \(b) (\(box.id)) points to wedge \(w) of \(scene.wedges[w].person ?? "nobody")") }
            if box.generation != ringOf[w] { problems.append("\(box.id): generation \(box.generation) in ring \(ringOf[w])") }
        }
        for (w, wedge) in scene.wedges.enumerated() where (wedge.person != nil) != (entries[w] == 1) {
            problems.append("wedge \(w) (\(wedge.person ?? "empty")) has \(entries[w]) person entries")
        }
        // Who is there: each person once as their own cell, every other place marked as a repeat of it.
        let own = scene.persons.filter { !$0.isReference }
        if Set(own.map(\.id)).count != own.count { problems.append("a person has two own cells") }
        let ownIDs = Set(own.map(\.id))
        for box in scene.persons where box.isReference && !ownIDs.contains(box.id) {
            problems.append("\(box.id) is drawn only as a repeat")
        }
        let expected = options.direction == .ancestors
            ? ancestors(of: focus, in: graph, generations: options.generations)
            : descendants(of: focus, in: graph, generations: options.generations)
        let expectedIDs = Set(expected.map { graph.persons[$0].id })
        if ownIDs != expectedIDs {
            problems.append("drawn \(ownIDs.subtracting(expectedIDs).sorted().prefix(5)) not expected; missing \(expectedIDs.subtracting(ownIDs).sorted().prefix(5))")
        }
        if options.direction == .ancestors {
            // Sosa ↔ angle; repeats name their first place.
            let sosaOfOwn = Dictionary(own.compactMap { box in box.sosa.map { (box.id, $0) } }, uniquingKeysWith: { a, _ in a })
            for box in scene.persons {
                guard let sosa = box.sosa.flatMap(Int.init), let w = box.wedge else { problems.append("\(box.id) has no Sosa number"); continue }
                let ring = Int.bitWidth - 1 - sosa.leadingZeroBitCount
                let slot = Double(sosa - (1 << ring)) * options.sweep / Double(1 << ring)
                if ring != ringOf[w] || abs(scene.wedges[w].startAngle - (start + slot)) > 1e-6 {
                    problems.append("\(box.id): Sosa \(sosa) at ring \(ringOf[w]) from \(scene.wedges[w].startAngle)")
                }
                // A repeat is drawn as a reference (dashed, the background's fill) and, where
                // any text fits, says the Sosa number of the first place.
                if box.isReference, let first = sosaOfOwn[box.id] {
                    let wedge = scene.wedges[w]
                    let texts = scene.texts.filter { $0.person == box.id && corners(of: $0, measure: measure).allSatisfy { inside(wedge, $0) } }
                    if wedge.outline != .dashed || wedge.fill != .reference || !(texts.isEmpty || texts.contains { $0.text == "= \(first)" }) {
                        problems.append("\(box.id)'s repeat at Sosa \(sosa) is not marked as a repeat of \(first)")
                    }
                }
            }
        }
        problems += textProblems(scene, measure: measure)
        return problems
    }

    /// Every text inside a wedge of its person, `padding` clear of the curved edges' outside:
    /// each corner of each line's box (of each character's box along an arc) between the
    /// wedge's radii and within its angles.
    public static func textProblems(_ scene: Scene, measure: TextMeasure) -> [String] {
        var wedgesOf: [String: [Wedge]] = [:]
        for w in scene.wedges { if let p = w.person { wedgesOf[p, default: []].append(w) } }
        var problems: [String] = []
        for text in scene.texts {
            guard let person = text.person, let candidates = wedgesOf[person] else { problems.append("text '\(text.text)' belongs to no wedge"); continue }
            let corners = Self.corners(of: text, measure: measure)
            if !candidates.contains(where: { w in corners.allSatisfy { inside(w, $0) } }) {
                problems.append("text '\(text.text)' (\(text.size) pt) spills out of \(person)'s cell")
            }
        }
        return problems
    }

    /// The corners of a text's line boxes, as the painter sets the text.
    public static func corners(of text: SceneText, measure: TextMeasure) -> [(Double, Double)] {
        let ascent = measure.ascent * text.size, descent = measure.descent * text.size
        func box(_ width: Double, at x: Double, _ y: Double, turned angle: Double) -> [(Double, Double)] {
            let (c, s) = (cos(angle), sin(angle))
            return [(-width / 2, -ascent), (width / 2, -ascent), (-width / 2, descent), (width / 2, descent)].map { (lx, ly) in
                (x + lx * c - ly * s, y + lx * s + ly * c)
            }
        }
        switch text.path {
        case .line(let at, let angle):
            return box(measure.advance(text.text, text.size, text.bold), at: at.x, at.y, turned: angle * .pi / 180)
        case .arc(let center, let radius, let angle, let clockwise):
            let advances = text.text.map { measure.advance(String($0), text.size, text.bold) }
            let sense = clockwise ? 1.0 : -1.0
            var along = -advances.reduce(0, +) / 2
            var corners: [(Double, Double)] = []
            for advance in advances {
                let theta = angle * .pi / 180 + sense * (along + advance / 2) / radius
                corners += box(advance, at: center.x + radius * cos(theta), center.y + radius * sin(theta), turned: theta + sense * .pi / 2)
                along += advance
            }
            return corners
        }
    }

    static func inside(_ w: Wedge, _ p: (Double, Double)) -> Bool {
        let dx = p.0 - w.center.x, dy = p.1 - w.center.y
        let r = (dx * dx + dy * dy).squareRoot()
        guard r >= w.innerRadius - 0.01, r <= w.outerRadius + 0.01 else { return false }
        if w.endAngle - w.startAngle >= 360 { return true }
        var a = atan2(dy, dx) * 180 / .pi
        while a < w.startAngle - 1e-6 { a += 360 }
        return a <= w.endAngle + 1e-6
    }

    /// The focus and their ancestors up to `generations` rings, by breadth-first search on
    /// birth families.
    public static func ancestors(of focus: Int, in graph: FamilyGraph, generations: Int) -> Set<Int> {
        var seen: Set<Int> = [focus]
        var ring = [focus]
        for _ in 1..<generations {
            var next: [Int] = []
            for p in ring {
                let u = graph.birthFamily(of: p)
                guard u >= 0 else { continue }
                for parent in graph.unions[u].partners where seen.insert(parent).inserted { next.append(parent) }
            }
            ring = next
        }
        return seen
    }

    /// The focus and their descendants (children of every union) up to `generations` rings.
    public static func descendants(of focus: Int, in graph: FamilyGraph, generations: Int) -> Set<Int> {
        var seen: Set<Int> = [focus]
        var ring = [focus]
        for _ in 1..<generations {
            var next: [Int] = []
            for p in ring { for u in graph.unionsOf[p] { for c in graph.unions[u].children where seen.insert(c).inserted { next.append(c) } } }
            ring = next
        }
        return seen
    }
}
