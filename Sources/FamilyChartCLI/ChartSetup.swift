import FamilyLayout
import FamilyModel

/// The chart a drawing command makes, built once from its options (`Pipeline.chartSetup`):
/// the layout with its request, and the persons' ids still to find in the input. Later
/// steps adjust `layout` (a paper's aspect, a fan's sheet, the painter's text measure) and
/// `scoped(to:source:)` then fills the persons into that request, without reading the
/// options again, so nothing set on the way is lost.
struct ChartSetup {
    var layout: ChartLayout
    /// The checked chart options (`ChartChoice.checked()`).
    let choice: ChartChoice.Checked

    /// `layout` with the persons `--root`, `--focus` and `--to` name found in `graph`; an
    /// id that names nobody is an error with a suggestion.
    func scoped(to graph: FamilyGraph, source: String) throws(CLIError) -> ChartLayout {
        var scoped = layout
        var choice = choice
        choice.request = layout.request
        do { scoped.request = try choice.request(in: graph) } catch { throw .other("\(source): \(error)") }
        return scoped
    }

    /// The person a printed chart's default title names ("Family of …"): a descendant
    /// chart's root, or the person `--root` names.
    func titlePerson(in graph: FamilyGraph) -> Int? { choice.titlePerson(in: graph) }
}
