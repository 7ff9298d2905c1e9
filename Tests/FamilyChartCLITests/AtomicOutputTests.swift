import FamilyModel
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Mounts a 64 KiB tmpfs (a full disk) for the duration of `body`, when the machine allows it.
private func withTinyDisk(_ body: (String) throws -> Void) throws -> Bool {
    let mountPoint = try CLIRunner.temporaryDirectory()
    let mount = Process()
    mount.executableURL = URL(fileURLWithPath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mountPoint]
    mount.standardError = FileHandle.nullDevice
    guard (try? mount.run()) != nil else { return false }
    mount.waitUntilExit()
    guard mount.terminationStatus == 0 else { return false }
    defer {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [mountPoint]
        try? umount.run()
        umount.waitUntilExit()
    }
    try body(mountPoint)
    return true
}

@Suite struct AtomicOutputTests {
    /// A render killed at any moment leaves the previous file or a complete new one.
    @Test func aRenderKilledAtAnyMomentLeavesTheOldFileOrACompleteNewOne() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let input = directory + "/big.json"
        try SeedJSONWriter().write(SyntheticFamily(persons: 12_000, seed: 5).generate()).write(toFile: input, atomically: true, encoding: .utf8)
        for format in ["pdf", "png"] {
            let output = directory + "/chart.\(format)"
            let first = try CLIRunner.run(["demo", "-o", output, "--scale", "0.5"])
            #expect(first.status == 0)
            let previous = try Data(contentsOf: URL(fileURLWithPath: output))
            var killedBefore = 0, finished = 0
            for attempt in 0..<6 {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
                process.arguments = ["render", input, "-o", output, "--scale", "0.02"]
                process.standardError = FileHandle.nullDevice
                try process.run()
                usleep(UInt32(40_000 + attempt * 90_000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let now = try Data(contentsOf: URL(fileURLWithPath: output))
                if now == previous {
                    killedBefore += 1
                } else {
                    finished += 1
                    let complete = format == "pdf"
                        ? String(decoding: now.suffix(64), as: UTF8.self).contains("%%EOF")
                        : now.suffix(12).starts(with: [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44])
                    #expect(complete, "a new \(format) must be complete")
                }
            }
            #expect(killedBefore + finished == 6)
            #expect(killedBefore > 0, "some kills landed mid-render (\(format))")
        }
    }

    @Test func writeFailuresAreClearErrors() throws {
        for format in ["png", "pdf", "svg"] {
            let result = try CLIRunner.run(["demo", "-o", "/proc/familychart-test.\(format)"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("/proc/familychart-test.\(format): cannot"), "\(result.stderr)")
        }
        let mounted = try withTinyDisk { disk in
            let input = disk + "/../big.json"
            try SeedJSONWriter().write(SyntheticFamily(persons: 2_000, seed: 3).generate()).write(toFile: input, atomically: true, encoding: .utf8)
            for format in ["png", "pdf"] {
                let result = try CLIRunner.run(["render", input, "-o", disk + "/full.\(format)", "--scale", "0.3"])
                #expect(result.status == 1)
                #expect(result.stderr.contains("\(disk)/full.\(format): cannot write output"), "\(result.stderr)")
                #expect(CLIRunner.files(in: disk).isEmpty, "nothing half-written is left on the full disk")
            }
        }
        if !mounted { print("note: could not mount a tmpfs here; the full-disk case was not run") }
    }
}
