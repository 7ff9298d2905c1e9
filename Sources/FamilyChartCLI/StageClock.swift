/// Measures the pipeline's stages for `--timings`, printed on stderr as
/// `timings (ms): read=… parse=… validate=… layout=… paint=… encode=… total=…`.
final class StageClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var last: ContinuousClock.Instant
    private(set) var stages: [(name: String, duration: Duration)] = []

    init() {
        start = clock.now
        last = start
    }

    /// Ends the current stage, naming it.
    func lap(_ name: String) {
        let now = clock.now
        stages.append((name, now - last))
        last = now
    }

    /// Records a stage measured elsewhere (and restarts the lap there).
    func record(_ name: String, _ duration: Duration) {
        stages.append((name, duration))
        last = clock.now
    }

    var summary: String {
        let parts = stages.map { "\($0.name)=\(milliseconds($0.duration))" } + ["total=\(milliseconds(clock.now - start))"]
        return "timings (ms): " + parts.joined(separator: " ") + "\n"
    }

    private func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(Int((ms * 10).rounded())).withDecimal
    }
}

private extension String {
    /// "123" (tenths) → "12.3".
    var withDecimal: String {
        let padded = count < 2 ? String(repeating: "0", count: 2 - count) + self : self
        return padded.dropLast() + "." + padded.suffix(1)
    }
}
