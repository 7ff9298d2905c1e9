/// One worker's slice of a batch: item `i` (0-based, in source order) belongs to shard
/// `i % count`. Shards are disjoint, together cover every item, and the split depends
/// only on the source order, so every worker of a job engine agrees on it.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 0-based index of this shard.
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 0, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (0 ≤ K < N).
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (0..<n).contains(k) else { return nil }
        self.init(index: k, count: n)
    }

    /// The environment variables job engines set to a worker's index: Kubernetes Indexed
    /// Jobs, then AWS Batch array jobs.
    public static let indexVariables = ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]

    /// The shard whose index a job engine put in `environment`, for `count` workers;
    /// `nil` when none of `indexVariables` is set. Throws on a value that is no index.
    public static func fromEnvironment(_ environment: [String: String], count: Int) throws(BatchError) -> Shard? {
        for name in indexVariables {
            guard let value = environment[name] else { continue }
            guard let index = Int(value), (0..<count).contains(index) else {
                throw .badShard("\(name)=\(value) is not a shard index from 0 to \(count - 1)")
            }
            return Shard(index: index, count: count)
        }
        return nil
    }

    public func contains(_ itemIndex: Int) -> Bool { itemIndex % count == index }

    public var description: String { "\(index)/\(count)" }
}
