extension String {
    /// The text of a C buffer up to its first NUL (all of it when it has none), read as
    /// UTF-8 with damaged bytes replaced: what `getcwd`, `readlink` or a C library's
    /// message leaves in a `[CChar]` (`String(cString:)` on an array is deprecated).
    public init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
