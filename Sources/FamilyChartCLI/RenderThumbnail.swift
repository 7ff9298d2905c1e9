import FamilyBatch
import FamilyLayout
import FamilyModel
import FamilyPainter

/// `render --size WxH [--view auto|whole|focus] [--no-caption]`: a PNG or WebP of exactly
/// that size, planned as a batch thumbnail (`ThumbnailScene`) when it is of the whole family.
struct RenderThumbnail {
    static let options: [OptionSpec] = [
        .value("--size", valueName: "WxH", help: "PNG or WebP of exactly this size, the chart fitted inside and centred (a thumbnail, as batch draws it)."),
        .value("--view", valueName: "VIEW", help: "Thumbnails of the whole family (with --size): auto (default: the whole chart when its names are legible, else the family around one person: --focus, the file's home person or the most connected), whole or focus."),
        .flag("--no-caption", help: "With --size: no caption (the family's title, persons, generations and years) under a whole-family thumbnail."),
    ]

    var size: PixelSize
    /// `--view`, when given.
    var chosen: ThumbnailView?
    var captioned: Bool

    /// Nil without `--size`; an error when `--size` does not go with the other options.
    init?(_ arguments: ParsedArguments, command: String, format: OutputFormat) throws(CLIError) {
        guard let text = arguments.value("--size") else {
            for option in ["--view", "--no-caption"] where arguments.value(option) != nil || arguments.has(option) {
                throw .usage(command: command, message: "\(option) is for thumbnails: give --size WxH too")
            }
            return nil
        }
        guard let size = PixelSize(text) else { throw .usage(command: command, message: "--size must be WxH, e.g. 320x240, got '\(text)'") }
        guard format.isRaster else { throw .usage(command: command, message: "--size is for PNG or WebP output") }
        for option in ["--scale", "--dpi", "--paper", "--book", "--page"] where arguments.value(option) != nil {
            throw .usage(command: command, message: "give --size or \(option), not both")
        }
        if arguments.has("--poster") { throw .usage(command: command, message: "give --size or --poster, not both") }
        if let name = arguments.value("--view") {
            guard let view = ThumbnailView(rawValue: name) else {
                throw .usage(command: command, message: "--view must be \(ThumbnailView.validAlternatives), got '\(name)'")
            }
            chosen = view
        }
        self.size = size
        captioned = !arguments.has("--no-caption")
    }

    /// The view to plan, or nil when the command draws a chart of its own: another
    /// `--chart`, or `--root`/`--focus`/`--generations` without `--view` (that person's tree).
    func view(for layout: ChartLayout, arguments: ParsedArguments) -> ThumbnailView? {
        let chart = arguments.value("--chart")
        guard chart == nil || chart == "family" else { return nil }
        if case .family = layout.request { return chosen ?? .auto }
        return chosen
    }

    /// The thumbnail painter for `settings`' fonts and theme.
    func painter(_ settings: RenderSettings) throws(CLIError) -> ChartPainter {
        do { return try ThumbnailScene.painter(fonts: settings.fonts, theme: settings.theme) } catch { throw CLIError(error) }
    }
}
