import Dispatch
import FamilyModel
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM end a command cleanly instead of killing it mid-write: the
/// temporaries being written are removed (the targets keep their old contents) and the
/// process then dies of the same signal, as shells and job engines expect. A command may
/// take over the first signal (a batch stops taking items and writes its report); a
/// second signal always ends the process at once.
final class Interruption: @unchecked Sendable {  // every mutation holds `lock`
    static let shared = Interruption()

    private let lock = Lock()
    private var sources: [DispatchSourceSignal] = []
    private var received: Int32?
    private var takeover: (@Sendable (Int32) -> Void)?

    /// The signal received, if any.
    var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Starts listening. A signal that was ignored when the process started (`nohup`,
    /// a background job of a script) stays ignored.
    func install() {
        for number in [SIGINT, SIGTERM] {
            var current = sigaction()
            sigaction(number, nil, &current)
            let ignored = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
            if ignored { continue }
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [unowned self] in self.receive(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Lets `handler` deal with the first signal instead of ending the process now; the
    /// handler must eventually call `end(_:)`.
    func takeOver(_ handler: @escaping @Sendable (Int32) -> Void) {
        lock.lock()
        takeover = handler
        lock.unlock()
    }

    private func receive(_ number: Int32) {
        lock.lock()
        let first = received == nil
        if first { received = number }
        let handler = first ? takeover : nil
        lock.unlock()
        if let handler { handler(number) } else { end(number) }
    }

    /// Removes the temporaries being written, says so on stderr and dies of `number`.
    func end(_ number: Int32) -> Never {
        let removed = LiveTemporaries.shared.removeAllForExit()  // and no new one from here on
        let note = removed > 0 ? "; \(removed) unfinished output\(removed == 1 ? "" : "s") removed" : ""
        let message = Array("familychart: interrupted by \(Self.name(number))\(note)\n".utf8)
        _ = message.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        Glibc.signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)  // dispatch's threads block signals
        raise(number)
        _exit(128 + number)
    }

    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
