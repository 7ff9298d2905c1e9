import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's Chromium, headless, driven over the DevTools protocol through
/// `--remote-debugging-pipe` (it reads requests on file descriptor 3 and answers on 4,
/// each message JSON ended by a NUL byte): no WebDriver, no downloaded browser, no
/// network. One page per browser; every event is kept for the test to inspect.
public final class HeadlessChromium {
    /// Where `scripts/setup --browser` installs it.
    public static let path = "/usr/bin/chromium"
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let pid: pid_t
    private let requests: Int32
    private let replies: Int32
    private let profile: String
    private var buffer: [UInt8] = []
    private var nextID = 0
    private var session = ""
    /// Every event received, in order (`method` and `params`).
    public private(set) var events: [[String: Any]] = []

    /// Starts a browser with a `width` × `height` window whose network is cut off (a dead
    /// proxy, no host resolves, and the page's network emulated offline) and opens a blank page.
    public init(width: Int = 1100, height: Int = 700) throws {
        profile = NSTemporaryDirectory() + "familychart-chromium-\(UUID().uuidString)"
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw Failure(description: "pipe failed") }
        for fd in toBrowser + fromBrowser { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // the browser gets only its copies on 3 and 4
        let arguments = [Self.path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--window-size=\(width),\(height)", "--force-device-scale-factor=1", "--user-data-dir=\(profile)",
                         "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
                         "--disable-sync", "--disable-extensions", "--hide-scrollbars", "--mute-audio", "--font-render-hinting=none",
                         "--disable-lcd-text", "--force-color-profile=srgb", "--proxy-server=127.0.0.1:9",
                         "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        Self.closeFrom?(&actions, 5)  // nothing else of the test process (other tests' pipes) leaks into the browser
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, Self.path, &actions, nil, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw Failure(description: "cannot start \(Self.path): \(String(cString: strerror(status)))")
        }
        pid = child
        requests = toBrowser[1]
        replies = fromBrowser[0]
        let target = try call("Target.createTarget", ["url": "about:blank"], inSession: false)["targetId"] as? String ?? ""
        session = try call("Target.attachToTarget", ["targetId": target, "flatten": true], inSession: false)["sessionId"] as? String ?? ""
        for domain in ["Page", "Runtime", "Network", "Log"] { try call("\(domain).enable") }
        // The window's inner size exactly (a headless window keeps some of it for its frame).
        try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        try call("Network.emulateNetworkConditions", ["offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1])
    }

    deinit {
        close(requests)
        close(replies)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Sends one command (to the page, or to the browser) and returns its result.
    @discardableResult
    public func call(_ method: String, _ parameters: [String: Any] = [:], inSession: Bool = true, timeout: Double = 60) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": parameters]
        if inSession { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "\(method): the browser closed its pipe") }
            offset += written
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, waitingFor: method)
            guard reply["id"] as? Int == nextID else {
                if reply["method"] != nil { events.append(reply) }
                continue
            }
            if let error = reply["error"] as? [String: Any] { throw Failure(description: "\(method): \(error["message"] ?? error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// Waits for the first event `method` after event number `after` (see `events.count`)
    /// whose parameters satisfy `matching`.
    @discardableResult
    public func waitForEvent(_ method: String, after: Int = 0, timeout: Double = 60,
                             matching: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = after
        while true {
            while seen < events.count {
                let params = events[seen]["params"] as? [String: Any] ?? [:]
                if events[seen]["method"] as? String == method, matching(params) { return params }
                seen += 1
            }
            let message = try nextMessage(until: deadline, waitingFor: method)
            if message["method"] != nil { events.append(message) }
        }
    }

    /// The browser's trace events (`Tracing` domain, `categories` such as
    /// "devtools.timeline") recorded while `work` runs.
    public func trace(_ categories: [String], during work: () throws -> Void) throws -> [[String: Any]] {
        let mark = events.count
        try call("Tracing.start", ["traceConfig": ["includedCategories": categories], "transferMode": "ReportEvents"])
        try work()
        try call("Tracing.end")
        try waitForEvent("Tracing.tracingComplete", after: mark)
        return events[mark...].filter { $0["method"] as? String == "Tracing.dataCollected" }
            .flatMap { ($0["params"] as? [String: Any])?["value"] as? [[String: Any]] ?? [] }
    }

    /// Opens `url` and waits for its load event.
    public func open(_ url: String) throws {
        let mark = events.count
        try call("Page.navigate", ["url": url])
        try waitForEvent("Page.loadEventFired", after: mark)
    }

    /// The value of a JavaScript expression in the page (promises awaited), as JSON-like values.
    @discardableResult
    public func evaluate(_ expression: String, timeout: Double = 60) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], timeout: timeout)
        if let exception = result["exceptionDetails"] as? [String: Any] {
            throw Failure(description: "\(expression.prefix(80)): \((exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? "")")
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A click (press and release of the left button) at (x, y) in the window.
    public func click(x: Double, y: Double) throws {
        for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
            try call("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": type == "mouseMoved" ? "none" : "left", "clickCount": 1])
        }
    }

