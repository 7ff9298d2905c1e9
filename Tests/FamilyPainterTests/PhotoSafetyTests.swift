internal import CCairo
internal import CImageCodecs
import FamilyLayout
import FamilyModel
@testable import FamilyPainter
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Photos are the riskiest input: bombs are refused from their header, files are opened
/// with care, `--photos local` keeps to the data file's folder, decoded images are small
/// squares cached by file identity.
@Suite struct PhotoSafetyTests {
    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "familychart-photo-safety-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A PNG whose header claims `width` × `height`, followed by a scrap of data.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let ihdr = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + [0, 0, 0, 0] + be(8) + Array("IDAT".utf8) + [0x78, 0x9C, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0]
    }

    func library(_ access: PhotoAccess) -> PhotoLibrary {
        let library = PhotoLibrary()
        library.access = access
        return library
    }

    @Test func bombsAreRefusedFromTheirHeaders() throws {
        let dir = try folder()
        try Data(Self.pngHeader(width: 20_000, height: 20_000)).write(to: URL(fileURLWithPath: dir + "/bomb.png"))
        // A JPEG header (SOI, SOF0 of 65,000 × 65,000, 3 components) and nothing else.
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFD, 0xE8, 0xFD, 0xE8, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let dqt: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        try Data([0xFF, 0xD8] + dqt + sof + [0xFF, 0xDA, 0x00, 0x0C, 0x03, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]).write(to: URL(fileURLWithPath: dir + "/bomb.jpg"))
        let photos = library(.any(root: dir + "/"))
        #expect(photos.image(at: dir + "/bomb.png") == nil)
        #expect(photos.image(at: dir + "/bomb.jpg") == nil)
        #expect(photos.warnings.count == 2)
        #expect(photos.warnings[0] == "photo bomb.png: cannot read the image: too large: 20000 × 20000 pixels, above the budget of 40 megapixels; the box is drawn without it")
        #expect(photos.warnings[1].contains("bomb.jpg: cannot read the image: too large: 65000 × 65000 pixels"), "\(photos.warnings)")
    }

    @Test func progressiveJPEGsWithTooManyScansAreRefusedAndCMYKIsConverted() throws {
        let dir = try folder()
        #expect(CImageCodecs_jpeg_write_test(dir + "/scans.jpg", 64, 64, 0, 200, 100, 50, 0, 63) == 0)
        #expect(CImageCodecs_jpeg_write_test(dir + "/few.jpg", 64, 64, 0, 200, 100, 50, 0, 4) == 0)
        // Orange as Adobe CMYK: no cyan ink (255), some magenta (115), much yellow (51), no black (255).
        #expect(CImageCodecs_jpeg_write_test(dir + "/cmyk.jpg", 64, 48, 1, 255, 115, 51, 255, 0) == 0)
        let photos = library(.any(root: nil))
        #expect(photos.image(at: dir + "/scans.jpg") == nil)
        #expect(photos.warnings.first?.contains("more than 64 progressive scans") == true, "\(photos.warnings)")
        #expect(photos.image(at: dir + "/few.jpg") != nil, "a progressive JPEG of a few scans is fine")
        let cmyk = try #require(photos.image(at: dir + "/cmyk.jpg"), "\(photos.warnings)")
        let pixel = try RasterImage(surface: cmyk).pixels[0]
        let (r, g, b) = (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
        #expect(abs(r - 255) < 8 && abs(g - 115) < 8 && abs(b - 51) < 8, "CMYK orange came out as \(r), \(g), \(b)")
        #expect(cairo_image_surface_get_width(cmyk.pointer) == 48 && cairo_image_surface_get_height(cmyk.pointer) == 48, "the centre square")
    }

    @Test func foldersDevicesAndProcFilesAreWarningsNotCrashes() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(atPath: dir + "/a-folder.png", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/pipe.png", 0o644) == 0)
        let photos = library(.any(root: dir + "/"))
        for path in [dir + "/a-folder.png", dir + "/pipe.png", "/proc/self/mem", "/dev/zero"] {
            #expect(photos.image(at: path) == nil)
        }
        #expect(photos.warnings.count == 4)
        #expect(photos.warnings[0].contains("a-folder.png: cannot read the image: it is a folder"))
        #expect(photos.warnings[1].contains("pipe.png: cannot read the image: it is a FIFO"), "no wait for a writer")
        #expect(photos.warnings[2].contains("/proc/self/mem: cannot read the image:"))
        #expect(photos.warnings[3].contains("it is a device"))
    }

    @Test func localPhotosStayInsideTheDataFilesFolder() throws {
        let dir = try folder()
        try FileManager.default.createDirectory(atPath: dir + "/data/img", withIntermediateDirectories: true)
        let png = try PhotoTests.avatars(in: dir + "/data/img").png
        try FileManager.default.copyItem(atPath: png, toPath: dir + "/outside.png")
        #expect(symlink(dir + "/outside.png", dir + "/data/img/link.png") == 0)
        #expect(symlink(dir, dir + "/data/up") == 0)
        // The import refuses by the text alone.
        for (path, reason) in [("/etc/passwd", "an absolute path"), ("../outside.png", "climbs out"), ("file:///etc/passwd", "a URL"),
                               ("C:\\photos\\a.png", "a drive path"), ("img/../../outside.png", "climbs out")] {
            #expect(PhotoPolicy.local.refusal(of: path)?.contains(reason) == true, "\(path)")
        }
        #expect(PhotoPolicy.local.refusal(of: "img/avatar.png") == nil)
        // The painter walks the path without following links.
        let photos = library(.local(root: dir + "/data/"))
        #expect(photos.image(at: dir + "/data/img/avatar.png") != nil)
        #expect(photos.image(at: dir + "/data/img/link.png") == nil)
        #expect(photos.image(at: dir + "/data/up/outside.png") == nil)
        #expect(photos.image(at: dir + "/data/img/missing.png") == nil)
        #expect(photos.warnings.count == 3)
        #expect(photos.warnings[0].contains("photo img/link.png: cannot read the image: a part of the path is a symbolic link"))
        #expect(photos.warnings[1].contains("photo up/outside.png: cannot read the image: a part of the path is a symbolic link"))
        #expect(photos.warnings[2].contains("photo img/missing.png: cannot read the image: no such file in the data file's folder"))
        // A missing file outside and an existing one outside read the same: nothing is told.
        let family = #"[[{"id": "a", "name": "A", "photo": "/etc/passwd"}, {"id": "b", "name": "B", "photo": "/nonexistent/x.png"}]]"#
        let graph = try TestFamilies.graph(json: family)
        let (_, warnings) = graph.applyingPhotoPolicy(.local, folder: dir + "/data/")
        #expect(warnings.map { $0.description.replacingOccurrences(of: "/etc/passwd", with: "P").replacingOccurrences(of: "/nonexistent/x.png", with: "P") }
                    .map { $0.replacingOccurrences(of: "\"a\"", with: "I").replacingOccurrences(of: "\"b\"", with: "I") }
                    .allSatisfy { $0 == "I: photo \"P\" is not used: an absolute path (--photos local takes paths inside the data file's folder)" })
    }

    @Test func imagesAreCachedByFileIdentityAndResetBetweenItems() throws {
        let dir = try folder()
        let png = try PhotoTests.avatars(in: dir).png
        #expect(link(png, dir + "/same.png") == 0)
        let photos = library(.any(root: nil))
        #expect(photos.image(at: png) != nil && photos.image(at: dir + "/same.png") != nil && photos.image(at: dir + "/./avatar.png") != nil)
        #expect(photos.decodedCount == 1, "one file, one decoding")
        photos.reset()
        #expect(photos.image(at: png) != nil)
        #expect(photos.decodedCount == 2, "a batch item never sees the previous item's images")
    }

    @Test func vectorOutputEmbedsAScaledCopyNotTheOriginal() throws {
        let dir = try folder()
        // A 1,800 × 1,200 photo of noise: about 6 MB however it is compressed.
        let surface = try CairoSurface.image(width: 1_800, height: 1_200)
        let (data, width, height, stride) = try surface.imagePixels("test")
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                (UnsafeMutableRawPointer(data) + y * stride + x * 4).storeBytes(of: seed >> 8, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        #expect(cairo_surface_write_to_png(surface.pointer, dir + "/big.png") == CAIRO_STATUS_SUCCESS)
        let scene = ChartLayout().scene(for: try TestFamilies.graph(json: #"[[{"id": "a", "name": "A", "photo": "\#(dir)/big.png"}]]"#))
        let painter = try ChartPainter(fonts: .file(FixturePaths.fontConfig))
        for format in [OutputFormat.pdf, .svg] {
            let output = dir + "/chart.\(format.rawValue)"
            try painter.write(scene, format: format, to: output)
            let size = try FileManager.default.attributesOfItem(atPath: output)[.size] as! Int
            #expect(size < 1_200_000, "\(format): \(size) bytes (the original would be several MB)")
        }
        #expect(painter.warnings.isEmpty, "\(painter.warnings)")
    }

    @Test func aDamagedPNGIsCalledCorruptNotOutOfMemory() throws {
        let dir = try folder()
        let png = try PhotoTests.avatars(in: dir).png
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: png)))
        for i in 60..<min(bytes.count - 20, 200) { bytes[i] ^= 0x5A }
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/damaged.png"))
        let photos = library(.any(root: dir + "/"))
        #expect(photos.image(at: dir + "/damaged.png") == nil)
        #expect(photos.warnings.first?.contains("damaged.png: cannot read the image: corrupt PNG") == true, "\(photos.warnings)")
    }
}
