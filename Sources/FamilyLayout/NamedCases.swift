/// An option's choices, each case named by its raw value on the command line and in
/// batch manifests (`--orientation left-right`, `--color-by surname`, `--box name,dates`).
public protocol NamedCases: CaseIterable, RawRepresentable where RawValue == String {}

extension NamedCases {
    /// The names in declaration order, comma-separated, for messages.
    public static var validList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
