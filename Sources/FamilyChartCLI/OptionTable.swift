/// Options more than one command takes, each declared once: `render`, `layout`, `demo` and
/// `batch` list these values, so their `--help` cannot drift apart.
enum OptionTable {
    static let maxPersons = OptionSpec.value("--max-persons", valueName: "N", help: "Refuse inputs with more persons (default 10000000).")
    static let maxBytes = OptionSpec.value("--max-bytes", valueName: "SIZE", help: "Refuse input files larger than SIZE, e.g. 16M or 1G (default 1G).")
    static let theme = OptionSpec.value("--theme", valueName: "NAME|FILE", help: "colour (default), print (greyscale) or a theme JSON file: colours, fonts, box size, lines.")
    static let redactLiving = OptionSpec.flag("--redact-living", help: "Show living persons (no recorded death and no birth certainly over 110 years ago) as \"Living\", without dates or photo.")
    static let livingLabel = OptionSpec.value("--living-label", valueName: "TEXT", help: "The word --redact-living shows instead of a name (default Living).")
    static let fontConfig = OptionSpec.value("--font-config", valueName: "FILE", help: "Use only the fonts a fontconfig file names (for reproducible output).")

    /// `--photos`: every command draws only local photos unless told otherwise.
    static let photos = OptionSpec.value("--photos", valueName: "none|local|any",
        help: "Photos to draw: local (default: only files inside the data file's folder, no hard links), none or any.")
}
