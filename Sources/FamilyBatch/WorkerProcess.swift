import Dispatch
import FamilyModel
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a batch runs its items in child processes: `executable arguments` is a worker
/// that reads items on stdin and writes results on stdout (`WorkerLoop`).
public struct WorkerIsolation: Sendable {
    public var executable: String
    public var arguments: [String]
    /// Seconds an item may take before its worker is killed and the item fails.
    public var itemTimeout: Double

    public init(executable: String, arguments: [String], itemTimeout: Double) {
        self.executable = executable
        self.arguments = arguments
        self.itemTimeout = itemTimeout
    }
}

/// One worker child process, driven over two pipes, one item at a time, under a
/// watchdog: an item that outlasts the timeout gets its worker killed (SIGKILL), one
/// whose worker dies (a crash, the kernel's OOM killer) is failed with the reason, and
/// the temporaries the dead worker left are removed. Either way the batch goes on with a
/// fresh worker.
final class WorkerProcess {
    let pid: pid_t
    private let toWorker: Int32
    private let fromWorker: Int32
    private var pending: [UInt8] = []
    private var exited = false
    /// The kernel's count of out-of-memory kills when the current item was sent, read at
    /// most every `oomKillsInterval` (reading /proc/vmstat before every item cost about a
    /// hundredth of a thumbnail): a kill in that time before the item began counts as
    /// during it.
    private var oomKillsBefore: Int?
    /// When `oomKillsBefore` was read (`DispatchTime` nanoseconds), nil before the first item.
    private var oomKillsReadAt: UInt64?
    static let oomKillsInterval: UInt64 = 50_000_000

    private init(pid: pid_t, toWorker: Int32, fromWorker: Int32) {
        self.pid = pid
        self.toWorker = toWorker
        self.fromWorker = fromWorker
        LiveWorkers.shared.add(pid)
    }

    deinit { stop() }

