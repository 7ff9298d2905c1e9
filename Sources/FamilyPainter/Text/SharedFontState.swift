internal import CCairo
import FamilyModel
import FoundationEssentials

/// What every painter of the process shares: fontconfig's configurations, Cairo's cache
/// of scaled fonts, and one lock around the work that touches them.
///
/// Each painter owns its Pango font map, context and layouts (Pango's rule for threads:
/// a font map per thread). Below Pango the libraries are shared by every thread:
/// - fontconfig loads its default configuration once per process; Pango 1.48 and later
///   load it on a thread of their own when the first font map is made, and a second
///   parse at the same time (another thread's `FcConfigParseAndLoad`, or fontconfig's
///   own first use) corrupts fontconfig's global state. So the default configuration is
///   loaded here, once, before any font map exists, and a configuration file is parsed
///   once per process, under `lock`, and then shared read-only.
/// - Cairo 1.16 (Debian 12's) keeps one scaled font per font, size and transformation
///   for the whole process, and its `cairo_scaled_font_destroy` drops the last
///   reference before taking the cache's lock (fixed in Cairo 1.17.4), so two threads
///   creating and releasing the same font can free it twice. Every path that creates or
///   releases scaled fonts — shaping with Pango, drawing glyphs, finishing a PDF or
///   Cairo SVG (whose font subsets make fonts of their own), font maps and contexts
///   going away — runs under `lock`, so no two threads do it at once.
/// Filling, stroking, compositing and PNG encoding run outside the lock, in parallel.
enum SharedFontState {
    /// Recursive: text work nests (fitting a label shapes it; drawing a page draws labels).
    private static let mutex = Lock(recursive: true)

    /// Takes the process-wide text lock (recursive); every `lock` is paired with an `unlock`.
    static func lock() { mutex.lock() }

    static func unlock() { mutex.unlock() }

    /// Runs `body` holding the process-wide text lock.
    static func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }

    /// fontconfig's default configuration, loaded on first use (see above).
    private static let defaultConfigurationLoaded: Bool = locked { FcInit() != 0 }

    /// Configurations read from files, by absolute path, each parsed once and kept for
    /// the life of the process (a handful at most: tests and `--font-config`).
    nonisolated(unsafe) private static var configurations: [String: OpaquePointer] = [:]  // only under the lock

    /// Loads fontconfig's default configuration if no painter has yet.
    static func prepare() {
        _ = defaultConfigurationLoaded
    }

    /// The configuration in the fontconfig file at `absolutePath` (shared: do not change
    /// it), with a reference for the caller to release with `FcConfigDestroy`; nil when
    /// the file cannot be read or names no usable fonts.
    static func configuration(file absolutePath: String) -> OpaquePointer? {
        prepare()
        return locked {
            if let known = configurations[absolutePath] { return FcConfigReference(known) }
            guard let config = FcConfigCreate() else { return nil }
            guard FcConfigParseAndLoad(config, absolutePath, 1) != 0, FcConfigBuildFonts(config) != 0 else {
                FcConfigDestroy(config)
                return nil
            }
            configurations[absolutePath] = config
            return FcConfigReference(config)
        }
    }
}
