/// An ancestor's Sosa–Stradonitz (Ahnentafel) number: the focus is 1, a person n's father
/// 2n and mother 2n + 1. Written in binary it is a 1 followed by the path up from the
/// focus (0 = father, 1 = mother), so it is kept as that path: deep pedigrees (royal
/// lines of 80 generations) outgrow any fixed-width integer.
public struct SosaNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The binary digits after the leading 1, most significant first, 64 to a word.
    private var words: [UInt64] = []
    /// How many path steps (generations above the focus).
    public private(set) var generations = 0

    /// The focus: 1.
    public static let focus = SosaNumber()

    private init() {}

    /// The father's (2n) or the mother's (2n + 1) number.
    public func parent(mother: Bool) -> SosaNumber {
        var next = self
        let bit = next.generations % 64
        if bit == 0 { next.words.append(0) }
        if mother { next.words[next.words.count - 1] |= UInt64(1) << UInt64(63 - bit) }
        next.generations += 1
        return next
    }

    /// The number in decimal.
    public var description: String {
        // Fast path: fits in 63 bits.
        if generations < 63 {
            var value: UInt64 = 1
            for step in 0..<generations { value = value << 1 | bitAt(step) }
            return String(value)
        }
        // Base 10^9 limbs, least significant first: n = 2n + bit for every step.
        var limbs: [UInt64] = [1]
        let base: UInt64 = 1_000_000_000
        for step in 0..<generations {
            var carry = bitAt(step)
            for k in limbs.indices {
                let value = limbs[k] * 2 + carry
                limbs[k] = value % base
                carry = value / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }

    private func bitAt(_ step: Int) -> UInt64 { (words[step / 64] >> UInt64(63 - step % 64)) & 1 }

    /// Smaller numbers are nearer the focus; within a generation, further left.
    public static func < (a: SosaNumber, b: SosaNumber) -> Bool {
        if a.generations != b.generations { return a.generations < b.generations }
        return a.words.lexicographicallyPrecedes(b.words)
    }
}
