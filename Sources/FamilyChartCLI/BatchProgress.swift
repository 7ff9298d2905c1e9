import FamilyBatch
import FamilyModel
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Shows a batch's progress on stderr: a redrawn bar on a terminal, a plain line every
/// few seconds otherwise (logs of batch jobs), nothing with `--quiet`. Failures are
/// always printed, one line each, as they happen.
final class BatchProgress: @unchecked Sendable {
    private let console: Console
    /// Items expected; nil for a manifest read once from a pipe (no ETA then).
    private let total: Int?
    private let quiet: Bool
    private let terminal: Bool
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastShown: ContinuousClock.Instant
    private var lastBarLength = 0
    /// Failures printed so far by kind (`failureKind`), and those left unprinted.
    private var failuresOfKind: [String: Int] = [:]
    private var unprinted = 0
    /// Failures of one kind printed one by one; the rest are counted in the closing lines
    /// (a GEDCOM file given as the manifest failed 2,000,016 lines, 280 MB of stderr).
    static let failuresShownPerKind = 100

    init(console: Console, total: Int?, quiet: Bool, terminal: Bool = isatty(2) == 1) {
        self.console = console
        self.total = total
        self.quiet = quiet
        self.terminal = terminal
        start = clock.now
        lastShown = start
    }

    /// Called once per finished item (never concurrently).
    func update(_ result: BatchResult, _ summary: BatchSummary) {
        if result.status == .failed {
            let message = result.message ?? "unknown error"
            let kind = Self.failureKind(message, input: result.item.input)
            let shown = failuresOfKind[kind, default: 0]
            failuresOfKind[kind] = shown + 1
            if shown < Self.failuresShownPerKind {
                clearBar()
                let id = MessageText.escaped(result.item.id), input = MessageText.escaped(result.item.input)
                console.error("failed: \(id) (\(input)): \(message)\n")
                if shown + 1 == Self.failuresShownPerKind {
                    console.error("batch: \(Self.failuresShownPerKind) failures like this one; more are counted, not shown\n")
                }
            } else {
                unprinted += 1
            }
        }
        guard !quiet else { return }
        let now = clock.now
        let interval: Duration = terminal ? .milliseconds(100) : .seconds(5)
        guard now - lastShown >= interval || summary.done == total else { return }
        lastShown = now
        let elapsed = seconds(now - start)
        let rate = elapsed > 0 ? Double(summary.done) / elapsed : 0
        let failed = summary.failed > 0 ? ", \(summary.failed) failed" : ""
        guard let total else {
            let text = "\(summary.done) done\(failed), \(format(rate))/s"
            if terminal {
                console.terminalControl("\r\u{1B}[K" + text)
                lastBarLength = text.count
            } else {
                console.error("batch: \(text)\n")
            }
            return
        }
        let remaining = rate > 0 ? Double(total - summary.done) / rate : 0
        let percent = total > 0 ? summary.done * 100 / total : 100
        if terminal {
            let width = 24
            let filled = total > 0 ? summary.done * width / total : width
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
            let text = "\(bar) \(summary.done)/\(total) \(percent)%  \(format(rate))/s  ETA \(duration(remaining))\(failed)"
            console.terminalControl("\r\u{1B}[K" + text)
            lastBarLength = text.count
        } else {
            console.error("batch: \(summary.done)/\(total) (\(percent)%)\(failed), \(format(rate))/s, ETA \(duration(remaining))\n")
        }
    }

    /// What a failure's message says with its item's input and every number left out:
    /// failures of one kind differ only there (`manifest.jsonl:17: not a JSON object`).
    static func failureKind(_ message: String, input: String) -> String {
        let text = input.isEmpty ? message : message.replacing(input, with: "")
        return String(text.unicodeScalars.lazy.filter { !("0"..."9").contains($0) }.prefix(200).map(Character.init))
    }

    /// The closing lines.
    func finish(_ summary: BatchSummary) {
        clearBar()
        if unprinted > 0 {
            let kinds = failuresOfKind.values.filter { $0 > Self.failuresShownPerKind }.count
            console.error("batch: … and \(unprinted) more failures like those shown (\(kinds == 1 ? "one kind" : "\(kinds) kinds"), "
                          + "\(summary.failed) failures in all; --report lists every one)\n")
        }
        let rate = summary.seconds > 0 ? Double(summary.done) / summary.seconds : 0
        console.error("batch: \(summary.ok) ok, \(summary.skipped) skipped, \(summary.failed) failed of \(total ?? summary.done) "
                      + "in \(printfFormatted("%.1f", summary.seconds)) s (\(format(rate)) items/s)\n")
    }

    private func clearBar() {
        if terminal && lastBarLength > 0 {
            console.terminalControl("\r\u{1B}[K")
            lastBarLength = 0
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private func format(_ rate: Double) -> String { printfFormatted(rate < 10 ? "%.2f" : "%.1f", rate) }

    private func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? printfFormatted("%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60) : printfFormatted("%ld:%02ld", s / 60, s % 60)
    }
}
