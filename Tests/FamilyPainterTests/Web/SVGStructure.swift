import Foundation
import FoundationXML

/// A semantic SVG read back with a strict XML parser (libxml2 through FoundationXML):
/// each person group with its attributes, tooltip and text lines, in document order.
struct SVGStructure {
    struct Line: Equatable {
        var classes: String
        var text: String
        var x: Double
        var y: Double
        var width: Double
    }

    struct PersonGroup {
        var elementID: String
        var personID: String
        var classes: Set<String>
        var title: String
        var link: String?
        var rect: (x: Double, y: Double, width: Double, height: Double)
        var lines: [Line]
    }

    let document: XMLDocument
    var persons: [PersonGroup] = []

    /// Parses `bytes`; throws when they are not well-formed XML.
    init(_ bytes: [UInt8]) throws {
        document = try XMLDocument(data: Data(bytes), options: [.nodePreserveWhitespace])
        for group in try nodes("//*[local-name()='g'][@data-id]") {
            let element = group as! XMLElement
            func attribute(_ name: String) -> String? { element.value(of: name) }
            func number(_ node: XMLElement, _ name: String) -> Double { Double(node.value(of: name) ?? "") ?? .nan }
            let rect = try element.nodes(forXPath: ".//*[local-name()='rect']").first as? XMLElement
            let lines = try element.nodes(forXPath: ".//*[local-name()='text']").compactMap { $0 as? XMLElement }.map { text in
                Line(classes: text.value(of: "class") ?? "", text: text.stringValue ?? "",
                     x: number(text, "x"), y: number(text, "y"),
                     width: text.value(of: "textLength") != nil ? number(text, "textLength")
                         : ((try? text.nodes(forXPath: "./*[local-name()='tspan']"))?.first as? XMLElement).map { number($0, "textLength") } ?? .nan)
            }
            let link = try element.nodes(forXPath: "./*[local-name()='a']").first.flatMap { ($0 as? XMLElement)?.value(of: "href") }
            persons.append(PersonGroup(
                elementID: attribute("id") ?? "", personID: attribute("data-id") ?? "",
                classes: Set((attribute("class") ?? "").split(separator: " ").map(String.init)),
                title: try element.nodes(forXPath: "./*[local-name()='title']").first?.stringValue ?? "",
                link: link,
                rect: rect.map { (number($0, "x"), number($0, "y"), number($0, "width"), number($0, "height")) } ?? (.nan, .nan, .nan, .nan),
                lines: lines.filter { $0.classes != "badge-text" }))
        }
    }

    func nodes(_ xpath: String) throws -> [XMLNode] { try document.nodes(forXPath: xpath) }

    /// The root's attribute `name`.
    func rootAttribute(_ name: String) -> String? { document.rootElement()?.value(of: name) }

    /// Every element's `class` words, for checking which kinds of line a chart has.
    func classes(ofElementsNamed name: String) throws -> [Set<String>] {
        try nodes("//*[local-name()='\(name)']").map { node in
            Set(((node as? XMLElement)?.value(of: "class") ?? "").split(separator: " ").map(String.init))
        }
    }
}

extension XMLElement {
    /// The attribute `name`'s value (`attribute(forName:)` finds nothing on elements in
    /// a default namespace in swift-corelibs-foundation).
    func value(of name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}