    /// A key pressed and released, e.g. `"/"` or `"Enter"`.
    public func press(_ key: String, code: String? = nil, text: String? = nil, modifiers: Int = 0) throws {
        var down: [String: Any] = ["type": text == nil ? "rawKeyDown" : "keyDown", "key": key]
        if let code { down["code"] = code }
        // The key codes Chromium's own handling needs (Tab moves the focus, Enter and Space press buttons).
        let codes = ["Enter": 13, "Tab": 9, "Escape": 27, " ": 32, "ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Home": 36]
        if let code = codes[key] { down["windowsVirtualKeyCode"] = code }
        if let text { down["text"] = text }
        if modifiers != 0 { down["modifiers"] = modifiers }
        try call("Input.dispatchKeyEvent", down)
        var up: [String: Any] = ["type": "keyUp", "key": key]
        if let code = codes[key] { up["windowsVirtualKeyCode"] = code }
        if let code { up["code"] = code }
        try call("Input.dispatchKeyEvent", up)
    }

    /// Types `text` into the focused element.
    public func type(_ text: String) throws {
        try call("Input.insertText", ["text": text])
    }

    /// The window as PNG bytes.
    public func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = result["data"] as? String, let data = Data(base64Encoded: base64) else { throw Failure(description: "no screenshot") }
        return data
    }

    /// Every URL the page asked for (its own, and anything else it tried).
    public var requestedURLs: [String] {
        events.filter { $0["method"] as? String == "Network.requestWillBeSent" }
            .compactMap { (($0["params"] as? [String: Any])?["request"] as? [String: Any])?["url"] as? String }
    }

    /// Console errors and warnings, uncaught exceptions and logged errors, as text.
    public var problems: [String] {
        events.compactMap { event in
            let params = event["params"] as? [String: Any] ?? [:]
            switch event["method"] as? String {
            case "Runtime.exceptionThrown":
                return "exception: \(((params["exceptionDetails"] as? [String: Any])?["exception"] as? [String: Any])?["description"] ?? params)"
            case "Runtime.consoleAPICalled" where ["error", "warning", "assert"].contains(params["type"] as? String ?? ""):
                return "console.\(params["type"] ?? ""): \(params["args"] ?? "")"
            case "Log.entryAdded":
                let entry = params["entry"] as? [String: Any] ?? [:]
                return ["error", "warning"].contains(entry["level"] as? String ?? "") ? "log: \(entry["text"] ?? "")" : nil
            case "Page.javascriptDialogOpening":
                return "dialog: \(params["message"] ?? "")"
            default:
                return nil
            }
        }
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (declared only under
    /// `_GNU_SOURCE`, so not imported), looked up at run time.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// Reads until one whole message has arrived.
    private func nextMessage(until deadline: Date, waitingFor method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else { continue }
                return object
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure(description: "\(method): no answer from the browser in time") }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(remaining, 1) * 1000)) >= 0 else { continue }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(replies, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "\(method): the browser exited") }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
