internal import CCairo
import FamilyLayout
import FamilyModel
@testable import FamilyPainter
import Foundation
import TestSupport
import Testing

/// Avatars: PNG and JPEG, clipped into the box; a missing file is a warning.
@Suite struct PhotoTests {
    /// A 96×96 avatar drawn with Cairo (a warm background and a head), written as PNG and
    /// as JPEG into `folder`; returns the two paths.
    static func avatars(in folder: String) throws -> (png: String, jpeg: String) {
        let surface = try CairoSurface.image(width: 96, height: 96)
        let cairo = cairo_create(surface.pointer)!
        cairo_set_source_rgb(cairo, 0.85, 0.45, 0.2)
        cairo_paint(cairo)
        cairo_set_source_rgb(cairo, 0.98, 0.86, 0.7)
        cairo_arc(cairo, 48, 40, 20, 0, 2 * Double.pi)
        cairo_fill(cairo)
        cairo_arc(cairo, 48, 110, 38, 0, 2 * Double.pi)
        cairo_fill(cairo)
        cairo_destroy(cairo)
        let png = folder + "/avatar.png", jpeg = folder + "/avatar.jpg"
        cairo_surface_flush(surface.pointer)
        #expect(cairo_surface_write_to_png(surface.pointer, png) == CAIRO_STATUS_SUCCESS)
        try surface.writeJPEG(path: jpeg)
        return (png, jpeg)
    }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "familychart-photos-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func family(photos: [String?]) throws -> FamilyGraph {
        let names = ["Ada Photo", "Ben Photo", "Cy Photo"]
        let entries = zip(names, photos).enumerated().map { i, pair in
            let photo = pair.1.map { #", "photo": "\#($0)""# } ?? ""
            return #"{"id": "p\#(i)", "name": "\#(pair.0)", "gender": "\#(i == 1 ? "female" : "male")"\#(photo)}"#
        }
        return try TestFamilies.graph(json: "[[" + entries.joined(separator: ", ") + "]]")
    }

    @Test func pngAndJPEGPhotosAreDrawnInsideTheirBoxes() throws {
        let dir = try folder()
        let (png, jpeg) = try Self.avatars(in: dir)
        let scene = ChartLayout().scene(for: try family(photos: [png, jpeg, nil]))
        #expect(scene.persons.map(\.photo) == [png, jpeg, nil])
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        let image = try painter.rasterize(scene, scale: 1)
        #expect(painter.warnings.isEmpty)
        for box in scene.persons.prefix(2) {
            // The avatar's orange background just inside the photo's top-left corner.
            let pixel = image.pixels[Int(box.y + 9) * image.width + Int(box.x + 9)]
            let (r, g, b) = (pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF)
            #expect(r > 190 && g > 90 && g < 140 && b < 80, "\(box.name): \(String(pixel, radix: 16))")
        }
        try GoldenImage.expectMatch(image, named: "photos")
    }

    @Test func aMissingOrBrokenPhotoIsAWarningNotAFailure() throws {
        let dir = try folder()
        let broken = dir + "/broken.jpg"
        try "not an image".write(toFile: broken, atomically: true, encoding: .utf8)
        let truncated = dir + "/truncated.jpg"
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]).write(to: URL(fileURLWithPath: truncated))
        let scene = ChartLayout().scene(for: try family(photos: [dir + "/missing.png", broken, truncated]))
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        _ = try painter.rasterize(scene, scale: 1)
        _ = try painter.rasterize(scene, scale: 1)  // each file is reported once
        #expect(painter.warnings.count == 3, "\(painter.warnings)")
        #expect(painter.warnings[0] == "photo \(dir)/missing.png: cannot read the image: no such file; the box is drawn without it")
        #expect(painter.warnings[1].contains("neither PNG nor JPEG"))
        #expect(painter.warnings[2].contains("truncated.jpg: cannot read the image:"))
    }

    @Test func gedcomObjectFilesBecomePhotos() throws {
        let text = """
            0 HEAD
            0 @I1@ INDI
            1 NAME Ann /Lee/
            1 OBJE
            2 FILE photos/ann.jpg
            0 @I2@ INDI
            1 NAME Bo /Lee/
            1 OBJE @O1@
            0 @O1@ OBJE
            1 FILE
            2 FORM png
            1 FILE bo.png
            0 TRLR
            """
        let graph = try FamilyImport(bytes: Array(text.utf8), source: "t.ged").graph
        #expect(graph.persons.map(\.photo) == ["photos/ann.jpg", "bo.png"])
    }
}
