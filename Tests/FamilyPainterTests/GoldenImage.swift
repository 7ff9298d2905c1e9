import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Compares rendered images with the PNGs in `Fixtures/golden`.
///
/// Tolerance: a pixel differs when any channel is off by more than `channelTolerance`
/// (16 of 255: antialiasing noise from a different pixman/FreeType build stays under it,
/// a moved or missing line does not); an image passes when at most `differingFraction`
/// (0.25 %) of its pixels differ. Sizes must match exactly.
///
/// On failure the actual image and a diff (expected | mask | actual) are written to
/// `.build/test-output/golden/` and their paths printed. Set `RECORD_GOLDENS=1` to
/// re-record; a recording run still fails, so nothing passes by accident.
enum GoldenImage {
    static let channelTolerance: UInt32 = 16
    static let differingFraction = 0.0025

    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    static func expectMatch(_ actual: RasterImage, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let goldenPath = FixturePaths.golden + "/\(name).png"
        let outputDirectory = FixturePaths.testOutput + "/golden"
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        if recording {
            try actual.writePNG(to: goldenPath)
            Issue.record("Recorded new golden \(goldenPath); run again without RECORD_GOLDENS to check it", sourceLocation: sourceLocation)
            return
        }
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            let actualPath = outputDirectory + "/\(name)-actual.png"
            try actual.writePNG(to: actualPath)
            Issue.record("no golden \(goldenPath) (actual image: \(actualPath)); record with RECORD_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        let expected = try RasterImage(contentsOfPNG: goldenPath)
        let result = compare(expected, actual)
        guard !result.passes else { return }
        let actualPath = outputDirectory + "/\(name)-actual.png"
        let diffPath = outputDirectory + "/\(name)-diff.png"
        try actual.writePNG(to: actualPath)
        if let diff = result.diff { try diff.writePNG(to: diffPath) }
        Issue.record("""
            golden \(name) differs: \(result.summary)
              expected: \(goldenPath)
              actual:   \(actualPath)
              diff:     \(result.diff == nil ? "(sizes differ)" : diffPath)
            """, sourceLocation: sourceLocation)
    }

    struct Result {
        var passes: Bool
        var summary: String
        var diff: RasterImage?
    }

    static func compare(_ expected: RasterImage, _ actual: RasterImage) -> Result {
        guard expected.width == actual.width, expected.height == actual.height else {
            return Result(passes: false, summary: "size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height)")
        }
        if expected.pixels == actual.pixels { return Result(passes: true, summary: "identical") }
        var differing = 0
        var largest: UInt32 = 0
        var mask = [UInt32](repeating: 0xFFFFFF, count: expected.pixels.count)
        for i in expected.pixels.indices {
            let delta = channelDelta(expected.pixels[i], actual.pixels[i])
            largest = max(largest, delta)
            if delta > channelTolerance {
                differing += 1
                mask[i] = 0xFF0000
            }
        }
        let fraction = Double(differing) / Double(expected.pixels.count)
        let summary = "\(differing) of \(expected.pixels.count) pixels (\(String(format: "%.3f", fraction * 100)) %) differ by more than \(channelTolerance); largest channel delta \(largest)"
        let width = expected.width
        var strip = [UInt32](repeating: 0, count: width * 3 * expected.height)
        for y in 0..<expected.height {
            for x in 0..<width {
                strip[y * width * 3 + x] = expected.pixels[y * width + x]
                strip[y * width * 3 + width + x] = mask[y * width + x]
                strip[y * width * 3 + 2 * width + x] = actual.pixels[y * width + x]
            }
        }
        return Result(passes: fraction <= differingFraction, summary: summary,
                      diff: RasterImage(width: width * 3, height: expected.height, pixels: strip))
    }

    static func channelDelta(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var largest: UInt32 = 0
        for shift in [0, 8, 16] as [UInt32] {
            let x = (a >> shift) & 0xFF, y = (b >> shift) & 0xFF
            largest = max(largest, x > y ? x - y : y - x)
        }
        return largest
    }
}