    /// Starts a worker in a process group of its own (a terminal's Ctrl-C reaches only the
    /// batch, which ends its workers itself), with default signal handling, stderr to
    /// /dev/null and crash backtraces off.
    static func start(_ isolation: WorkerIsolation) throws -> WorkerProcess {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0 else { throw BatchError.cannotStartWorker(reason: String(cString: strerror(errno))) }
        guard pipe(&output) == 0 else {
            close(input[0]); close(input[1])
            throw BatchError.cannotStartWorker(reason: String(cString: strerror(errno)))
        }
        for fd in input + output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), none = sigset_t()
        sigemptyset(&defaults)
        sigemptyset(&none)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "SWIFT_BACKTRACE" && $0.key != WorkerLoop.parentVariable }
            .map { "\($0.key)=\($0.value)" }.sorted() + ["SWIFT_BACKTRACE=enable=no", "\(WorkerLoop.parentVariable)=\(getpid())"]
        var argv: [UnsafeMutablePointer<CChar>?] = ([isolation.executable] + isolation.arguments).map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, isolation.executable, &actions, &attributes, &argv, &envp)
        close(input[0])
        close(output[1])
        guard status == 0 else {
            close(input[1]); close(output[0])
            throw BatchError.cannotStartWorker(reason: String(cString: strerror(status)))
        }
        return WorkerProcess(pid: pid, toWorker: input[1], fromWorker: output[0])
    }

    /// Has the worker draw `item`; the result, and whether the worker is still usable.
    func render(_ item: BatchItem, timeout: Double) -> (result: BatchResult, alive: Bool) {
        let started = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        func failed(_ message: String) -> (BatchResult, Bool) {
            (BatchResult(item: item, status: .failed, message: message, seconds: elapsed()), false)
        }
        if oomKillsReadAt.map({ started &- $0 >= Self.oomKillsInterval }) ?? true {
            oomKillsBefore = Self.oomKills()
            oomKillsReadAt = started
        }
        guard send(WorkerProtocol.encode(item)) else { return failed(ended(item) ?? "the worker process could not be reached") }
        while true {
            if let line = takeLine() {
                guard let result = WorkerProtocol.decodeResult(line, for: item) else { return failed(kill(item, "sent a malformed result")) }
                return (result, true)
            }
            let remaining = timeout - elapsed()
            guard remaining > 0 else {
                return failed(kill(item, "took longer than the item timeout of \(printfFormatted("%g", timeout)) s; stopped"))
            }
            var poller = pollfd(fd: fromWorker, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var n = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: 1 << 14) { buffer, count in  // not zeroed first
                n = read(fromWorker, buffer.baseAddress, buffer.count)
                count = max(0, n)
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return failed(ended(item) ?? "the worker process closed its output") }
            pending.append(contentsOf: chunk[0..<n])
            if pending.count > 1 << 20 { return failed(kill(item, "sent more than 1 MiB without a line break")) }
        }
    }

    /// Ends the worker: closes its input (it exits after its item) and reaps it, killing
    /// it if it has not gone within a second.
    func stop() {
        guard !exited else { return }
        close(toWorker)
        for _ in 0..<100 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return finished() }
            usleep(10_000)
        }
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        finished()
    }

    private func finished() {
        exited = true
        close(fromWorker)
        LiveWorkers.shared.remove(pid)
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(toWorker, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    private func takeLine() -> [UInt8]? {
        guard let newline = pending.firstIndex(of: 0x0A) else { return nil }
        let line = Array(pending[..<newline])
        pending.removeFirst(newline + 1)
        return line
    }

    /// Kills the worker, says why, and removes what it left behind for `item`.
    private func kill(_ item: BatchItem, _ reason: String) -> String {
        _ = Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        tidy(item)
        return reason
    }

    /// Why the worker is gone, once it is (reaped here), or nil if it still runs.
    private func ended(_ item: BatchItem) -> String? {
        var status: Int32 = 0
        var reaped = waitpid(pid, &status, WNOHANG)
        if reaped == 0 {  // output closed but not yet exited: give it a moment
            usleep(100_000)
            reaped = waitpid(pid, &status, WNOHANG)
        }
        if reaped == 0 { return nil }
        tidy(item)
        let signal = status & 0x7F
        if signal != 0 {
            // SIGKILL is called out of memory only when the kernel's OOM killer has acted since
            // the item began (it said "out of memory?" for every kill).
            let outOfMemory = oomKillsBefore.flatMap { before in Self.oomKills().map { $0 > before } } ?? false
            let killed = outOfMemory ? "SIGKILL: the kernel's out-of-memory killer" : "SIGKILL, not sent by this batch"
            let name = [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGKILL: killed,
                        SIGALRM: "SIGALRM: the worker's own item timeout", SIGFPE: "SIGFPE", SIGTERM: "SIGTERM", SIGINT: "SIGINT",
                        SIGTRAP: "SIGTRAP"][signal] ?? "signal \(signal)"
            return "the worker process crashed on this item (\(name)); the batch goes on"
        }
        return "the worker process exited (status \((status >> 8) & 0xFF)) on this item; the batch goes on"
    }

    /// The kernel's count of processes killed for want of memory (`oom_kill` in
    /// /proc/vmstat, Linux 4.13 and later), or nil where it cannot be read: one read into
    /// a buffer and a scan of its bytes (splitting the file's text into lines cost as much
    /// as a thumbnail's layout).
    static func oomKills() -> Int? {
        let fd = open("/proc/vmstat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 14) { buffer -> Int? in
            var filled = 0
            while filled < buffer.count {
                let n = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                filled += n
            }
            return VMStat.value(named: "oom_kill", in: UnsafeBufferPointer(rebasing: buffer[..<filled]))
        }
    }

    private func tidy(_ item: BatchItem) {
        exited = true
        close(fromWorker)
        close(toWorker)
        LiveWorkers.shared.remove(pid)
        let folder = OutputPath.folder(of: item.output)
        StaleTemporaries.remove(inFolder: folder, writtenBy: pid)
    }
}

/// Reading /proc/vmstat's "name value" lines.
enum VMStat {
    /// The value on the line `name value` of `text`, or nil when no line has that name.
    static func value(named name: String, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        let key = Array(name.utf8) + [0x20]
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count && text[lineEnd] != 0x0A { lineEnd += 1 }
            if lineEnd - lineStart > key.count, key.indices.allSatisfy({ text[lineStart + $0] == key[$0] }) {
                var value = 0
                for byte in text[(lineStart + key.count)..<lineEnd] {
                    guard (0x30...0x39).contains(byte), value < Int.max / 10 - 9 else { return nil }
                    value = value * 10 + Int(byte - 0x30)
                }
                return value
            }
            lineStart = lineEnd + 1
        }
        return nil
    }
}
