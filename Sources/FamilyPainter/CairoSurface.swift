internal import CCairo
internal import CImageCodecs
import FamilyModel

/// Owns one `cairo_surface_t`: an image, PDF or SVG surface. Checked once on creation
/// (Cairo returns an error object instead of NULL) and destroyed in `deinit`.
final class CairoSurface {
    let pointer: OpaquePointer
    /// The output a vector surface streams into, kept alive as long as the surface.
    private let stream: CairoStream?
    /// The memory an image drawn into a painter's kept pixels stands in, lent back in `deinit`.
    private let pixels: ImagePixelStore?

    private init(_ pointer: OpaquePointer, _ operation: String, stream: CairoStream? = nil,
                 pixels: ImagePixelStore? = nil) throws(PainterError) {
        self.pointer = pointer
        self.stream = stream
        self.pixels = pixels
        try check(cairo_surface_status(pointer), operation)
    }

    /// A PDF or SVG surface finishing here releases the scaled fonts of its font subsets:
    /// under `SharedFontState`'s lock.
    deinit {
        SharedFontState.lock()
        cairo_surface_destroy(pointer)
        SharedFontState.unlock()
        pixels?.isLent = false
    }

    /// An opaque 24-bit image of `width` × `height` pixels: in `store`'s memory when one is
    /// given and free (not zeroed: for images whose every pixel is painted, such as a page
    /// over its background), else in new memory.
    static func image(width: Int, height: Int, reusing store: ImagePixelStore? = nil) throws(PainterError) -> CairoSurface {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        guard let store, !store.isLent, stride > 0, let memory = store.memory(stride * height) else {
            return try CairoSurface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)), "creating the image")
        }
        store.isLent = true
        return try CairoSurface(cairo_image_surface_create_for_data(memory, CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride)),
                                "creating the image", pixels: store)
    }

    /// A one-page PDF of `width` × `height` points streamed into `output`.
    static func pdf(output: some ByteOutput, width: Double, height: Double) throws(PainterError) -> CairoSurface {
        let stream = CairoStream(output)
        return try CairoSurface(cairo_pdf_surface_create_for_stream(CairoStream.write, stream.closure, width, height),
                                "creating the PDF", stream: stream)
    }

    /// An SVG document of `width` × `height` points streamed into `output`.
    static func svg(output: some ByteOutput, width: Double, height: Double) throws(PainterError) -> CairoSurface {
        let stream = CairoStream(output)
        let surface = try CairoSurface(cairo_svg_surface_create_for_stream(CairoStream.write, stream.closure, width, height),
                                       "creating the SVG", stream: stream)
        cairo_svg_surface_set_document_unit(surface.pointer, CAIRO_SVG_UNIT_PT)
        return surface
    }

    /// An image decoded from PNG bytes (whose header the caller has checked).
    static func png(data: [UInt8], name: String) throws(PainterError) -> CairoSurface {
        let pointer = data.withUnsafeBufferPointer { CImageCodecs_png_surface_from_memory($0.baseAddress, $0.count)! }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            // Cairo reports a damaged file as a read error or as "out of memory"; the size was checked first.
            // "error while reading from input stream" misled: say which chunk is damaged.
            let reason = PNGChunks.firstDamaged(data).map { "corrupt PNG (\($0))" } ?? "corrupt PNG (\(String(cString: cairo_status_to_string(status))))"
            throw .unreadableImage(path: name, reason: reason)
        }
        return try CairoSurface(pointer, "loading \(name)")
    }

    /// An image decoded from JPEG bytes through libjpeg-turbo, scaled down while decoding
    /// so that no side is far above `maximumSide` pixels, within the limits given.
    static func jpeg(data: [UInt8], name: String, maximumSide: Int, maximumPixels: Int, maximumMemory: Int,
                     maximumScans: Int) throws(PainterError) -> CairoSurface {
        var message = [CChar](repeating: 0, count: 256)
        let pointer = data.withUnsafeBufferPointer {
            CImageCodecs_jpeg_surface_from_memory($0.baseAddress, $0.count, Int32(maximumSide), Double(maximumPixels), maximumMemory,
                                            Int32(maximumScans), &message, message.count)
        }
        guard let pointer else {
            let reason = String(nulTerminated: message)
            throw .unreadableImage(path: name, reason: reason.hasPrefix("too large") || reason.hasPrefix("more than")
                                   || reason.hasPrefix("unusable") ? reason : "corrupt JPEG (\(reason))")
        }
        return try CairoSurface(pointer, "loading \(name)")
    }

    /// Writes an image surface as JPEG (tests and tools).
    func writeJPEG(path: String, quality: Int = 90) throws(PainterError) {
        var message = [CChar](repeating: 0, count: 256)
        guard CImageCodecs_jpeg_write(pointer, path, Int32(quality), &message, message.count) == 0 else {
            throw .unreadableImage(path: path, reason: String(nulTerminated: message))
        }
    }

    /// The pixels of an image surface (after flushing pending drawing), or an error
    /// naming `operation` when the surface has none.
    func imagePixels(_ operation: String) throws(PainterError) -> (data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            throw .cairo(operation: operation, reason: "the surface has no pixel data")
        }
        return (data, Int(cairo_image_surface_get_width(pointer)), Int(cairo_image_surface_get_height(pointer)),
                Int(cairo_image_surface_get_stride(pointer)))
    }

    /// Sets a PDF metadata entry (title, creator, ...).
    /// Sets a PDF metadata string, cleaned as drawn text (Cairo refuses a noncharacter
    /// there as invalid UTF-8, and the document with it).
    func setPDFMetadata(_ key: cairo_pdf_metadata_t, _ value: String) {
        cairo_pdf_surface_set_metadata(pointer, key, DrawnText.cleaned(value).text)
    }

    /// Completes a vector document and reports any deferred error (e.g. a full disk).
    func finish() throws {
        cairo_surface_finish(pointer)
        if let failure = stream?.failure { throw failure }
        try check(cairo_surface_status(pointer), "finishing the document")
    }

    /// Why the stream refused bytes, if it did (Cairo itself knows only "write error").
    var streamFailure: OutputError? { stream?.failure }
}

