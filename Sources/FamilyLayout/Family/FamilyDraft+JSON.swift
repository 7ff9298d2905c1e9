import FamilyModel

extension FamilyDraft {
    /// The draft as JSON, for `familychart layout --stop-after STEP` (a debugging seam, as
    /// dot's `maxphase`; the fields are in docs/using.md, not a contract like the scene):
    /// what the steps so far have made, each field present once a step has made it.
    /// - Parameter step: the step the draft stopped after.
    func json(stoppedAfter step: String) -> [UInt8] {
        var out = "{\"stoppedAfter\":\(Self.quoted(step)),\"steps\":[" + FamilyPipeline.stepNames.map(Self.quoted).joined(separator: ",") + "]"
        out += ",\"passes\":\(passes),\"parts\":\(partCount),\"brokenLinks\":\(brokenLinks),\"shortestLinkRows\":\(shortestLinkRows)"
        out += ",\"references\":[" + far.sorted { ($0.union, $0.index) < ($1.union, $1.index) }
            .map { "{\"union\":\($0.union),\"child\":\(Self.quoted(graph.persons[graph.unions[$0.union].children[$0.index]].id))}" }.joined(separator: ",") + "]"
        if let rows {
            out += ",\"rows\":[" + graph.persons.indices.map { "{\"person\":\(Self.quoted(graph.persons[$0].id)),\"row\":\(rows.personRow[$0])}" }
                .joined(separator: ",") + "]"
        }
        if let units {
            out += ",\"units\":[" + units.units.map { unit in
                "{\"part\":\(unit.part),\"row\":\(unit.row),\"boxes\":[" + unit.boxes.map(String.init).joined(separator: ",") + "]}"
            }.joined(separator: ",") + "]"
            let x = placed?.boxX ?? boxX
            out += ",\"boxes\":[" + units.boxes.indices.map { b in
                let box = units.boxes[b]
                var fields = "{\"person\":\(Self.quoted(graph.persons[box.person].id)),\"unit\":\(box.unit)"
                if box.reference != nil { fields += ",\"reference\":true" }
                if b < x.count { fields += ",\"x\":\(Self.number(x[b]))" }
                return fields + "}"
            }.joined(separator: ",") + "]"
        }
        if let forest, let units {
            out += ",\"treeUnions\":[" + units.units.indices.map { u in
                forest.treeUnion[u] < 0 ? "null" : String(forest.treeUnion[u])
            }.joined(separator: ",") + "]"
        }
        if let placed {
            out += ",\"squeezedParts\":[" + placed.squeezed.map(String.init).joined(separator: ",") + "]"
            out += ",\"leafStacks\":[" + placed.stacks.map { "[" + $0.units.map(String.init).joined(separator: ",") + "]" }
                .joined(separator: ",") + "]"
        }
        if !stretch.isEmpty { out += ",\"stretchedUnits\":\(stretch.count)" }
        if let outOfBirthOrder { out += ",\"outOfBirthOrder\":\(outOfBirthOrder.subtracting(far).count)" }
        if let statistics {
            out += ",\"statistics\":{\"parts\":\(statistics.parts),\"references\":\(statistics.references),"
                + "\"farLinks\":\(statistics.farLinks),\"crossings\":\(statistics.crossings)}"
        }
        var bytes = Array(out.utf8)
        if let scene {
            bytes += Array(",\"scene\":".utf8)
            bytes += SceneJSONWriter().write(scene)
        }
        bytes += Array("}\n".utf8)
        return bytes
    }

    private static func quoted(_ text: String) -> String { JSONString.quote(text) }

    /// Rounded to hundredths, as the scene's text dumps are.
    private static func number(_ value: Double) -> String { String(describing: (value * 100).rounded() / 100) }
}
