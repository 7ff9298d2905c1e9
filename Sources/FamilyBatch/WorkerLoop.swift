#if canImport(Glibc)
import Glibc
#endif

/// The child side of `WorkerProcess`: reads items on stdin, one JSON line each, draws
/// them with `settings`, and answers each with its result on stdout. Ends at the end of
/// its input (the batch is done with it, or has gone).
public enum WorkerLoop {
    /// The environment variable through which a batch tells its workers its process id.
    static let parentVariable = "FAMILYCHART_BATCH_PID"
    /// Seconds a worker gives its batch's watchdog beyond the item timeout before it ends
    /// itself (the batch may be stopped with SIGSTOP, or gone): 5, or the environment's
    /// `FAMILYCHART_WORKER_GRACE` (0–3600 seconds; the tests shorten it so that an item
    /// outlasts it on any machine).
    static var ownTimeoutGrace: Double {
        guard let text = getenv(graceVariable), let value = Double(String(cString: text)), value.isFinite,
              (0...3600).contains(value) else { return 5 }
        return value
    }
    static let graceVariable = "FAMILYCHART_WORKER_GRACE"

    /// Runs until stdin ends; throws only when the painter cannot be set up. The worker
    /// dies with its batch (the kernel's parent-death signal: SIGKILL when the batch's
    /// thread that started it ends, e.g. when the batch is killed with SIGKILL), and ends
    /// itself (SIGALRM) when one item outlasts `itemTimeout` plus `ownTimeoutGrace`
    /// seconds, whatever became of the batch's own watchdog.
    public static func run(settings: ItemSettings, itemTimeout: Double) throws {
        dieWithParent()
        let renderer = try ItemRenderer(settings: settings)
        let input = LineReader(descriptor: 0)
        while let line = input.next() {
            guard !input.lastLineWasTooLong, let item = WorkerProtocol.decodeItem(line) else { continue }
            setAlarm(seconds: itemTimeout + ownTimeoutGrace)
            let result = renderer.render(item)
            setAlarm(seconds: 0)
            let bytes = WorkerProtocol.encode(result)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // the batch has gone
                offset += n
            }
        }
    }
}

extension WorkerLoop {
    /// Asks the kernel for SIGKILL when the parent goes (`prctl(PR_SET_PDEATHSIG)`), then
    /// ends at once if it has already gone (the batch named in the environment is no
    /// longer the parent).
    static func dieWithParent() {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            _ = unsafeBitCast(symbol, to: Prctl.self)(1 /* PR_SET_PDEATHSIG */, UInt(SIGKILL), 0, 0, 0)
        }
        if let text = getenv(parentVariable), let parent = pid_t(String(cString: text)), getppid() != parent { _exit(0) }
    }

    /// Delivers SIGALRM (which ends the process) after `seconds`; 0 disarms it.
    static func setAlarm(seconds: Double) {
        let whole = Int(seconds.rounded(.down))
        var timer = itimerval(it_interval: timeval(tv_sec: 0, tv_usec: 0),
                              it_value: timeval(tv_sec: whole, tv_usec: Int((seconds - Double(whole)) * 1e6)))
        _ = setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }
}
