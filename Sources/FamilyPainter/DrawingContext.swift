internal import CCairo

/// Owns one `cairo_t` drawing onto a surface; destroyed in `deinit`.
final class DrawingContext {
    let pointer: OpaquePointer
    /// Keeps the target alive as long as this context draws on it.
    let surface: CairoSurface

    init(surface: CairoSurface) throws(PainterError) {
        self.surface = surface
        pointer = cairo_create(surface.pointer)
        try check(cairo_status(pointer), "creating the drawing context")
    }

    /// The context lets go of its scaled font: under `SharedFontState`'s lock.
    deinit {
        SharedFontState.lock()
        cairo_destroy(pointer)
        SharedFontState.unlock()
    }

    /// Cairo errors are sticky: one check after painting catches any failure on the way.
    func checkStatus(_ operation: String) throws(PainterError) {
        try check(cairo_status(pointer), operation)
    }
}
