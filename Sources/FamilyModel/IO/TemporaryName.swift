#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The name of a temporary file an output is written into before it is renamed over the
/// target: `.NAME.fctmp-KERNEL-PID-RANDOM`, beside the target.
///
/// `KERNEL` is the first 12 hex digits of the running kernel's boot id: a writer's lock on
/// its temporary (held with `flock` until the rename) is authoritative only for processes
/// of the same kernel, whatever container they run in, so only temporaries of this kernel
/// can ever be proven abandoned. A process id alone proves nothing across containers or
/// hosts sharing a volume; it is kept only to help a person reading the folder.
public struct TemporaryName: Equatable, Sendable {
    /// The target's file name (possibly shortened).
    public var target: String
    /// 12 hex digits of the writer's kernel boot id (`unknown` when it could not be read).
    public var kernel: String
    public var process: Int32
    public var random: UInt32

    static let marker = ".fctmp-"

    /// A fresh name for a temporary of the file called `target` (no folder).
    public init(forTarget target: String) {
        var short = target
        while short.utf8.count > 96 { short.removeLast() }  // stay far below NAME_MAX with the suffix
        self.target = short
        kernel = Self.thisKernel
        process = getpid()
        random = UInt32.random(in: 0...UInt32.max)
    }

    /// Reads a file name made by `init(forTarget:)`; nil for any other name.
    public init?(parsing name: String) {
        guard name.hasPrefix("."), let marker = name.lastRange(of: Self.marker),
              marker.lowerBound > name.index(after: name.startIndex) else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count == 12, parts[0].allSatisfy(\.isHexDigit) || parts[0] == "unknownkernl",
              !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit), let process = Int32(parts[1]),
              parts[2].utf8.count == 8, parts[2].allSatisfy(\.isHexDigit), let random = UInt32(parts[2], radix: 16) else { return nil }
        target = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
        kernel = String(parts[0])
        self.process = process
        self.random = random
    }

    /// The file name.
    public var name: String {
        let hex = String(random, radix: 16)
        return "." + target + Self.marker + kernel + "-\(process)-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Whether a process of this kernel wrote it (so its lock tells whether it still runs).
    public var isFromThisKernel: Bool { kernel == Self.thisKernel && kernel != Self.unknownKernel }

    static let unknownKernel = "unknownkernl"

    /// The first 12 hex digits of `/proc/sys/kernel/random/boot_id`, which changes at
    /// every boot and is shared by every container on one kernel.
    public static let thisKernel: String = {
        let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return unknownKernel }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return unknownKernel }
        let hex = buffer[0..<count].filter { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        return hex.count >= 12 ? String(decoding: hex.prefix(12), as: UTF8.self) : unknownKernel
    }()
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
