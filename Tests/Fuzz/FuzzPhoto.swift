// Compiled into the FamilyPainter module by scripts/fuzz (it uses the decoder's internals).
internal import CCairo

/// libFuzzer entry point: any bytes given as a photo must give a small square image or a
/// typed error — never a crash, a hang or a huge allocation (the pixel, memory and scan
/// budgets hold).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPhoto(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let decoder = PhotoDecoder()
    do {
        let image = try decoder.decode(bytes, name: "<fuzz>")
        let width = Int(cairo_image_surface_get_width(image.pointer)), height = Int(cairo_image_surface_get_height(image.pointer))
        if width != height || width < 1 || width > decoder.side { fatalError("decoded to \(width) × \(height), not a square of at most \(decoder.side)") }
    } catch {
        _ = error.description
    }
    return 0
}