/// Where Cairo's vector surfaces stream their bytes: a file being written
/// (`PendingOutput`) or memory (`MemoryOutput`).
protocol ByteOutput: AnyObject {
    /// The output's name, for messages.
    var path: String { get }
    func write(_ bytes: UnsafeRawPointer, count: Int) throws(OutputError)
}

extension PendingOutput: ByteOutput {}

/// Bytes gathered in memory (`ChartPainter.render`).
final class MemoryOutput: ByteOutput {
    let path = "<memory>"
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawPointer, count: Int) throws(OutputError) {
        self.bytes.append(contentsOf: UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// Hands the bytes Cairo writes to an output, remembering the first write error.
private final class CairoStream {
    let output: any ByteOutput
    var failure: OutputError?

    init(_ output: any ByteOutput) { self.output = output }

    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { closure, data, length in
        let stream = Unmanaged<CairoStream>.fromOpaque(closure!).takeUnretainedValue()
        guard stream.failure == nil else { return CAIRO_STATUS_WRITE_ERROR }
        guard let data, length > 0 else { return CAIRO_STATUS_SUCCESS }
        do {
            try stream.output.write(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        } catch {
            stream.failure = error as? OutputError ?? .cannotWrite(path: stream.output.path, reason: "\(error)")
            return CAIRO_STATUS_WRITE_ERROR
        }
    }
}

/// A PNG's chunks checked one by one, to say what is wrong with a file Cairo could not read.
enum PNGChunks {
    /// The first chunk that is cut short or fails its CRC, described; nil when all are sound.
    static func firstDamaged(_ bytes: [UInt8]) -> String? {
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let kind = String(decoding: bytes[(at + 4)..<(at + 8)].map { (0x21...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            guard length <= bytes.count - at - 12 else { return "chunk \(kind) is cut short: the file ends inside it" }
            let stored = UInt32(bytes[at + 8 + length]) << 24 | UInt32(bytes[at + 9 + length]) << 16
                | UInt32(bytes[at + 10 + length]) << 8 | UInt32(bytes[at + 11 + length])
            if CRC32.checksum(bytes[(at + 4)..<(at + 8 + length)]) != stored { return "chunk \(kind) fails its CRC check: the file is damaged" }
            if kind == "IEND" { return nil }
            at += 12 + length
        }
        return "the file ends before its IEND chunk"
    }
}

/// Memory a painter keeps for its thumbnails' pixels (one image at a time), so that a
/// batch neither allocates nor clears a new image for each.
final class ImagePixelStore {
    /// Images up to this many bytes (4 MiB: 1,024 × 1,024 pixels) are kept.
    static let largestKept = 4 << 20
    private var bytes: UnsafeMutablePointer<UInt8>?
    private var capacity = 0
    /// Whether a surface is drawing in the memory now.
    fileprivate var isLent = false

    deinit { free(bytes) }

    /// At least `count` bytes, or nil for an image larger than `largestKept`.
    fileprivate func memory(_ count: Int) -> UnsafeMutablePointer<UInt8>? {
        guard count <= Self.largestKept else { return nil }
        if let bytes, capacity >= count { return bytes }
        free(bytes)
        bytes = malloc(count)?.assumingMemoryBound(to: UInt8.self)
        capacity = bytes == nil ? 0 : count
        return bytes
    }
}
