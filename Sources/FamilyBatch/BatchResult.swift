/// What happened to one item.
public struct BatchResult: Equatable, Sendable {
    public enum Status: String, Sendable {
        case ok, skipped, failed
    }

    public var item: BatchItem
    public var status: Status
    /// Why it failed (one line naming the file and what is wrong), or nil.
    public var message: String?
    /// Persons drawn; nil when nothing was drawn.
    public var persons: Int?
    /// Warnings the import repaired or tolerated.
    public var warnings: Int
    public var seconds: Double

    public init(item: BatchItem, status: Status, message: String? = nil, persons: Int? = nil, warnings: Int = 0, seconds: Double = 0) {
        self.item = item
        self.status = status
        self.message = message
        self.persons = persons
        self.warnings = warnings
        self.seconds = seconds
    }
}

/// Counts over a whole batch.
public struct BatchSummary: Equatable, Sendable {
    public var ok = 0
    public var skipped = 0
    public var failed = 0
    public var seconds = 0.0

    public init() {}

    public var done: Int { ok + skipped + failed }

    mutating func add(_ result: BatchResult) {
        switch result.status {
        case .ok: ok += 1
        case .skipped: skipped += 1
        case .failed: failed += 1
        }
    }
}
