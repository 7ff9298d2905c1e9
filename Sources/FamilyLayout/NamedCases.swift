/// An option's choices, each case named by its raw value on the command line and in
/// batch manifests (`--orientation left-right`, `--color-by surname`, `--box name,dates`).
public protocol NamedCases: CaseIterable, RawRepresentable where RawValue == String {}

extension NamedCases {
    /// The names in declaration order, comma-separated, for messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The names in declaration order as a choice, for messages ("a, b or c").
    public static var validAlternatives: String {
        let names = allCases.map(\.rawValue)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
