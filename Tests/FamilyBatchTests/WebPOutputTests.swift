@testable import FamilyBatch
import FamilyPainter
import Foundation
import TestSupport
import Testing

/// A batch's WebP thumbnails, checked as complete for `--skip-existing`.
@Suite struct WebPOutputTests {
    @Test func aCompleteWebPOfTheAskedSizeIsKeptAndACutOneIsNot() throws {
        let folder = try familiesFolder(count: 2)
        let output = folder + "/thumbs"
        let runner = BatchRunner(jobs: 1, defaults: ItemOptions(size: PixelSize(width: 200, height: 150), format: .webp),
                                 fonts: .file(FixturePaths.fontConfig))
        let summary = try runner.run(BatchSource.directory(path: folder, outputDirectory: output, format: .webp).items()) { _, _ in }
        #expect(summary.failed == 0)
        let path = output + "/family-000.webp"
        #expect(CompleteOutput.exists(at: path, format: .webp, size: PixelSize(width: 200, height: 150)))
        #expect(!CompleteOutput.exists(at: path, format: .webp, size: PixelSize(width: 256, height: 256)), "another size is redrawn")
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: path))
        #expect(!CompleteOutput.exists(at: path, format: .webp, size: nil), "a file cut short is redrawn")
        try? FileManager.default.removeItem(atPath: folder)
    }
}
