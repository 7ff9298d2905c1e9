/// An ancestor's Sosa–Stradonitz (Ahnentafel) number: the focus is 1, a person n's father
/// 2n and mother 2n + 1. Deep pedigrees (royal lines of 80 generations) outgrow any
/// fixed-width integer, so the number is kept in decimal limbs: a parent's number costs one
/// pass over its child's digits, and so does writing it out (converting a binary number
/// to decimal would cost digits × generations for every box).
public struct SosaNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Base 10⁹ digits, least significant first.
    private var limbs: [UInt32] = [1]
    /// How many path steps (generations above the focus).
    public private(set) var generations = 0

    private static let base: UInt32 = 1_000_000_000

    /// Generations above the focus that still get a number (1,234 decimal digits): each
    /// number costs its digits, so a line of 100,000 generations numbered all the way took
    /// the square (3.7 GB and an abort); no real pedigree comes near.
    public static let maximumGenerations = 4_096

    /// The focus: 1.
    public static let focus = SosaNumber()

    private init() {}

    /// The father's (2n) or the mother's (2n + 1) number, nil beyond `maximumGenerations`.
    public func parentIfNumbered(mother: Bool) -> SosaNumber? {
        generations < Self.maximumGenerations ? parent(mother: mother) : nil
    }

    /// The father's (2n) or the mother's (2n + 1) number.
    public func parent(mother: Bool) -> SosaNumber {
        var next = self
        var carry: UInt32 = mother ? 1 : 0
        for k in next.limbs.indices {
            let value = next.limbs[k] * 2 + carry  // < 2 × 10⁹ + 1: fits in 32 bits
            (next.limbs[k], carry) = value >= Self.base ? (value - Self.base, 1) : (value, 0)
        }
        if carry > 0 { next.limbs.append(carry) }
        next.generations += 1
        return next
    }

    /// The number in decimal.
    public var description: String {
        var text = String(limbs[limbs.count - 1])
        text.reserveCapacity(9 * limbs.count)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    /// Smaller numbers are nearer the focus; within a generation, further left.
    public static func < (a: SosaNumber, b: SosaNumber) -> Bool {
        if a.generations != b.generations { return a.generations < b.generations }
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
        return a.limbs.reversed().lexicographicallyPrecedes(b.limbs.reversed())
    }
}
